import Foundation
import Testing
import TipsTestSupport
@testable import TipsDriver

@Suite struct CatalogLoaderTests {
    @Test func directoriesAreSearchedRecursivelyInSortedOrder() throws {
        let dir = try TemporaryDirectory()
        try dir.write("b.tips", "")
        try dir.write("a/z.tips", "")
        try dir.write("a/b/c.tips", "")
        try dir.write("B.tips", "")
        try dir.write("notes.txt", "")
        try dir.write(".hidden/x.tips", "")
        try dir.write("a/.build/y.tips", "")
        let result = CatalogLoader.load([dir.path])
        #expect(result.failures.isEmpty)
        #expect(result.files.map(\.path) == ["B.tips", "a/b/c.tips", "a/z.tips", "b.tips"].map { dir.path + "/" + $0 })
    }

    @Test func aFolderWithoutTipsFilesIsAFolderOfCatalogs() throws {
        let dir = try TemporaryDirectory()
        try dir.write("Definitions/notes-app/a.tips", "")
        try dir.write("Definitions/notes-app/sub/b.tips", "")
        try dir.write("Definitions/more/shop-app/c.tips", "")
        try dir.write("Definitions/README.md", "")
        try dir.write("loose.tips", "")
        let root = dir.path + "/Definitions"
        let result = CatalogLoader.load([root, dir.path + "/loose.tips"])
        #expect(result.failures.isEmpty)
        #expect(result.catalogs.map { $0.files.map(\.path) } == [
            [root + "/more/shop-app/c.tips"],
            [root + "/notes-app/a.tips", root + "/notes-app/sub/b.tips"],
            [dir.path + "/loose.tips"],
        ])
    }

    @Test func explicitFilesFormOneCatalog() throws {
        let dir = try TemporaryDirectory()
        let a = try dir.write("x/a.tips", "")
        let b = try dir.write("y/b.tips", "")
        try dir.write("z/c.tips", "")
        let result = CatalogLoader.load([a, dir.path + "/z", b])
        #expect(result.catalogs.map { $0.files.map(\.path) } == [[a, b], [dir.path + "/z/c.tips"]])
    }

    @Test func explicitFilesAreTakenWhateverTheirNameAndReadOnce() throws {
        let dir = try TemporaryDirectory()
        let text = try dir.write("catalog.txt", "event e\n")
        let tips = try dir.write("x.tips", "")
        try dir.link("alias.tips", to: tips)
        let result = CatalogLoader.load([text, tips, dir.path + "/alias.tips", dir.path])
        #expect(result.failures.isEmpty)
        #expect(result.files.map(\.path) == [text, tips])
        #expect(result.files[0].text == "event e\n")
    }

    @Test func currentDirectoryPathsHaveNoDotPrefix() {
        #expect(CatalogLoader.join(".", "a.tips") == "a.tips")
        #expect(CatalogLoader.join("Defs/", "a.tips") == "Defs/a.tips")
        #expect(CatalogLoader.join("Defs", "a.tips") == "Defs/a.tips")
    }

    @Test func symbolicLinkLoopsAreReported() throws {
        let dir = try TemporaryDirectory()
        try dir.write("a/x.tips", "")
        try dir.link("a/back", to: "..")
        try dir.link("self.tips", to: "self.tips")
        let result = CatalogLoader.load([dir.path])
        #expect(result.failures.map(\.message) == [
            "symbolic link loop: \(dir.path)/a/back leads back to a directory being searched",
            "symbolic link loop: \(dir.path)/self.tips",
        ])
    }

    @Test func brokenLinksMatterOnlyForTipsFiles() throws {
        let dir = try TemporaryDirectory()
        try dir.link("gone.tips", to: "nowhere.tips")
        try dir.link("gone.txt", to: "nowhere.txt")
        let result = CatalogLoader.load([dir.path])
        #expect(result.failures.map(\.message) == ["broken symbolic link: \(dir.path)/gone.tips"])
    }

    @Test(.disabled(if: getuid() == 0, "root reads every file"))
    func unreadableFilesAreReported() throws {
        let dir = try TemporaryDirectory()
        let secret = try dir.write("secret.tips", "event e\n")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: secret)
        let result = CatalogLoader.load([dir.path])
        #expect(result.failures.map(\.message) == ["cannot read \(secret): Permission denied"])
    }

    @Test func missingPathsAreAllReported() throws {
        let dir = try TemporaryDirectory()
        let result = CatalogLoader.load([dir.path + "/one", dir.path + "/two"])
        #expect(result.failures.map(\.message) == [
            "no such file or directory: \(dir.path)/one",
            "no such file or directory: \(dir.path)/two",
        ])
    }
}
