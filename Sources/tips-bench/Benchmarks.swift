import TipsCLI
import TipsCheck
import TipsSource
import TipsSyntax

/// The registry of benchmarks, in run order.
enum Benchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "parse.10k", summary: "Parser.parse over every file of a generated 10,000-tip catalog") {
            let sources = CatalogGenerator().sources()
            return .init(workload: .init(operation: {
                var declarations = 0
                for file in sources.files { declarations &+= Parser.parse(file).tree.declarations.count }
                return declarations
            }), baseline: nil)
        },
        Benchmark(name: "check.10k", summary: "Checker.check on a generated 10,000-tip catalog") {
            let sources = CatalogGenerator().sources()
            return .init(workload: .init(operation: { Checker.check(sources).diagnostics.count }), baseline: nil)
        },
    ]
}
