#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsCLI
import TipsDriver

/// compile.10k: `tipc compile` of the generated 10,000-tip catalog, end to end (find and
/// read the files, check, compile, write the bundle), against `tipc check` of the same
/// folder in the same run. The ratio is what compiling costs on top of checking; a second
/// type-check on the way would show as a ratio above 2.
enum CompileBench {
    static let compile = Benchmark(
        name: "compile.10k",
        summary: "tipc compile of a generated 10,000-tip catalog on disk, vs tipc check of it"
    ) { context in
        let name = "compile.10k"
        let directory = context.scratch + "/compile-catalog"
        let bundle = context.scratch + "/compile.tipsb"
        _ = mkdir(directory, 0o755)
        var written: [String] = []
        defer {
            for path in written { unlink(path) }
            rmdir(directory)
        }
        for file in CatalogGenerator(.init(tips: context.quick ? 1_000 : 10_000)).files() {
            // The generator's paths are all `Generated/NAME.tips`: one folder, flat.
            let path = directory + "/" + (file.path.split(separator: "/").last.map(String.init) ?? file.path)
            guard let handle = fopen(path, "w") else { return [BenchResult(name: name, note: "error: cannot write \(path)")] }
            fputs(file.text, handle)
            fclose(handle)
            written.append(path)
        }
        guard CompileBench.tipc(["compile", directory, "-o", bundle]) == 0, CompileBench.tipc(["check", directory]) == 0 else {
            return [BenchResult(name: name, note: "error: the generated catalog does not check or compile")]
        }
        // Timed as every timed benchmark is (paired rounds), with the files cleaned up after.
        let timed = Benchmark.timed(name, "") { _ in
            .init(workload: .init(operation: { Int(CompileBench.tipc(["compile", directory, "-o", bundle])) }),
                  baselines: [("check", .init(operation: { Int(CompileBench.tipc(["check", directory])) }))])
        }
        return timed.run(context)
    }

    /// `tipc ARGUMENTS` in-process, its output dropped.
    static func tipc(_ arguments: [String]) -> Int32 {
        var stdout = "", stderr = ""
        return Tipc.run(arguments, stdout: &stdout, stderr: &stderr)
    }
}
