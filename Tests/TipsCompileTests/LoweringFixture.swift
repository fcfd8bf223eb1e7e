import Testing
import TipsBytecode
import TipsCompile
import TipsSource

/// What the lowering tests share: one source compiled as `a.tips`, with no error expected.
enum LoweringFixture {
    static func compile(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
        -> (bundle: TipsBundle, bytes: [UInt8]) {
        var sources = SourceSet()
        sources.add(path: "a.tips", text: text)
        let out = Compiler.compile(sources: sources)
        let errors = out.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.code) \($0.message)" })", sourceLocation: sourceLocation)
        return (try #require(out.bundle, sourceLocation: sourceLocation), try #require(out.bytes, sourceLocation: sourceLocation))
    }
}
