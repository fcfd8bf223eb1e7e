import Testing
import TipsBytecode
import TipsCheck
import TipsCompile
import TipsSource

/// Compiles test sources, failing the test on any checker error.
struct TestCatalog {
    let sources: SourceSet
    let model: CatalogModel
    let bundle: TipsBundle

    init(_ text: String, path: String = "test.tips", options: CompileOptions = CompileOptions(),
         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        var sources = SourceSet()
        sources.add(path: path, text: text)
        try self.init(sources, options: options, sourceLocation: sourceLocation)
    }

    init(_ sources: SourceSet, options: CompileOptions = CompileOptions(),
         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        self.sources = sources
        let checked = Checker.check(sources)
        let errors = checked.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "checker errors: \(errors.prefix(5).map { "\($0.code) \($0.message) @\($0.range.start)" })",
                sourceLocation: sourceLocation)
        try #require(errors.isEmpty, sourceLocation: sourceLocation)
        model = checked.model
        bundle = Compiler.compile(model, sources: sources, options: options)
    }

    /// The instructions of program `index`, one per line without address or position:
    /// `COUNT_AT_LEAST 3 0 ; q0 save within 7d >= 3`.
    func listing(program index: Int) -> [String] {
        bundle.programs[index].code.enumerated().map { pc, ins in
            let line = Disassembler.line(ins, at: pc, bundle: bundle)
            return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ")
        }
    }

    /// The listing of rule `rule` of tip `tip`.
    func listing(tip: Int = 0, rule: Int = 0) -> [String] {
        listing(program: Int(bundle.tips[tip].rules[rule]))
    }
}
