// libFuzzer target for the whole author-to-app pipeline: arbitrary bytes as a .tips file,
// checked and compiled; whatever compiles must load and verify, disassemble, and run in
// the VM on a state with donations (scripts/fuzz-pipeline.sh builds and runs it).
//
// Invariants beyond "does not trap": the compiler's output always passes the bundle
// verifier (a bundle it cannot verify is an E900 diagnostic, never bytes), compiling is
// deterministic, and every diagnostic lies inside the file.
import TipsBytecode
import TipsCompile
import TipsSource
import TipsVM

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var sources = SourceSet()
    sources.add(path: "fuzz.tips", bytes: bytes)
    let output = Compiler.compile(sources: sources)
    let size32 = Int32(clamping: bytes.count)
    for d in output.diagnostics {
        precondition(d.range.start >= 0 && d.range.end <= size32 && d.range.start <= d.range.end, "diagnostic out of file")
    }
    guard let encoded = output.bytes else {
        precondition(output.diagnostics.contains { $0.severity == .error }, "no bundle and no error")
        return 0
    }
    precondition(Compiler.compile(sources: sources).bytes == encoded, "compilation is not deterministic")
    let verified: VerifiedBundle
    do {
        verified = try BundleLoader.load(encoded)
    } catch {
        preconditionFailure("the compiler wrote a bundle the verifier refuses: \(error)")
    }
    _ = Disassembler.disassemble(verified.bundle)
    let vm = RuleVM(verified)
    var state = RuleState(verified, now: 1_767_225_600_000)
    for (e, event) in verified.bundle.events.enumerated() {
        for t in [Int64(1_767_225_000_000), 1_767_225_600_000, 1_767_225_600_001, 0] {
            _ = state.donate(event: e, at: t, payload: event.fields.map { _ in Slot.int(1) })
        }
    }
    for p in verified.bundle.programs.indices { _ = vm.evaluate(p, in: state) }
    if !verified.bundle.explain.programs.isEmpty {
        let probes = RuleVM(verified.withProbePrograms())
        for p in verified.bundle.programs.count..<probes.verified.bundle.programs.count { _ = probes.evaluate(p, in: state) }
    }
    for t in verified.bundle.tips.indices { _ = vm.rulesHold(tip: t, in: state) }
    return 0
}
