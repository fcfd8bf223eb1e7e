import Foundation
import Testing
@testable import TipsJournal

/// The bounded search of directory trees that `tipc` and the language server share.
@Suite struct InputTreeTests {
    func make(_ dir: TempDir, _ files: [String]) throws {
        for file in files {
            let path = dir.path + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "x".write(toFile: path, atomically: false, encoding: .utf8)
        }
    }

    @Test func groupsAreTheFirstDirectoriesHoldingFilesOnTheWayDown() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try make(dir, ["a/one.tips", "a/sub/two.tips", "b/c/three.tips", "b/readme.md", ".hidden/x.tips", "d/e/f.txt"])
        let found = InputTree.groups(under: dir.path, suffix: ".tips")
        #expect(found.problems.isEmpty)
        #expect(found.groups.map(\.directory) == [dir.path + "/a", dir.path + "/b/c"])
        #expect(found.groups.map { $0.files.map(\.path) } == [[dir.path + "/a/one.tips", dir.path + "/a/sub/two.tips"],
                                                             [dir.path + "/b/c/three.tips"]])
        #expect(InputTree.group(dir.path, suffix: ".tips").groups.first?.files.count == 3)
    }

    @Test func aSearchExaminesAtMostItsLimitOfEntries() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try make(dir, (0..<30).map { "big/\($0)/f.txt" } + ["small/a.tips"])
        let limited = InputTree.groups(under: dir.path, suffix: ".tips", limits: InputTree.Limits(entries: 20, depth: 64))
        #expect(limited.problems.count == 1)
        #expect(limited.problems.first?.reason == .tooManyEntries(limit: 20))
        #expect(limited.problems.first?.description.hasPrefix("stopped searching at \(dir.path)/big") == true)
        let enough = InputTree.groups(under: dir.path, suffix: ".tips", limits: InputTree.Limits(entries: 100, depth: 64))
        #expect(enough.problems.isEmpty)
        #expect(enough.groups.map(\.directory) == [dir.path + "/small"])
    }

    @Test func aLinkLoopIsEnteredOnce() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try make(dir, ["a/b/x.tips"])
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/a/b/c", withDestinationPath: "../..")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/z", withDestinationPath: "a")
        let found = InputTree.groups(under: dir.path, suffix: ".tips")
        #expect(found.groups.map(\.directory) == [dir.path + "/a/b"])
        #expect(found.problems.map(\.reason) == [.leadsBack])
    }
}
