import Foundation
import Testing
import TipsTestSupport
@testable import TipsDriver

/// `CatalogLoader` (what `tipc check DIR` reads) on hostile trees (issue 19): the search
/// shared with the language server (`InputTree`) enters each directory once, reports links
/// back to or above the directory being searched instead of following them, does not enter
/// `/proc`, and stops at depth and entry bounds, so each of these answers after a bounded
/// search.
@Suite struct CatalogDiscoveryTests {
    @Test func aLinkToTheRootOfTheDiskIsReportedNotFollowed() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app/a.tips", "event e\n")
        try FileManager.default.createDirectory(atPath: dir.path + "/sdk", withIntermediateDirectories: true)
        try dir.link("sdk/sysroot", to: "/")
        let result = CatalogLoader.load([dir.path])
        #expect(result.failures.map(\.message) == [
            "symbolic link loop: \(dir.path)/sdk/sysroot leads to /, which holds the directory being searched",
        ])
        #expect(result.files.map(\.path) == [dir.path + "/app/a.tips"])
    }

    @Test func aLinkToAParentIsALoopToo() throws {
        let dir = try TemporaryDirectory()
        try dir.write("defs/app/a.tips", "event e\n")
        try dir.link("defs/up", to: "../..")
        let result = CatalogLoader.load([dir.path + "/defs"])
        #expect(result.failures.count == 1)
        #expect(result.failures.first?.message.hasPrefix("symbolic link loop: \(dir.path)/defs/up leads to ") == true)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
    func procIsNotSearched() throws {
        #expect(CatalogLoader.load(["/proc"]).failures.map(\.message) == [
            "not searching /proc: it is a proc file system (the kernel's data, not files)",
        ])
        let dir = try TemporaryDirectory()
        try dir.write("app/a.tips", "event e\n")
        try dir.link("kernel", to: "/proc/self/fd")
        let result = CatalogLoader.load([dir.path])
        #expect(result.failures.map(\.message) == [
            "not searching \(dir.path)/kernel: it is a proc file system (the kernel's data, not files)",
        ])
        #expect(result.files.count == 1)
    }

    @Test func aVeryDeepTreeIsCutOffWhereItIsTooDeep() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app/a.tips", "event e\n")
        let deep = Array(repeating: "d", count: 100).joined(separator: "/")
        try dir.write("app/" + deep + "/b.tips", "event f\n")
        let result = CatalogLoader.load([dir.path])
        let cut = dir.path + "/app/" + Array(repeating: "d", count: 64).joined(separator: "/")
        #expect(result.failures.map(\.message) == ["not searching below \(cut): more than 64 directories deep"])
    }

    @Test func twoLinksToOneDirectoryReadItOnce() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app/shared/a.tips", "event e\n")
        try dir.link("app/one", to: "shared")
        try dir.link("app/two", to: "shared")
        let result = CatalogLoader.load([dir.path])
        #expect(result.failures.isEmpty)
        #expect(result.files.map(\.path) == [dir.path + "/app/one/a.tips"])
    }
}
