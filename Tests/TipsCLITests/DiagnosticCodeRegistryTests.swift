import Foundation
import Testing
import TipsCheck
import TipsCLI
import TipsCompile
import TipsDriver
import TipsPreview
import TipsScenario
import TipsSource
import TipsSwiftGen
import TipsSyntax

/// The registries of diagnostic codes (``DiagnosticCode/all``) against the docs and the
/// sources: every registered code has a section in `Docs/diagnostics.md` (`D` codes in
/// `Docs/diff.md`), under its pass's heading, and every documented code is registered; and a
/// code's text is written only where it is declared, so every call site names it.
@Suite struct DiagnosticCodeRegistryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Each pass's registry and the `## ` heading of the doc that documents its codes.
    static let passes: [(doc: String, section: String, codes: [DiagnosticCode])] = [
        ("Docs/diagnostics.md", "Syntax errors", DiagnosticCode.syntaxCodes),
        ("Docs/diagnostics.md", "Checker errors", DiagnosticCode.checkerCodes),
        ("Docs/diagnostics.md", "Swift generation errors", DiagnosticCode.swiftGenCodes),
        ("Docs/diagnostics.md", "Compiler errors", DiagnosticCode.compilerCodes),
        ("Docs/diagnostics.md", "Lint warnings", DiagnosticCode.lintCodes),
        ("Docs/diagnostics.md", "Translation diagnostics", DiagnosticCode.translationCodes),
        ("Docs/diagnostics.md", "Preview diagnostics", DiagnosticCode.previewCodes),
        ("Docs/diagnostics.md", "Scenario diagnostics", DiagnosticCode.scenarioCodes),
        ("Docs/diagnostics.md", "Publishing errors", DiagnosticCode.publishCodes),
        ("Docs/diff.md", "Codes", DiagnosticCode.changeCodes),
    ]

    /// The codes of a doc's `### CODE` and `### CODE: title` headings, each with the `## `
    /// heading above it (its text up to a parenthesis).
    static func documented(_ doc: String) throws -> [(section: String, code: String)] {
        let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
        var section = ""
        var out: [(String, String)] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            if fenced { continue }
            if line.hasPrefix("## ") {
                section = String(line.dropFirst(3).prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("### ") {
                let heading = line.dropFirst(4)
                let code = String(heading.prefix(4))
                let rest = heading.dropFirst(4)
                if DiagnosticCode(parsing: code) != nil, rest.isEmpty || rest.hasPrefix(": ") { out.append((section, code)) }
            }
        }
        return out
    }

    @Test func everyCodeIsRegisteredOnce() {
        let all = DiagnosticCode.all
        #expect(all.count > 150)
        #expect(Set(all).count == all.count,
                "registered twice: \(Dictionary(grouping: all, by: \.self).filter { $0.value.count > 1 }.keys.map(\.text).sorted())")
        #expect(all.count == Self.passes.reduce(0) { $0 + $1.codes.count })
    }

    /// Letters say who reports a code; each registry lists its codes in number order.
    @Test func familiesAndOrder() {
        for pass in Self.passes {
            // Errors first (the checker's warnings follow its errors), then by number.
            let key = { (c: DiagnosticCode) in (c.family == .error ? 0 : 1, c.number) }
            #expect(pass.codes == pass.codes.sorted { key($0) < key($1) }, "\(pass.section): not in order")
        }
        #expect(DiagnosticCode.syntaxCodes.allSatisfy { $0.family == .error && (100..<200).contains($0.number) })
        #expect(DiagnosticCode.checkerCodes.allSatisfy {
            $0.family == .error ? (200..<500).contains($0.number) : $0.family == .warning && (150..<160).contains($0.number)
        })
        #expect(DiagnosticCode.swiftGenCodes.allSatisfy { $0.family == .error && (800..<900).contains($0.number) })
        #expect(DiagnosticCode.compilerCodes.allSatisfy { $0.family == .error && (900..<1000).contains($0.number) })
        #expect(DiagnosticCode.lintCodes.allSatisfy { $0.family == .warning && (100..<200).contains($0.number) })
        #expect(DiagnosticCode.scenarioCodes.allSatisfy { $0.family == .scenario })
        #expect(DiagnosticCode.translationCodes.allSatisfy { (600..<700).contains($0.number) && ($0.family == .error || $0.family == .warning) })
        #expect(DiagnosticCode.previewCodes.allSatisfy { (500..<600).contains($0.number) && ($0.family == .error || $0.family == .warning) })
        #expect(DiagnosticCode.changeCodes.allSatisfy { $0.family == .change })
        #expect(DiagnosticCode.publishCodes.allSatisfy { (700..<800).contains($0.number) && ($0.family == .error || $0.family == .warning) })
    }

    /// The documented codes of each pass's section are its registry, in the same order.
    @Test func everyRegisteredCodeIsDocumentedAndEveryDocumentedCodeIsRegistered() throws {
        var documented: Set<String> = []
        for doc in Set(Self.passes.map(\.doc)) {
            let headings = try Self.documented(doc)
            #expect(!headings.isEmpty, "no code headings in \(doc)")
            documented.formUnion(headings.map(\.code))
            for pass in Self.passes where pass.doc == doc {
                let inSection = headings.filter { $0.section == pass.section }.map(\.code)
                #expect(inSection == pass.codes.map(\.text), "\(doc) '## \(pass.section)' documents other codes than are registered")
            }
        }
        let registered = Set(DiagnosticCode.all.map(\.text))
        #expect(registered.subtracting(documented).isEmpty,
                "registered but not documented: \(registered.subtracting(documented).sorted())")
        #expect(documented.subtracting(registered).isEmpty,
                "documented but not registered: \(documented.subtracting(registered).sorted())")
    }

    /// The SARIF help table knows every code, so a finding always has its rule's help.
    @Test func everyCodeHasHelp() {
        for code in DiagnosticCode.all { #expect(DiagnosticHelp.entry(for: code.text) != nil, "\(code)") }
    }

    /// A string literal that spells a code (`"E201"`) appears only in the declaration of that
    /// code (`static let unknownEvent = DiagnosticCode("E201")` in a `DiagnosticCode+*.swift`
    /// beside its pass), in ``ChangeCode``'s cases, and in the table generated from the docs;
    /// every declaration is registered. Call sites name the code.
    @Test func codesAreWrittenOnlyWhereTheyAreDeclared() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let literal = try Regex(#""[EWSD][0-9]{3}""#)
        let declaration = try Regex(#"^\s*package static let \w+ = DiagnosticCode\("([EWSD][0-9]{3})"\)$"#)
        let changeCase = try Regex(#"^\s*case \w+ = "D[0-9]{3}"$"#)
        var declared: [String] = []
        var stray: [String] = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where file.hasSuffix(".swift") && !file.hasSuffix("DiagnosticHelp+Table.swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let isDeclarations = (file as NSString).lastPathComponent.hasPrefix("DiagnosticCode+")
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(literal) {
                if isDeclarations, let match = try declaration.wholeMatch(in: line) {
                    declared.append(String(match.output[1].substring ?? ""))
                } else if file.hasSuffix("TipsDriver/ChangeCode.swift"), line.wholeMatch(of: changeCase) != nil {
                    continue
                } else {
                    stray.append("Sources/\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(stray.isEmpty, "codes written outside their declaration (name the DiagnosticCode instead):\n\(stray.joined(separator: "\n"))")
        #expect(declared.count > 100)
        #expect(Set(declared).count == declared.count, "declared twice")
        let registered = Set(DiagnosticCode.all.map(\.text))
        #expect(Set(declared).subtracting(registered).isEmpty,
                "declared but in no registry: \(Set(declared).subtracting(registered).sorted())")
        #expect(registered.subtracting(declared).subtracting(DiagnosticCode.changeCodes.map(\.text)).isEmpty)
    }

    /// Each pass's emission test (`SyntaxCodeEmissionTests`, `DiagnosticCodeEmissionTests`,
    /// `SwiftGenCodeEmissionTests`, `ScenarioCodeEmissionTests`, `ChangeCodeEmissionTests`)
    /// shows its codes are emitted. Lowering has none: its only code cannot be triggered.
    static let untriggerableCompilerCodes: [DiagnosticCode: String] = [
        .internalCompilerError: "a catalog that checks always lowers to a bundle that verifies (the differential tests "
            + "hold that), and overflowing an instruction's index takes more than 2^24 constants, far beyond what a test can check",
    ]

    @Test func everyCompilerCodeIsUntriggerable() {
        #expect(Set(DiagnosticCode.compilerCodes) == Set(Self.untriggerableCompilerCodes.keys),
                "a new lowering code needs an emission test, or a reason here")
    }

    @Test func parsing() {
        #expect(DiagnosticCode(parsing: "E201")?.family == .error)
        #expect(DiagnosticCode(parsing: "E201")?.number == 201)
        #expect(DiagnosticCode(parsing: "D100")?.family == .change)
        #expect(DiagnosticCode(parsing: "S215")?.description == "S215")
        for bad in ["", "E20", "E2011", "X201", "e201", "E2O1", "E٢٠١", "W 12"] {
            #expect(DiagnosticCode(parsing: bad) == nil, "\(bad)")
        }
        #expect(DiagnosticCode.unknownEvent < DiagnosticCode.unknownParameter)
        let d = Diagnostic.error(.unknownEvent, "unknown event 'x'", at: .point(FileID(0), 0))
        #expect(d.code == "E201")
        #expect(d.hasCode(.unknownEvent) && !d.hasCode(.unknownParameter))
    }
}
