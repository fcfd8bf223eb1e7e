import Foundation
import Testing
@testable import TipsLanguageServer

/// The language server finds a workspace's catalogs with `tipc`'s search (the driver's
/// `CatalogSearch`): a link to `/` or out of the folder is not followed, and a directory
/// reached through two links gives its files once.
@Suite("Language server: finding catalogs on disk")
struct CatalogFilesSearchTests {
    @Test("links out of the folder are not followed; files reached twice are listed once")
    func linksStayInside() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-lsp-search-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        for folder in ["ws/notes/real", "outside"] {
            try fm.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
        }
        #expect(fm.createFile(atPath: dir + "/ws/notes/a.tips", contents: Data()))
        #expect(fm.createFile(atPath: dir + "/ws/notes/real/b.tips", contents: Data()))
        #expect(fm.createFile(atPath: dir + "/outside/c.tips", contents: Data()))
        try fm.createSymbolicLink(atPath: dir + "/ws/notes/again", withDestinationPath: "real")
        try fm.createSymbolicLink(atPath: dir + "/ws/notes/sysroot", withDestinationPath: "/")
        try fm.createSymbolicLink(atPath: dir + "/ws/notes/shared", withDestinationPath: dir + "/outside")
        try fm.createSymbolicLink(atPath: dir + "/ws/elsewhere", withDestinationPath: dir + "/outside")

        let notes = dir + "/ws/notes"
        #expect(CatalogFiles.tipsFiles(below: notes) == [notes + "/a.tips", notes + "/again/b.tips"])
        #expect(CatalogFiles.catalogDirectories(under: dir + "/ws") == [notes])
        #expect(CatalogFiles.directoryHoldsTips(notes))
        #expect(!CatalogFiles.directoryHoldsTips(dir + "/ws"))
    }
}
