import Foundation
@testable import TipsLanguageServer
import TipsText

/// A small catalog on disk (two files, an emoji before a name) and a lone file outside it.
struct Fixture {
    static let model = """
        enum Plan { free, pro }

        param plan: Plan = .free
        param hasSeenList: Bool = false
        param displayName: String = ""
        transient param isComposing: Bool = false

        event manualSave(kind: Plan, words: Int)

        """

    static let tips = """
        // Tips 😀 for saving
        tip ShortcutTip {
            title "Save Faster 🚀"
            rule displayName != "😀" && hasSeenList
            rule plan == .pro
            rule count(manualSave where kind == .pro within 7d) >= 3
        }

        group Saving { ShortcutTip, OtherTip }

        tip OtherTip {
            id "other"
            title "Other"
            rule !isComposing
        }

        tip NewItemTip(itemID: String) {
            id "NewItemTip-\\(itemID)"
            title "New item"
            rule hasSeenList
        }

        """

    /// The workspace folder; the catalog is `root/app`, the lone file `outside/lone.tips`.
    let root: String
    let outside: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tips-lsp-\(UUID().uuidString)").path
        root = base + "/workspace"
        outside = base + "/outside"
        try FileManager.default.createDirectory(atPath: root + "/app", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Fixture.model.write(toFile: root + "/app/model.tips", atomically: true, encoding: .utf8)
        try Fixture.tips.write(toFile: root + "/app/tips.tips", atomically: true, encoding: .utf8)
    }

    var modelURI: String { DocumentURI.uri(forPath: root + "/app/model.tips") }
    var tipsURI: String { DocumentURI.uri(forPath: root + "/app/tips.tips") }
    var rootURI: String { DocumentURI.uri(forPath: root) }
    var loneURI: String { DocumentURI.uri(forPath: outside + "/lone.tips") }

    func remove() {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: root).deletingLastPathComponent().path)
    }
}

/// Builders for the messages a client sends.
enum Message {
    static func request(_ id: Int, _ method: String, _ params: JSON) -> JSON {
        .object(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        .object(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    static func position(_ uri: String, _ line: Int, _ character: Int) -> JSON {
        .object(["textDocument": .object(["uri": .string(uri)]),
                 "position": .object(["line": .int(line), "character": .int(character)])])
    }

    static func initialize(rootURI: String, capabilities: JSON = .object([])) -> JSON {
        .object(["processId": .null, "rootUri": .string(rootURI), "capabilities": capabilities])
    }

    static func didOpen(_ uri: String, _ text: String, version: Int = 1) -> JSON {
        notification("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": "tips", "version": .int(version), "text": .string(text)])]))
    }

    static func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSON {
        .object(["start": .object(["line": .int(l1), "character": .int(c1)]),
                 "end": .object(["line": .int(l2), "character": .int(c2)])])
    }

    static func didChange(_ uri: String, version: Int, range: JSON?, text: String) -> JSON {
        var change: [(String, JSON)] = []
        if let range { change.append(("range", range)) }
        change.append(("text", .string(text)))
        return notification("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": .int(version)]),
            "contentChanges": .array([.object(change)])]))
    }
}
