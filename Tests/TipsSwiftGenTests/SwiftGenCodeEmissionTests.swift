import Testing
import TipsCheck
import TipsCompile
import TipsSource
import TipsSwiftGen

/// Every code of Swift generation is reported for at least one catalog of ``triggers``
/// (generated in memory), and every code generation reports is registered.
@Suite struct SwiftGenCodeEmissionTests {
    /// A catalog that checks and compiles but that Swift generation refuses with `code`.
    static let triggers: [(code: DiagnosticCode, source: String)] = [
        (.swiftNameCollision, "tip FavoriteTip { title \"A\" rule true }\ntip favoriteTip { title \"B\" rule true }\n"),
        (.actionIDWithoutSwiftName, "tip A { title \"A\" rule true action \"--\" { title \"x\" } }\n"),
        (.enumerationNamedLikeNamespace, "enum AppTips { a, b }\nparam p: AppTips = .a\ntip A { title \"A\" rule p == .a }\n"),
        (.nameHidesModule, "enum Foundation { a, b }\nparam p: Foundation = .a\ntip A { title \"A\" rule p == .a }\n"),
        (.nameTakenBySwiftOrRuntime, "tip Name { title \"A\" rule true }\n"),
    ]

    /// The codes generating Swift for `source` reports (none when it generates).
    static func codes(_ source: String) throws -> [String] {
        var sources = SourceSet()
        sources.add(path: "a.tips", text: source)
        let checked = Checker.check(sources)
        try #require(checked.diagnostics.errorCount == 0)
        let bytes = try #require(Compiler.compile(sources: sources).bytes)
        do {
            _ = try SwiftGenerator(model: checked.model, bundle: bytes, sources: sources).generate()
            return []
        } catch {
            return error.diagnostics.map(\.code)
        }
    }

    @Test func everyCodeIsReportedAndRegistered() throws {
        var emitted: Set<String> = []
        for t in Self.triggers {
            let codes = try Self.codes(t.source)
            #expect(codes.contains(t.code.text), "\(t.code): \(codes)")
            emitted.formUnion(codes)
        }
        let registered = Set(DiagnosticCode.swiftGenCodes.map(\.text))
        #expect(registered.subtracting(emitted).isEmpty, "no trigger reports \(registered.subtracting(emitted).sorted())")
        #expect(emitted.subtracting(registered).isEmpty, "reported but not registered: \(emitted.subtracting(registered).sorted())")
    }
}
