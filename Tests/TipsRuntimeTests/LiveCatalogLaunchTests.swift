import Foundation
import Testing
@testable import TipsRuntime
import TipsSignature

/// The adopted catalog kept beside the journal: preferred at the next launch when it still
/// verifies and is newer than the embedded one, ignored (reported, never thrown) when
/// corrupt, tampered or superseded, and rolled back by itself after unconfirmed launches.
@Suite struct LiveCatalogLaunchTests {
    typealias A = CatalogAdoptionTests

    static let embeddedText = "Save Faster"
    static let adoptedText = "Save in a Flash"

    /// A journal folder whose store adopted version `version` of the changed text.
    final class Device: @unchecked Sendable {
        let directory: URL
        let embedded: [UInt8]
        let clock = ManualClock()

        init(source: String = A.v1) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("tips-live-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            embedded = try compileBundle(source)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        var journalURL: URL { directory.appendingPathComponent("state.jsonl") }
        var catalogFile: URL { directory.appendingPathComponent("state.jsonl.catalog") }

        func live(embeddedVersion: UInt64 = 1, keys: [String: Ed25519.PublicKey] = A.trusted, max: Int = 3) -> LiveCatalog {
            LiveCatalog(catalog: "notes", embeddedVersion: embeddedVersion, trustedKeys: keys, maxUnconfirmedLaunches: max)
        }

        func open(_ live: LiveCatalog? = nil) throws -> TipStore {
            try TipStore(bundle: embedded, journalURL: journalURL, live: live ?? self.live(), clock: clock, durability: .synced)
        }

        /// Opens, adopts version `version` (changed text), closes.
        func adopt(version: UInt64 = 2) throws {
            let store = try open()
            try store.adopt(try A.update(A.v1.replacingOccurrences(of: embeddedText, with: adoptedText), version: version,
                                         running: store.liveManifest?.version ?? 1))
            try store.close()
        }

        /// Opens, reads the title and what the launch was, closes (without confirming).
        func launch(_ live: LiveCatalog? = nil, confirm: Bool = false) throws -> (title: TipText, launch: LiveCatalogLaunch) {
            let store = try open(live)
            let title = try store.content(of: "ShortcutTip").title
            if confirm { store.markLaunchSucceeded() }
            try store.close()
            return (title, store.liveCatalogLaunch)
        }
    }

    @Test func theAdoptedCatalogIsPreferredAtTheNextLaunch() throws {
        let d = try Device()
        #expect(try d.launch().launch == .embedded)
        try d.adopt()
        let next = try d.launch(confirm: true)
        #expect(next.title == .plain(Self.adoptedText))
        #expect(next.launch == .adopted(version: 2, launch: 1))
        // A store opened without a live catalog runs what it is given.
        let plain = try TipStore(bundle: d.embedded, journalURL: d.journalURL, clock: d.clock)
        #expect(try plain.content(of: "ShortcutTip").title == .plain(Self.embeddedText))
        try plain.close()
    }

    @Test func aNewerEmbeddedCatalogWins() throws {
        let d = try Device()
        try d.adopt(version: 2)
        let next = try d.launch(d.live(embeddedVersion: 2))
        #expect(next.title == .plain(Self.embeddedText))
        guard case .ignored(let why) = next.launch else { Issue.record("\(next.launch)"); return }
        #expect(why.hasPrefix("notNewer"))
        #expect(!FileManager.default.fileExists(atPath: d.catalogFile.path))
    }

    /// A stored copy changed on disk in any way is ignored with its reason, never a crash
    /// or a throw: every byte flip of the manifest's length, the manifest and the bundle,
    /// truncations, an untrusted key.
    @Test func aCorruptOrTamperedStoredCatalogIsIgnored() throws {
        let d = try Device()
        try d.adopt()
        let good = try [UInt8](Data(contentsOf: d.catalogFile))
        var damaged: [(String, [UInt8])] = [("empty", []), ("header only", Array(good.prefix(23))),
                                             ("truncated", Array(good.dropLast(5))), ("padded", good + [0])]
        for offset in stride(from: 0, to: good.count, by: max(1, good.count / 40)) {
            var copy = good
            copy[offset] ^= 0x20
            damaged.append(("byte \(offset) changed", copy))
        }
        for (what, bytes) in damaged {
            try Data(bytes).write(to: d.catalogFile)
            let next = try d.launch()
            // A flip in the manifest's JSON whitespace or key order can still verify: then
            // it is the same catalog, adopted.
            if case .adopted = next.launch {
                #expect(next.title == .plain(Self.adoptedText), "\(what)")
                try Data(good).write(to: d.catalogFile)
                continue
            }
            guard case .ignored = next.launch else { Issue.record("\(what): \(next.launch)"); continue }
            #expect(next.title == .plain(Self.embeddedText), "\(what)")
            #expect(!FileManager.default.fileExists(atPath: d.catalogFile.path), "\(what)")
        }
        try Data(good).write(to: d.catalogFile)
        let other = try Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 9, count: 32))
        let rotated = try d.launch(d.live(keys: ["adopt-2": other.publicKey]))
        guard case .ignored(let why) = rotated.launch else { Issue.record("\(rotated.launch)"); return }
        #expect(why.hasPrefix("untrustedKey"))
    }

    @Test func unconfirmedLaunchesRollBackToTheEmbeddedCatalog() throws {
        let d = try Device()
        try d.adopt()
        for n in 1...3 {
            let next = try d.launch()
            #expect(next.launch == .adopted(version: 2, launch: n))
            #expect(next.title == .plain(Self.adoptedText))
        }
        let fallback = try d.launch()
        #expect(fallback.launch == .rolledBack(version: 2, launches: 3))
        #expect(fallback.title == .plain(Self.embeddedText))
        #expect(try d.launch().launch == .embedded)
        // The version that failed is not adopted again; a newer one is.
        let store = try d.open()
        let again = try A.update(A.v1.replacingOccurrences(of: Self.embeddedText, with: Self.adoptedText), version: 2)
        var kind: CatalogAdoptionError.Kind?
        do throws(CatalogAdoptionError) { try store.adopt(again) } catch { kind = error.kind }
        #expect(kind == .rolledBack)
        #expect(try store.content(of: "ShortcutTip").title == .plain(Self.embeddedText))
        try store.adopt(try A.update(A.v1.replacingOccurrences(of: Self.embeddedText, with: "Fixed"), version: 3))
        #expect(try store.content(of: "ShortcutTip").title == .plain("Fixed"))
        try store.close()
    }

    @Test func confirmedLaunchesNeverRollBack() throws {
        let d = try Device()
        try d.adopt()
        for _ in 1...5 {
            #expect(try d.launch(d.live(max: 2), confirm: true).launch == .adopted(version: 2, launch: 1))
        }
    }
}
