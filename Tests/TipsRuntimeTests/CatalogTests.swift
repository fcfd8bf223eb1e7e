import Foundation
import Testing
import TipsCompile
import TipsSource
@testable import TipsRuntime

/// The real catalogs under Definitions/ load and answer.
@Suite("Real catalogs")
struct CatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func bundle(_ name: String) throws -> [UInt8] {
        let dir = root.appendingPathComponent("Definitions/\(name)")
        var sources = SourceSet()
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where file.hasSuffix(".tips") {
            sources.add(path: file, text: try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8))
        }
        let out = Compiler.compile(sources: sources)
        #expect(out.diagnostics.filter { $0.severity == .error }.isEmpty)
        return try #require(out.bytes)
    }

    @Test("Catalogs: every Definitions/ catalog opens; every tip and group answers", arguments: ["notes-app", "fitness-app", "photo-app", "shop-app", "recipe-app"])
    func opens(name: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-cat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try TipStore(bundle: try Self.bundle(name), journalURL: dir.appendingPathComponent("s.jsonl"), clock: ManualClock())
        #expect(!store.tipNames.isEmpty)
        for group in store.groupNames { _ = try store.currentTip(inGroup: TipGroupKey(group)) }
        #expect(store.reports().count <= store.tipNames.count)
        for r in store.reports() { _ = try store.content(of: r.tip) }
        _ = try store.statusUpdates(of: TipKey(store.tipNames[0]))
    }

    @Test("Catalogs: a notes-app session (ordered first steps, a transient parameter, a trigger, the daily cooldown)")
    func notesSession() throws {
        let f = try Fixture("tip Placeholder { title \"x\" }")
        let store = try f.reopen(bundle: try Self.bundle("notes-app"))
        #expect(try store.currentTip(inGroup: "FirstSteps") == "WelcomeTip")
        try store.presentationBegan("WelcomeTip")
        try store.donate(dynamic: "noteCreated", ["fromTemplate": false, "wordCount": 12])
        #expect(try store.status(of: "WelcomeTip") == .invalidated(.actionPerformed))
        try store.presentationEnded("WelcomeTip")
        try store.setParameter(dynamic: "hasHardwareKeyboard", to: true)
        for _ in 0..<3 { try store.donate(dynamic: "manualSave") }
        // WelcomeTip's first display started the daily cooldown.
        #expect(try store.status(of: "SaveShortcutTip") == .pending)
        #expect(try store.report(of: "SaveShortcutTip").heldBackByCooldown)
        f.clock.advance(days: 1)
        #expect(try store.status(of: "SaveShortcutTip") == .available)
        #expect(try store.currentTip(inGroup: "Writing") == "SaveShortcutTip")
        try store.donate(dynamic: "shortcutUsed", ["name": "save"])
        #expect(try store.status(of: "SaveShortcutTip") == .invalidated(.actionPerformed))
        let template = TipKey("NewTemplateTip", arguments: ["templateID": "t1", "templateName": "Invoice"])
        #expect(try store.content(of: template).id.contains("t1"))
    }
}
