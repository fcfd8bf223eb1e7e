#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsDriver
import TipsSource
import TipsText

// tips-bench: run with `swift run -c release tips-bench [--json] [--filter S] [--quick]`.

let usage = """
    usage: tips-bench [--json] [--filter SUBSTRING] [--quick] [--samples N] [--list]
                      [--journal-file FILE] [--generate DIR]

      --json               one JSON object per line: name, ns_per_op, baseline, baseline_ns_per_op,
                           ratio (one line per benchmark and baseline), plus measured extras
      --filter S           run only benchmarks whose name contains S (repeatable: any of them)
      --quick              small inputs, short samples: a smoke run (figures are rough)
      --samples N          timed samples per benchmark (default 11; the median is reported)
      --sample-ms N        minimum length of one sample in milliseconds (default 50)
      --list               list the benchmarks and exit
      --journal-file FILE  journal.replay.1m replays FILE, generating it first if missing (kept)
      --generate DIR       write the generated 10,000-tip catalog under DIR (for tipc check) and exit

    """

func usageFailure(_ message: String) -> Never {
    let text = "tips-bench: error: \(message)\n\(usage)"
    _ = text.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

var json = false
var filters: [String] = []
var quick = false
var samples: Int?
var journalFile: String?
var sampleMilliseconds: Int?
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": json = true
    case "--quick": quick = true
    case "--filter":
        guard let value = arguments.popFirst() else { usageFailure("--filter needs a value") }
        filters.append(value)
    case "--samples":
        guard let n = arguments.popFirst().flatMap({ Int($0) }), n > 0 else { usageFailure("--samples needs a positive number") }
        samples = n
    case "--sample-ms":
        guard let n = arguments.popFirst().flatMap({ Int($0) }), n > 0 else { usageFailure("--sample-ms needs a positive number") }
        sampleMilliseconds = n
    case "--journal-file":
        guard let value = arguments.popFirst() else { usageFailure("--journal-file needs a path") }
        journalFile = value
    case "--list":
        for b in Benchmarks.all { print("\(b.name)  \(b.summary)") }
        exit(0)
    case "--generate":
        guard let directory = arguments.popFirst() else { usageFailure("--generate needs a directory") }
        for file in CatalogGenerator().files() {
            let path = directory + "/" + file.path
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
            _ = mkdir(directory, 0o755)
            _ = mkdir(folder, 0o755)
            guard let handle = fopen(path, "w") else { usageFailure("cannot write \(path)") }
            fputs(file.text, handle)
            fclose(handle)
        }
        exit(0)
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    default: usageFailure("unknown argument '\(argument)'")
    }
}

let selected = Benchmarks.all.filter { b in filters.isEmpty || filters.contains { b.name.contains($0) } }
if selected.isEmpty { usageFailure("no benchmark matches '\(filters.joined(separator: "', '"))'") }

var runner = BenchmarkRunner()
if quick {
    runner.warmup = .milliseconds(20)
    runner.targetSample = .milliseconds(5)
    runner.samples = 3
}
if let samples { runner.samples = samples }
if let sampleMilliseconds { runner.targetSample = .milliseconds(sampleMilliseconds) }

// Scratch files (journals) go in a fresh directory, removed at the end.
var template = Array("/tmp/tips-bench-XXXXXX".utf8CString)
guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
    usageFailure("cannot create a scratch directory in /tmp")
}
let scratch = String(cString: made)
let context = BenchContext(runner: runner, quick: quick, journalFile: journalFile, scratch: scratch)

if !json {
    print(column("benchmark", 24) + column("ns/op", 15, right: true) + "  " + column("baseline", 10)
          + column("ns/op", 15, right: true) + column("ratio", 10, right: true) + "  measured")
}
for benchmark in selected {
    for row in benchmark.run(context) {
        if json {
            var members: [(String, JSON)] = [
                ("name", .string(row.name)),
                ("ns_per_op", row.nsPerOp.map { .double(($0 * 10).rounded() / 10) } ?? .null),
                ("baseline", row.baseline.map { .string($0) } ?? .null),
                ("baseline_ns_per_op", row.baselineNsPerOp.map { .double(($0 * 10).rounded() / 10) } ?? .null),
                ("ratio", row.ratio.map { .double(($0 * 1000).rounded() / 1000) } ?? .null),
            ]
            members += row.extra
            print(JSON.object(members).rendered())
        } else {
            print(column(row.name, 24) + column(row.nsPerOp.map(nanoseconds) ?? "-", 15, right: true) + "  "
                  + column(row.baseline ?? "-", 10)
                  + column(row.baselineNsPerOp.map(nanoseconds) ?? "-", 15, right: true)
                  + column(row.ratio.map { formatDecimal($0, places: 3) + "x" } ?? "-", 10, right: true)
                  + (row.note.isEmpty ? "" : "  " + row.note))
        }
    }
}

// Remove the scratch directory (flat: only files inside).
if let dir = opendir(scratch) {
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name != "." && name != ".." { unlink(scratch + "/" + name) }
    }
    closedir(dir)
}
rmdir(scratch)
