import Foundation
import Testing
import TipsSource
import TipsTestSupport
@testable import TipsDriver

/// W172 (issue 20 item 6): a file beside a catalog's `.tips` files whose name ends in a near
/// miss of `.tips` is left out of the catalog, and `tipc check` says so.
@Suite struct NearMissFilesTests {
    @Test(arguments: [
        ("share.tip", "share.tips"), ("share.tipss", "share.tips"), ("Share.Tips", "Share.tips"),
        ("share.TIPS", "share.tips"), ("share.tisp", "share.tips"), ("share.tps", "share.tips"),
        ("share.tips.txt", "share.tips"),
    ])
    func aNearMissNamesTheFileItMeant(_ name: String, _ meant: String) {
        #expect(NearMissFiles.meant(name) == meant)
    }

    @Test(arguments: ["share.tips", "README.md", "notes.txt", "tips", ".tip", "share.ts", "share.json", "a.tips.bak"])
    func otherNamesAreNoNearMiss(_ name: String) {
        #expect(NearMissFiles.meant(name) == nil)
    }

    @Test func checkReportsEachNearMissBesideTheCatalog() throws {
        let dir = try TemporaryDirectory()
        try dir.write("defs/main.tips", "param seen: Bool = false\ntip A {\n    title \"A\"\n    rule seen\n}\n")
        try dir.write("defs/share.tip", "tip B {\n    title \"B\"\n}\n")
        try dir.write("defs/sub/more.Tips", "")
        try dir.write("defs/sub/real.tips", "tip C {\n    title \"C\"\n    rule seen\n}\n")
        try dir.write("defs/README.md", "notes")
        let loaded = CatalogLoader.load([dir.path + "/defs"])
        #expect(loaded.failures.isEmpty)
        let check = CatalogCheck(loaded.catalogs)
        let found = check.diagnostics.filter { $0.code == "W172" }
        #expect(found.map { check.sources[$0.range.file].path } == [dir.path + "/defs/share.tip", dir.path + "/defs/sub/more.Tips"])
        #expect(found.allSatisfy { $0.severity == .warning })
        let text = DiagnosticRenderer.text(found, sources: check.sources)
        #expect(text.contains("share.tip:1:1: warning: 'share.tip' is not part of the catalog: only files ending in '.tips' are read [W172]"), "\(text)")
        #expect(text.contains("did you mean 'share.tips'?"), "\(text)")
        #expect(check.summary.warnings == 2)
        #expect(check.summary.errors == 0)
    }

    @Test func aCatalogWithoutNearMissesGetsNone() throws {
        let dir = try TemporaryDirectory()
        try dir.write("defs/main.tips", "param seen: Bool = false\ntip A {\n    title \"A\"\n    rule seen\n}\n")
        try dir.write("defs/notes.txt", "")
        let check = CatalogCheck(CatalogLoader.load([dir.path + "/defs"]).catalogs)
        #expect(check.diagnostics.isEmpty, "\(check.diagnostics.map(\.message))")
    }
}
