// libFuzzer target for the bundle loader (scripts/fuzz-bundle.sh builds and runs it).
// Every input is decoded and verified twice: as given (header checks) and "resealed" with
// its length and checksum fields fixed, because random mutations almost never keep the
// FNV-1a checksum right and would otherwise stop at `checksumMismatch`. A bundle that
// verifies is disassembled and each of its programs evaluated on a state with donations,
// so a verifier gap that would let the unchecked VM misbehave shows up as a crash here
// (built with AddressSanitizer).
import TipsBytecode
import TipsVM

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundleLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    exercise(bytes)
    if bytes.count >= BundleFormat.headerSize {
        var sealed = bytes
        let n = UInt32(truncatingIfNeeded: sealed.count)
        for i in 0..<4 { sealed[8 + i] = UInt8(truncatingIfNeeded: n >> (8 * i)) }
        let c = BundleFormat.checksum(sealed)
        for i in 0..<8 { sealed[16 + i] = UInt8(truncatingIfNeeded: c >> (8 * i)) }
        exercise(sealed)
    }
    return 0
}

func exercise(_ bytes: [UInt8]) {
    guard let verified = try? BundleLoader.load(bytes) else { return }
    _ = Disassembler.disassemble(verified.bundle)
    let vm = RuleVM(verified)
    var state = RuleState(verified, now: 1_000_000)
    for (e, event) in verified.bundle.events.enumerated() {
        for t in [Int64(999_000), 1_000_000, 1_000_001, 0] {
            state.donate(event: e, at: t, payload: event.fields.map { _ in Slot.int(0) })
            state.donate(event: e, at: t, payload: event.fields.map { _ in Slot.nil })
        }
    }
    for p in verified.bundle.programs.indices { _ = vm.evaluate(p, in: state) }
    for (t, tip) in verified.bundle.tips.enumerated() {
        _ = vm.rulesHold(tip: t, in: state)
        for (i, trigger) in tip.triggers.enumerated() {
            let fields = verified.bundle.events[Int(trigger.event)].fields
            _ = vm.triggerFires(tip: t, trigger: i, event: Int(trigger.event), payload: fields.map { _ in Slot.int(1) }, in: state)
        }
    }
}
