import Foundation
import Testing
@testable import TipsDriver

/// The one search for catalogs (`CatalogSearch`, under `CatalogLoader`, the language server
/// and tips-demo): links are followed only inside the directory searched, and every
/// directory is entered once, so a link to `/` or to a parent cannot make it walk the file
/// system.
@Suite struct CatalogSearchTests {
    /// `sysroot -> /` in a catalog: reported, not followed, and the catalog's own file found.
    @Test func aLinkToTheRootIsNotFollowed() throws {
        let dir = try TemporaryDirectory()
        let a = try dir.write("app/a.tips", "event e\n")
        try dir.write("app/sdk/README.md", "")
        try dir.link("app/sdk/sysroot", to: "/")
        let result = CatalogLoader.load([dir.path + "/app"])
        #expect(result.files.map(\.path) == [a])
        #expect(result.failures.map(\.message) == [
            "not following symbolic link \(dir.path)/app/sdk/sysroot: it leads to /, outside \(dir.path)/app",
        ])
    }

    /// A link up to the searched directory's parent (which holds it) or beside it: the search
    /// stays in the directory named.
    @Test func linksOutOfTheSearchedDirectoryAreNotFollowed() throws {
        let dir = try TemporaryDirectory()
        let real = RealPath.real(dir.path)
        try dir.write("outside/b.tips", "event b\n")
        let a = try dir.write("root/a.tips", "event a\n")
        try dir.link("root/up", to: "..")
        try dir.link("root/shared", to: "../outside")
        let result = CatalogLoader.load([dir.path + "/root"])
        #expect(result.files.map(\.path) == [a])
        #expect(result.failures.map(\.message) == [
            "not following symbolic link \(dir.path)/root/shared: it leads to \(real)/outside, outside \(dir.path)/root",
            "not following symbolic link \(dir.path)/root/up: it leads to \(real), outside \(dir.path)/root",
        ])
        // The same in a folder of catalogs: the folder named is the limit.
        let folder = CatalogSearch.catalogs(under: dir.path + "/root")
        #expect(folder.catalogs.map(\.directory) == [dir.path + "/root"])
        #expect(folder.problems.count == 2)
    }

    /// Links inside the searched directory are followed, each directory entered once: what is
    /// below it is taken once and its problems are reported once.
    @Test func aDirectoryReachedTwiceIsSearchedOnce() throws {
        let dir = try TemporaryDirectory()
        try dir.write("root/real/x.tips", "event x\n")
        try dir.link("root/real/gone.tips", to: "nowhere.tips")
        try dir.link("root/l1", to: "real")
        try dir.link("root/l2", to: "real")
        let result = CatalogLoader.load([dir.path + "/root"])
        #expect(result.files.map(\.path) == [dir.path + "/root/l1/x.tips"])
        #expect(result.files.first?.text == "event x\n")
        #expect(result.failures.map(\.message) == ["broken symbolic link: \(dir.path)/root/l1/gone.tips"])
    }

    /// The language server's questions get the same answers from the same search.
    @Test func filesBelowAndCatalogsUnderAgreeWithTheLoader() throws {
        let dir = try TemporaryDirectory()
        try dir.write("ws/one/a.tips", "")
        try dir.write("ws/one/sub/b.tips", "")
        try dir.write("ws/two/deep/c.tips", "")
        try dir.write("ws/outside/d.tips", "")
        try dir.link("ws/two/escape", to: "/")
        let ws = dir.path + "/ws"
        let search = CatalogSearch.catalogs(under: ws)
        let loaded = CatalogLoader.load([ws])
        #expect(search.catalogs.map(\.files) == loaded.catalogs.map { $0.files.map(\.path) })
        #expect(search.problems == loaded.failures.map(\.message))
        #expect(CatalogSearch.files(below: ws + "/one").files == [ws + "/one/a.tips", ws + "/one/sub/b.tips"])
        #expect(CatalogSearch.holdsTips(ws + "/one"))
        #expect(!CatalogSearch.holdsTips(ws + "/two"))
    }
}

/// Paths as the kernel resolves them (the temporary directory may be behind a link).
enum RealPath {
    static func real(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
