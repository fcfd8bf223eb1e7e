#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsCLI
import TipsCheck
import TipsSource

// tips-bench: run with `swift run -c release tips-bench [--json] [--filter S] [--samples N]`.

let usage = """
    usage: tips-bench [--json] [--filter SUBSTRING] [--samples N] [--list] [--generate DIR]

      --json           one JSON object per line: name, ns_per_op, baseline, baseline_ns_per_op, ratio
      --filter S       run only benchmarks whose name contains S
      --samples N      timed samples per benchmark (default 11; the median is reported)
      --list           list the benchmarks and exit
      --generate DIR   write the generated 10,000-tip catalog under DIR (for tipc check) and exit

    """

func fail(_ message: String) -> Never {
    let text = "tips-bench: error: \(message)\n\(usage)"
    _ = text.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

var json = false
var filter = ""
var runner = BenchmarkRunner()
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": json = true
    case "--filter":
        guard let value = arguments.popFirst() else { fail("--filter needs a value") }
        filter = value
    case "--samples":
        guard let n = arguments.popFirst().flatMap({ Int($0) }), n > 0 else { fail("--samples needs a positive number") }
        runner.samples = n
    case "--list":
        for b in Benchmarks.all { print("\(b.name)  \(b.summary)") }
        exit(0)
    case "--generate":
        guard let directory = arguments.popFirst() else { fail("--generate needs a directory") }
        for file in CatalogGenerator().files() {
            let path = directory + "/" + file.path
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
            _ = mkdir(directory, 0o755)
            _ = mkdir(folder, 0o755)
            guard let handle = fopen(path, "w") else { fail("cannot write \(path)") }
            fputs(file.text, handle)
            fclose(handle)
        }
        exit(0)
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    default: fail("unknown argument '\(argument)'")
    }
}

let selected = Benchmarks.all.filter { filter.isEmpty || $0.name.contains(filter) }
if selected.isEmpty { fail("no benchmark matches '\(filter)'") }

/// Figures with thousands separators for the table.
func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var out = ""
    for (i, c) in digits.reversed().enumerated() {
        if i > 0, i % 3 == 0, c != "-" { out.append(",") }
        out.append(c)
    }
    return String(out.reversed())
}

func column(_ text: String, _ width: Int, right: Bool = false) -> String {
    let pad = String(repeating: " ", count: max(0, width - text.count))
    return right ? pad + text : text + pad
}

if !json {
    print(column("benchmark", 14) + column("ns/op", 16, right: true) + "  " + column("baseline", 20)
          + column("ns/op", 16, right: true) + column("ratio", 9, right: true))
}
for benchmark in selected {
    let prepared = benchmark.prepare()
    let ns = runner.nanosecondsPerOperation(prepared.workload)
    var baselineNs: Double?
    if let baseline = prepared.baseline { baselineNs = runner.nanosecondsPerOperation(baseline.workload) }
    let ratio = baselineNs.map { ns / max($0, 1e-9) }
    if json {
        let object = DiagnosticRenderer.JSON.object([
            ("name", .string(benchmark.name)),
            ("ns_per_op", .double(ns.rounded())),
            ("baseline", prepared.baseline.map { .string($0.name) } ?? .null),
            ("baseline_ns_per_op", baselineNs.map { .double($0.rounded()) } ?? .null),
            ("ratio", ratio.map { .double(($0 * 1000).rounded() / 1000) } ?? .null),
        ])
        print(object.rendered())
    } else {
        print(column(benchmark.name, 14) + column(grouped(ns), 16, right: true) + "  "
              + column(prepared.baseline?.name ?? "-", 20)
              + column(baselineNs.map(grouped) ?? "-", 16, right: true)
              + column(ratio.map { String(format3($0)) } ?? "-", 9, right: true))
    }
}

/// A ratio with three decimals, without Foundation.
func format3(_ x: Double) -> String {
    let scaled = Int((x * 1000).rounded())
    let fraction = String(abs(scaled) % 1000)
    return "\(scaled / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)x"
}
