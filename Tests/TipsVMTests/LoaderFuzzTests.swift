import Testing
import TipsBenchSupport
import TipsBytecode
import TipsTestSupport
import TipsVM

/// Thousands of seeded random and mutated inputs: loading never crashes or hangs, and any
/// bundle that verifies can be disassembled and every program evaluated without a trap.
struct LoaderFuzzTests {
    /// Valid seeds to mutate.
    static let seeds: [[UInt8]] = (0..<24).map { BundleWriter.encode(RandomBundle.make(seed: UInt64($0))) }

    /// Fixes length and checksum so mutations reach the section readers and the verifier.
    static func reseal(_ bytes: inout [UInt8]) {
        guard bytes.count >= BundleFormat.headerSize else { return }
        let n = UInt32(truncatingIfNeeded: bytes.count)
        for i in 0..<4 { bytes[8 + i] = UInt8(truncatingIfNeeded: n >> (8 * i)) }
        let c = BundleFormat.checksum(bytes)
        for i in 0..<8 { bytes[16 + i] = UInt8(truncatingIfNeeded: c >> (8 * i)) }
    }

    static func mutate(_ input: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + rng.below(4)) {
            guard !bytes.isEmpty else { break }
            let at = rng.below(bytes.count)
            switch rng.below(7) {
            case 0: bytes[at] ^= UInt8(truncatingIfNeeded: 1 << rng.below(8))
            case 1: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + 1 + rng.below(8)))
            case 3: bytes.insert(contentsOf: (0..<(1 + rng.below(8))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: at)
            case 4: bytes = Array(bytes.prefix(at))
            case 5: bytes[at] = [0x00, 0xFF, 0x7F, 0x80][rng.below(4)]
            default:
                // Overwrite an aligned word with an interesting value (counts, indices, opcodes).
                let w = at & ~3
                let v: UInt32 = [0, 1, 0xFFFF_FFFF, 0x7FFF_FFFF, 0x100, UInt32(rng.below(64))][rng.below(6)]
                for i in 0..<4 where w + i < bytes.count { bytes[w + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) }
            }
        }
        if rng.chance(85) { reseal(&bytes) }
        return bytes
    }

    /// Loads `bytes`; if it verifies, exercises it fully.
    static func exercise(_ bytes: [UInt8]) -> Bool {
        guard let verified = try? BundleLoader.load(bytes) else { return false }
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
        // The explain section's probe programs run unchecked too, on the extended bundle.
        let probes = RuleVM(verified.withProbePrograms())
        for p in verified.bundle.programs.count..<probes.verified.bundle.programs.count { _ = probes.evaluate(p, in: state) }
        return true
    }

    @Test(arguments: 0..<8)
    func mutatedBundles(shard: Int) {
        var rng = SeededGenerator(seed: UInt64(1000 + shard))
        var verified = 0
        for _ in 0..<500 {
            let seed = Self.seeds[rng.below(Self.seeds.count)]
            if Self.exercise(Self.mutate(seed, &rng)) { verified += 1 }
        }
        // Some mutations (e.g. in a string's bytes or a constant's value) still verify.
        #expect(verified > 0)
    }

    @Test func randomBytes() {
        var rng = SeededGenerator(seed: 7)
        for i in 0..<2000 {
            var bytes = (0..<rng.below(300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if i % 2 == 0 && bytes.count >= 4 { bytes.replaceSubrange(0..<4, with: BundleFormat.magic) }
            if i % 4 == 0 && bytes.count >= 8 { bytes[4] = 1; bytes[5] = 0; bytes[6] = 0; bytes[7] = 0 }
            if i % 3 == 0 { Self.reseal(&bytes) }
            _ = Self.exercise(bytes)
        }
    }

    @Test(arguments: 0..<24)
    func validSeedsRun(seed: Int) {
        #expect(Self.exercise(Self.seeds[seed]))
    }
}
