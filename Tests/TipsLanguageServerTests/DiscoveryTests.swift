import Foundation
import Testing
@testable import TipsLanguageServer
import TipsText

/// Hostile workspaces (issue 19): a symbolic link loop, a link to `/` (an SDK's `sysroot`),
/// `/proc` as a workspace folder and a very deep tree. Before, `workspace/symbol` followed
/// links without remembering folders it had seen (no answer within 150 s on a link to `/`,
/// over 20 minutes on `/proc`); now each is answered with the catalog's symbols after a
/// bounded search, and what was not searched is said in the client's log.
@Suite struct DiscoveryTests {
    /// A workspace folder holding the fixture's catalog in `app/`, plus whatever `setUp` adds.
    func symbols(extraFolders: [String] = [], _ setUp: (String) throws -> Void) throws -> (names: Set<String>, log: [String]) {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try setUp(fixture.root)
        var h = Harness()
        let folders = ([fixture.root] + extraFolders).map { JSON.object(["uri": .string(DocumentURI.uri(forPath: $0)), "name": "w"]) }
        _ = h.request("initialize", .object(["processId": .null, "workspaceFolders": .array(folders), "capabilities": .object([])]))
        h.notify(Message.notification("initialized", .object([])))
        let found = h.result("workspace/symbol", .object(["query": ""]))?.array ?? []
        let log = h.notifications.filter { $0["method"]?.string == "window/logMessage" }.compactMap { $0["params"]?["message"]?.string }
        return (Set(found.compactMap { $0["name"]?.string }), log)
    }

    static let catalogNames: Set<String> = ["ShortcutTip", "OtherTip", "manualSave", "plan"]

    @Test func aLinkLoopIsReportedNotFollowed() throws {
        let (names, log) = try symbols { root in
            let fm = FileManager.default
            try fm.createSymbolicLink(atPath: root + "/app/back", withDestinationPath: "..")
            try fm.createSymbolicLink(atPath: root + "/again", withDestinationPath: root)
            try fm.createSymbolicLink(atPath: root + "/self", withDestinationPath: "self")
        }
        #expect(names.isSuperset(of: Self.catalogNames))
        #expect(log.contains { $0.contains("symbolic link loop") && $0.contains("/app/back") }, "\(log)")
    }

    @Test func aLinkToTheRootOfTheDiskIsNotSearched() throws {
        let (names, log) = try symbols { root in
            try FileManager.default.createDirectory(atPath: root + "/sdk", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: root + "/sdk/sysroot", withDestinationPath: "/")
        }
        #expect(names.isSuperset(of: Self.catalogNames))
        #expect(log.contains { $0.contains("sdk/sysroot leads to /, which holds the directory being searched") }, "\(log)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
    func procAsAWorkspaceFolderIsNotSearched() throws {
        let (names, log) = try symbols(extraFolders: ["/proc"]) { root in
            // And a link into it from the workspace.
            try FileManager.default.createSymbolicLink(atPath: root + "/kernel", withDestinationPath: "/proc/self")
        }
        #expect(names.isSuperset(of: Self.catalogNames))
        #expect(log.contains { $0.contains("not searching /proc: it is a proc file system") }, "\(log)")
    }

    @Test func aVeryDeepTreeIsCutOff() throws {
        let (names, log) = try symbols { root in
            var path = root + "/deep"
            for _ in 0..<100 { path += "/d" }
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try "tip TooDeep { title \"t\" }\n".write(toFile: path + "/x.tips", atomically: true, encoding: .utf8)
        }
        #expect(names.isSuperset(of: Self.catalogNames))
        #expect(!names.contains("TooDeep"))
        #expect(log.contains { $0.contains("directories deep") }, "\(log)")
    }

    @Test func aCatalogBehindALinkInsideTheWorkspaceIsFound() throws {
        let (names, log) = try symbols { root in
            try FileManager.default.createDirectory(atPath: root + "/shared/more", withIntermediateDirectories: true)
            try "event linked\n".write(toFile: root + "/shared/more/linked.tips", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: root + "/alias", withDestinationPath: root + "/shared")
        }
        #expect(names.contains("linked"))
        #expect(log.isEmpty, "\(log)")
    }
}
