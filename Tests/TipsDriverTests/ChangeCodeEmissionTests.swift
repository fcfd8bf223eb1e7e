import Foundation
import Testing
import TipsBytecode
import TipsCompile
@testable import TipsDriver
import TipsSource

/// Every `tipc diff` code is reported for at least one pair of catalogs (the fixture pairs of
/// ``DiffCommandTests``, and ``triggers`` for the changes they leave out), compared in
/// process, and every code reported is registered.
@Suite struct ChangeCodeEmissionTests {
    /// The schema of a catalog of `files`, compiled in memory as `tipc diff` compiles one.
    static func schema(_ files: [(String, String)]) throws -> CatalogSchema {
        var sources = SourceSet()
        for (path, text) in files { sources.add(path: path, text: text) }
        let bytes = try #require(Compiler.compile(sources: sources).bytes)
        return CatalogSchema(try BundleLoader.load(bytes).bundle)
    }

    /// The `.tips` files of a fixture directory.
    static func files(_ directory: String) throws -> [(String, String)] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tips") }.sorted().map {
            ($0, try String(contentsOfFile: directory + "/" + $0, encoding: .utf8))
        }
    }

    /// A pair of one-file catalogs whose comparison reports `code`.
    struct Trigger: Sendable, CustomTestStringConvertible {
        var code: ChangeCode
        var old: String
        var new: String
        var testDescription: String { code.rawValue }
    }

    static let base = "param seen: Bool = false\ntip T {\n title \"T\"\n rule seen\n}\n"

    static let triggers: [Trigger] = [
        Trigger(code: .paramAdded, old: base, new: base + "param extra: Int = 0\n"),
        Trigger(code: .displayFrequencyIgnoreChanged, old: base,
                new: base.replacingOccurrences(of: " rule seen\n", with: " rule seen\n ignoresDisplayFrequency\n")),
        Trigger(code: .argumentsChanged, old: "tip R(a: String) {\n id \"R-\\(a)\"\n title \"R\"\n}\n",
                new: "tip R(a: String, b: Int) {\n id \"R-\\(a)\"\n title \"R \\(b)\"\n}\n"),
    ]

    static func codes(_ t: Trigger) throws -> [ChangeCode] {
        CatalogDiff.compare(old: try schema([("a.tips", t.old)]), new: try schema([("a.tips", t.new)])).map(\.code)
    }

    /// The codes the fixture pairs and the triggers report, computed once.
    static let emittedCodes: Result<Set<ChangeCode>, any Error> = Result {
        var codes: Set<ChangeCode> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: CatalogDiffTests.fixtures) {
            let (old, new) = CatalogDiffTests.pair(name)
            let changes = CatalogDiff.compare(old: try schema(try files(old)), new: try schema(try files(new)))
            codes.formUnion(changes.map(\.code))
        }
        for t in triggers { codes.formUnion(try Self.codes(t)) }
        return codes
    }

    @Test func everyCodeIsReported() throws {
        let emitted = try Self.emittedCodes.get()
        let missing = ChangeCode.allCases.filter { !emitted.contains($0) }
        #expect(missing.isEmpty, "no pair reports \(missing.map(\.rawValue)); add one to ChangeCodeEmissionTests.triggers")
        #expect(Set(emitted.map(\.diagnosticCode)).isSubset(of: DiagnosticCode.changeCodes))
    }

    @Test(arguments: triggers)
    func theTriggerReportsItsCode(_ t: Trigger) throws {
        let codes = try Self.codes(t)
        #expect(codes.contains(t.code), "\(codes.map(\.rawValue))")
    }
}
