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
        Trigger(code: .priorityChanged, old: base, new: base.replacingOccurrences(of: " rule seen\n", with: " rule seen\n priority 5\n")),
        Trigger(code: .displayBudgetIgnoreChanged, old: base,
                new: base.replacingOccurrences(of: " rule seen\n", with: " rule seen\n ignoresDisplayBudget\n")),
        Trigger(code: .displayBudgetChanged, old: base, new: "config {\n displayBudget 2 per day\n}\n" + base),
        Trigger(code: .renewalChanged, old: base,
                new: base.replacingOccurrences(of: " rule seen\n", with: " rule seen\n resetEligibility after 60d\n")),
        Trigger(code: .renewalChanged, old: base.replacingOccurrences(of: " rule seen\n", with: " rule seen\n resetEligibility after 60d\n"),
                new: base.replacingOccurrences(of: " rule seen\n", with: " rule seen\n resetEligibility after 30d\n")),
        Trigger(code: .displayBudgetChanged, old: "config {\n displayBudget 2 per launch\n}\n" + base,
                new: "config {\n displayBudget 3 per launch\n}\n" + base),
        Trigger(code: .groupTogetherChanged, old: base + "tip V {\n title \"V\"\n rule seen\n}\ngroup G { T, V }\n",
                new: base + "tip V {\n title \"V\"\n rule seen\n}\ngroup G together { T, V }\n"),
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

/// The budget changes' wording, and that `together` alone is not a D150.
@Suite struct BudgetChangeTests {
    static func changes(_ old: String, _ new: String) throws -> [CatalogChange] {
        CatalogDiff.compare(old: try ChangeCodeEmissionTests.schema([("a.tips", old)]),
                            new: try ChangeCodeEmissionTests.schema([("a.tips", new)]))
    }

    static let base = ChangeCodeEmissionTests.base + "tip V {\n title \"V\"\n rule seen\n}\n"

    @Test func aBudgetChangeSaysOldAndNew() throws {
        let c = try Self.changes("config {\n displayBudget 1 per day\n}\n" + Self.base, Self.base)
        #expect(c.map(\.code) == [.displayBudgetChanged])
        #expect(c.first?.message == "display budget per day changed from 1 per day to none; it applies at once: which tips show, "
                + "and how many a day, may change")
        #expect(c.first?.severity == .note)
    }

    @Test func togetherAloneIsNotAGroupChange() throws {
        let c = try Self.changes(Self.base + "group G ordered { T, V }\n", Self.base + "group G ordered together { T, V }\n")
        #expect(c.map(\.code) == [.groupTogetherChanged])
        #expect(c.first?.message == "group 'G' now flows as one unit ('together')")
    }

    @Test func priorityAndExemptionAreReportedPerTip() throws {
        let c = try Self.changes(
            "config {\n displayBudget 1 per day\n}\n" + Self.base.replacingOccurrences(of: "title \"V\"\n", with: "title \"V\"\n priority 4\n"),
            "config {\n displayBudget 1 per day\n}\n" + Self.base.replacingOccurrences(of: "title \"V\"\n", with: "title \"V\"\n ignoresDisplayBudget\n"))
        #expect(c.map(\.code) == [.priorityChanged, .displayBudgetIgnoreChanged])
        #expect(c.first?.message == "priority of 'V' changed from 4 to 0: which tip takes a display budget's places first may change")
    }
}
