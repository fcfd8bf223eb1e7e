import Foundation
import Testing
import TipsBenchSupport
import TipsBytecode
import TipsCheck
import TipsCompile
import TipsReference
import TipsSource
import TipsVM

/// Whole catalogs: the real ones under Definitions/ (each directory one catalog) and the
/// bench workloads. Compiling is deterministic, the bundle verifies and survives encoding,
/// and the VM agrees with the reference on random states.
@Suite struct CatalogTests {
    static let definitions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Definitions")

    /// Every catalog directory under Definitions/, sorted (empty when there is none).
    static let catalogs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: definitions.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: definitions.appendingPathComponent(name).path,
                                                  isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }()

    static func sources(of catalog: String) throws -> SourceSet {
        let dir = definitions.appendingPathComponent(catalog)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tips") }.sorted()
        var sources = SourceSet()
        for f in files {
            sources.add(path: "\(catalog)/\(f)", bytes: Array(try Data(contentsOf: dir.appendingPathComponent(f))))
        }
        return sources
    }

    @Test(arguments: catalogs)
    func definitionCompilesDeterministically(_ catalog: String) throws {
        let sources = try Self.sources(of: catalog)
        let first = Compiler.compile(sources: sources)
        #expect(first.diagnostics.errorCount == 0, "\(first.diagnostics.filter { $0.severity == .error }.map(\.message))")
        let bytes = try #require(first.bytes)
        // Twice from the same text, and from a fresh parse: the same bytes.
        #expect(Compiler.compile(sources: try Self.sources(of: catalog)).bytes == bytes)
        let checked = Checker.check(sources)
        #expect(Compiler.encode(Compiler.compile(checked.model, sources: sources)) == bytes)
        let verified = try BundleLoader.load(bytes)
        #expect(verified.bundle == first.bundle)
        #expect(verified.bundle.tips.count == checked.model.tips.count)
        try Self.agree(model: checked.model, bundle: verified.bundle, seed: UInt64(catalog.utf8.count))
    }

    /// The VM on the decoded bundle agrees with the reference on the model for random
    /// states, and with the VM on the in-memory bundle.
    static func agree(model: CatalogModel, bundle: TipsBundle, seed: UInt64, states: Int = 20) throws {
        let reference = ReferenceEvaluator(model: model)
        let verified = try Verifier.verify(bundle)
        let decoded = try BundleLoader.load(Compiler.encode(bundle))
        let vm = RuleVM(verified), decodedVM = RuleVM(decoded)
        var generator = CatalogStates(seed: seed, model: model)
        for _ in 0..<states {
            var state = generator.state()
            var vmState = StateBridge.ruleState(state, model: model, verified: verified)
            var decodedState = StateBridge.ruleState(state, model: model, verified: decoded)
            for (t, tip) in model.tips.enumerated() {
                // A reusable tip's rules may read its arguments: one random instance each.
                state.arguments = tip.arguments.map { generator.value($0.type) }
                #expect(vm.bindArguments(state.arguments.map { StateBridge.slot($0, in: &vmState) }, ofTip: t, in: vmState))
                #expect(decodedVM.bindArguments(state.arguments.map { StateBridge.slot($0, in: &decodedState) }, ofTip: t,
                                                in: decodedState))
                for (r, program) in bundle.tips[t].rules.enumerated() {
                    let expected = reference.evaluateRule(tip: t, rule: r, in: state)
                    #expect(vm.evaluateRule(Int(program), in: vmState) == expected, "\(tip.name) rule \(r + 1)")
                    #expect(decodedVM.evaluateRule(Int(program), in: decodedState) == expected, "\(tip.name) rule \(r + 1)")
                }
            }
        }
    }

    @Test func shortcutWorkloadAgrees() throws {
        let w = BenchSupport.shortcutWorkload()
        #expect(w.referenceState.donations[0].count == 1000)
        let vm = w.makeVM()
        #expect(w.eligibleTipsVM(vm) == 1)
        #expect(w.eligibleTipsReference() == 1)
        #expect(w.bundle.programs[0].code.first?.opcode == .paramEqConst)
    }

    @Test func generatedCatalogChecksAndAgrees() throws {
        let w = BenchSupport.catalogWorkload(tips: 1000)
        #expect(Checker.check(w.sources).diagnostics.errorCount == 0)
        #expect(w.model.tips.count == 1000)
        #expect(Compiler.encode(Compiler.compile(w.model, sources: w.sources)) == Compiler.encode(w.bundle))
        let vm = w.makeVM()
        let n = w.eligibleTipsVM(vm)
        #expect(n == w.eligibleTipsReference())
        #expect(n > 0 && n < 1000)
        try Self.agree(model: w.model, bundle: w.bundle, seed: 99, states: 3)
    }
}

