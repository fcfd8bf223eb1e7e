import Foundation
import Testing
import TipsCLI
import TipsTestSupport

/// What `tipc check` makes of the files the driver's `CatalogLoader` could not read
/// (TipsDriverTests' CatalogLoaderTests cover the finding and the messages): usage errors,
/// exit 2, the message on standard error.
@Suite struct CatalogInputTests {
    @Test func aBrokenTipsLinkIsAUsageError() throws {
        let dir = try TemporaryDirectory()
        try dir.link("gone.tips", to: "nowhere.tips")
        try dir.link("gone.txt", to: "nowhere.txt")
        let run = tipc("check", dir.path)
        #expect(run.status == 2)
        #expect(run.stderr == "tipc: error: broken symbolic link: \(dir.path)/gone.tips\n")
    }

    /// TipsDriverTests' CatalogDiscoveryTests cover what the search reports.
    @Test func aLinkToTheRootOfTheDiskIsAUsageError() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app/a.tips", "event e\n")
        try FileManager.default.createDirectory(atPath: dir.path + "/sdk", withIntermediateDirectories: true)
        try dir.link("sdk/sysroot", to: "/")
        let run = tipc("check", dir.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("sdk/sysroot leads to /"))
    }

    @Test(.disabled(if: getuid() == 0, "root reads every file"))
    func anUnreadableFileIsAUsageError() throws {
        let dir = try TemporaryDirectory()
        let secret = try dir.write("secret.tips", "event e\n")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: secret)
        #expect(tipc("check", dir.path).status == 2)
    }
}
