// Writes seed bundles for the fuzzer: `generate-corpus <directory> [count]`. Built by
// scripts/fuzz-bundle.sh together with the test suite's RandomBundle generator.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipsBytecode

@main
enum GenerateCorpus {
    static func main() {
        let args = CommandLine.arguments
        guard args.count >= 2 else { fputs("usage: generate-corpus <dir> [count]\n", stderr); exit(2) }
        let count = args.count > 2 ? Int(args[2]) ?? 8 : 8
        for seed in 0..<count {
            let bytes = BundleWriter.encode(RandomBundle.make(seed: UInt64(seed)))
            guard let f = fopen("\(args[1])/seed-\(seed).tipsb", "wb") else { exit(1) }
            _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
            fclose(f)
        }
    }
}
