import Testing
import TipsBenchSupport
import TipsCheck
import TipsCompile
import TipsSource
import TipsSyntax

/// `tipc fmt` over the real catalogs: they are already canonical, and a catalog re-laid out
/// at random formats back to a fixed point that means exactly what the original means
/// (the same bundle bytes, with the layout-dependent source map and explanations left out).
@Suite struct FormatRoundTripTests {
    /// Bundles without source positions, so only meaning is compared.
    static let meaningOnly = CompileOptions(sourceMap: false, explain: false)

    @Test func definitionsHoldSeveralCatalogs() {
        #expect(CatalogTests.catalogs.count >= 3)
    }

    @Test(arguments: CatalogTests.catalogs)
    func definitionsAreCanonical(_ catalog: String) throws {
        let sources = try CatalogTests.sources(of: catalog)
        for file in sources.files {
            let parsed = Parser.parse(file)
            #expect(parsed.diagnostics.isEmpty, "\(file.path)")
            #expect(Formatter.format(parsed.tree, source: file) == file.text, "\(file.path) is not fmt-clean")
        }
    }

    @Test(arguments: CatalogTests.catalogs)
    func reflowedCatalogFormatsBackToTheSameMeaning(_ catalog: String) throws {
        let original = try CatalogTests.sources(of: catalog)
        let expected = try #require(Compiler.compile(sources: original, options: Self.meaningOnly).bytes)
        for seed in UInt64(1)...3 {
            var generator = SeededGenerator(seed: seed)
            var reflowed = SourceSet()
            var formatted = SourceSet()
            for file in original.files {
                let text = Self.reflow(file, using: &generator)
                let ugly = SourceFile(id: file.id, path: file.path, text: text)
                let parsed = Parser.parse(ugly)
                #expect(parsed.diagnostics.isEmpty, "\(file.path) seed \(seed): \(parsed.diagnostics.first?.message ?? "")")
                let once = Formatter.format(parsed.tree, source: ugly)
                let again = SourceFile(id: file.id, path: file.path, text: once)
                #expect(Formatter.format(Parser.parse(again).tree, source: again) == once,
                        "\(file.path) seed \(seed): formatting is not idempotent")
                reflowed.add(path: file.path, text: text)
                formatted.add(path: file.path, text: once)
            }
            #expect(Compiler.compile(sources: reflowed, options: Self.meaningOnly).bytes == expected, "seed \(seed)")
            #expect(Compiler.compile(sources: formatted, options: Self.meaningOnly).bytes == expected, "seed \(seed)")
        }
    }

    /// The file's tokens and comments in order, with the white space between them replaced
    /// by a random choice of spaces, line breaks and indentation (a line comment still ends
    /// its line). Everything the formatter must normalise, nothing that changes tokens.
    static func reflow(_ file: SourceFile, using generator: inout SeededGenerator) -> String {
        let lexed = Lexer.tokenize(file)
        var pieces: [(range: SourceRange, isLineComment: Bool)] = lexed.tokens
            .filter { $0.kind != .eof }
            .map { ($0.range, false) }
        pieces += lexed.comments.map { ($0.range, $0.kind == .line) }
        pieces.sort { $0.range.start < $1.range.start }
        let gaps = [" ", "  ", "\n", "\n\n\n", "\n\t\t", " \n   "]
        var out = ""
        for piece in pieces {
            out += file.text(in: piece.range)
            out += piece.isLineComment ? "\n" : gaps[Int(generator.next() % UInt64(gaps.count))]
        }
        return out
    }
}
