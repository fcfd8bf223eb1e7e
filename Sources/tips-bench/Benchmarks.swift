import TipsBenchSupport
import TipsCheck
import TipsDriver
import TipsSource
import TipsSyntax

/// The registry of benchmarks, in run order.
enum Benchmarks {
    static let all: [Benchmark] = [
        // First, while the heap is still small: its resident-memory delta is least
        // disturbed by memory that earlier benchmarks freed back to the allocator.
        RuntimeBench.memory,
        RuleBenchmarks.canonical,
        RuleBenchmarks.canonicalProgram,
        RuleBenchmarks.canonicalClock,
        RuleBenchmarks.catalogStatus,
        RuleBenchmarks.allocations,
        CalendarBenchmarks.month,
        CalendarBenchmarks.timeOfDay,
        CalendarBenchmarks.during,
        CalendarBenchmarks.days,
        CalendarBenchmarks.allocations,
        RuntimeBench.status,
        RuntimeBench.statusAllocations,
        DependencyBench.donate,
        EventsBench.donate,
        ExperimentsBench.status,
        BudgetsBench.status,
        BudgetsBench.priority,
        EventsBench.goals,
        EventsBench.goalAllocations,
        OpenBench.open,
        AdoptBench.adopt,
        AdoptBench.launch,
        SignatureBench.verify,
        LatencyBench.donate,
        LatencyBench.setParameter,
        Benchmark.timed("parse.10k", "Parser.parse over every file of a generated 10,000-tip catalog") { _ in
            let sources = CatalogGenerator().sources()
            return .init(workload: .init(operation: {
                var declarations = 0
                for file in sources.files { declarations &+= Parser.parse(file).tree.declarations.count }
                return declarations
            }))
        },
        Benchmark.timed("check.10k", "Checker.check on a generated 10,000-tip catalog, vs parsing it alone") { _ in
            let sources = CatalogGenerator().sources()
            // Parsing is a part of checking that has not changed: the ratio shows what the
            // rest costs, steadier than a time on a loaded machine.
            let parse = { () -> Int in
                var declarations = 0
                for file in sources.files { declarations &+= Parser.parse(file).tree.declarations.count }
                return declarations
            }
            return .init(workload: .init(operation: { Checker.check(sources).diagnostics.count }),
                         baselines: [("parse", .init(operation: parse))])
        },
        CompileBench.compile,
        IncrementalCheckBench.edit,
        LSPBench.notesApp,
        LSPBench.generatedSmall,
        LSPBench.generated,
        LSPBench.generatedEdit,
        LSPInputBench.manyKeys,
        LSPInputBench.edits,
        ExplainBench.small,
        ExplainBench.large,
        JournalBench.appendBatched,
        JournalBench.appendSynced,
        JournalBench.replay,
        CLIBench.merge,
        ReportBench.journals,
        CLIBench.test,
    ]
}
