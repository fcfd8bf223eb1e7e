import Foundation
import Testing
import TipsBytecode
import TipsCompile
import TipsDriver
import TipsSource

/// `CatalogDiff` and `CatalogSchema` called directly, on the fixture pairs of `tipc diff`'s
/// tests (Tests/TipsCLITests/Fixtures/diff/CASE/{old,new}).
@Suite struct CatalogDiffTests {
    static let fixtures = (#filePath as NSString).deletingLastPathComponent + "/../TipsCLITests/Fixtures/diff"

    static func pair(_ name: String) -> (old: String, new: String) {
        (fixtures + "/" + name + "/old", fixtures + "/" + name + "/new")
    }

    /// Without explanations in the bundle, rules are compared by their symbolic code: the
    /// same source gives equal schemas, a changed constant is still a change.
    @Test func rulesWithoutExplanations() throws {
        func schema(_ path: String) throws -> CatalogSchema {
            let loaded = CatalogLoader.load([path])
            let sources = try #require(loaded.catalogs.first)
            var options = CompileOptions()
            options.explain = false
            let bytes = try #require(Compiler.compile(sources: sources, options: options).bytes)
            let bundle = try BundleLoader.load(bytes).bundle
            #expect(bundle.explain.isEmpty)
            return CatalogSchema(bundle)
        }
        let (old, new) = Self.pair("rule-changed")
        let a = try schema(old)
        #expect(CatalogDiff.compare(old: a, new: try schema(old)).isEmpty)
        #expect(CatalogDiff.compare(old: a, new: try schema(new)).map(\.code) == [.rulesChanged])
    }

    /// Declared renames are applied to old rules as whole words, never inside strings.
    @Test func renamesRewriteWholeWordsOnly() {
        let map = ["saved": "stored", "seen": "hasSeen"]
        #expect(CatalogDiff.replacingWords(in: "count(saved within 7d) >= 3 && seen", map)
                == "count(stored within 7d) >= 3 && hasSeen")
        #expect(CatalogDiff.replacingWords(in: "savedAll && title == \"saved \\\" seen\" && seen2", map)
                == "savedAll && title == \"saved \\\" seen\" && seen2")
    }
}
