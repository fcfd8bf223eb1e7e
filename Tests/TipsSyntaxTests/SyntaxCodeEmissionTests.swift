import Testing
import TipsSource
@testable import TipsSyntax

/// Every code the lexer and the parser register is emitted by at least one input of this
/// target's tables (``LexerTests`` and ``ParserErrorTests``, and ``triggers`` for the inputs
/// too large for a table row), and every code they emit is registered.
@Suite struct SyntaxCodeEmissionTests {
    /// Inputs for the codes the tables cannot hold: `bytes` parse with `code`.
    static let triggers: [(code: DiagnosticCode, bytes: [UInt8])] = [
        (.fileTooLarge, Array(repeating: UInt8(ascii: " "), count: Parser.maximumFileSize + 1)),
        (.nestingTooDeep, Array(("param p: Int = " + String(repeating: "(", count: 65) + "1" + String(repeating: ")", count: 65)).utf8)),
    ]

    static func codes(_ bytes: [UInt8]) -> [String] {
        Parser.parse(SourceFile(id: FileID(0), path: "test.tips", bytes: bytes)).diagnostics.map(\.code)
    }

    /// The codes of everything the tables and the triggers emit, computed once.
    static let emittedCodes = emitted()

    static func emitted() -> Set<String> {
        var codes: Set<String> = []
        for (source, _, _) in LexerTests.errorCases { codes.formUnion(Self.codes(Array(source.utf8))) }
        for (bytes, _, _) in LexerTests.invalidUTF8Cases { codes.formUnion(Self.codes(bytes)) }
        for (source, _) in ParserErrorTests.errorCases { codes.formUnion(Self.codes(Array(source.utf8))) }
        for t in triggers { codes.formUnion(Self.codes(t.bytes)) }
        return codes
    }

    @Test func everyRegisteredCodeIsEmitted() {
        let emitted = Self.emittedCodes
        let missing = DiagnosticCode.syntaxCodes.filter { !emitted.contains($0.text) }
        #expect(missing.isEmpty, "no input emits \(missing.map(\.text)); add a row to LexerTests or ParserErrorTests")
    }

    @Test func everyEmittedCodeIsRegistered() {
        let unregistered = Self.emittedCodes.subtracting(DiagnosticCode.syntaxCodes.map(\.text))
        #expect(unregistered.isEmpty, "emitted but not registered: \(unregistered.sorted())")
    }

    @Test func theTriggersReportTheirCodes() {
        for t in Self.triggers { #expect(Self.codes(t.bytes).contains(t.code.text), "\(t.code)") }
    }
}
