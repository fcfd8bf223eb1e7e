import Testing
import TipsBytecode
import TipsCompile
import TipsSource
@testable import TipsDriver

/// `tipc diff` sees `when` conditions: a changed message condition is D161, a changed action
/// condition D146, and the same catalog compares equal.
@Suite struct ConditionDiffTests {
    static func schema(_ text: String) throws -> CatalogSchema {
        var sources = SourceSet()
        sources.add(path: "a.tips", text: "param isPro: Bool = false\n" + text)
        let bytes = try #require(Compiler.compile(sources: sources).bytes)
        return CatalogSchema(try BundleLoader.load(bytes).bundle)
    }

    static let base = "tip T {\n title \"T\"\n message \"m\" when platform == macOS\n action \"a\" when isPro { title \"A\" }\n}\n"

    @Test func conditionsAreRenderedAndCompared() throws {
        let old = try Self.schema(Self.base)
        #expect(old.tips[0].messageCondition == "platform in [macOS]")
        #expect(old.tips[0].actions[0].condition != nil)
        #expect(CatalogDiff.compare(old: old, new: try Self.schema(Self.base)).isEmpty)
        let message = try Self.schema(Self.base.replacingOccurrences(of: "== macOS", with: "!= watchOS"))
        let changes = CatalogDiff.compare(old: old, new: message)
        #expect(changes.map(\.code) == [.messageChanged])
        #expect(changes.first?.new == "\"m\" when platform in [iOS, iPadOS, macOS, tvOS, visionOS]")
        let action = try Self.schema(Self.base.replacingOccurrences(of: "when isPro", with: "when !isPro"))
        #expect(CatalogDiff.compare(old: old, new: action).map(\.code) == [.actionsChanged])
    }
}
