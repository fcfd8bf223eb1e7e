import Testing
import TipsBytecode

/// `platformIn` (issue 20 item 1): the opcode of `rule platform == macOS`. It came with
/// format version 6 and no section: a bundle that uses it says so in its version, so an
/// older reader rejects it by the version instead of meeting an unknown byte.
struct PlatformOpcodeTests {
    static func code(mask: Int) -> [Instruction] {
        [Instruction(.platformIn, a: mask), Instruction(.ret)]
    }

    @Test func aBundleThatTestsThePlatformIsVersionSixAndReadsBack() throws {
        let bundle = VerifierTests.program(Self.code(mask: 0b100))
        #expect(bundle.formatVersion == BundleFormat.platformVersion)
        #expect(BundleFormat.platformVersion == 6)
        let bytes = BundleWriter.encode(bundle)
        #expect(bytes[4] == 6 && bytes[5] == 0)
        let read = try BundleReader.decode(bytes)
        #expect(read == bundle)
        #expect(BundleWriter.encode(read) == bytes)
        // The layout is version 5's: the opcode added no section.
        #expect(BundleSection.body(version: 6) == BundleSection.body(version: 5))
        #expect(VerifierTests.load(bundle) == nil)
    }

    @Test func aBundleWithoutItKeepsItsVersion() {
        #expect(VerifierTests.base().bundle.formatVersion == BundleFormat.version)
    }

    @Test func aVersionFiveHeaderOverTheOpcodeIsRefused() {
        var bytes = BundleWriter.encode(VerifierTests.program(Self.code(mask: 0b1)))
        bytes[4] = 5
        let error = VerifierTests.load(VerifierTests.reseal(bytes))
        #expect(error == .invalidValue(.item(.header, 0), rule: "a program uses an opcode of format version 6"))
    }

    @Test(arguments: [0, 0b100_0000, 0xFF])
    func aMaskWithNoPlatformOrAnUnknownBitIsRefused(_ mask: Int) {
        #expect(VerifierTests.load(VerifierTests.program(Self.code(mask: mask))) == .operandOutOfRange(at: VerifierTests.site(0)))
    }

    @Test func itReadsThePlatform() {
        let bundle = VerifierTests.program(Self.code(mask: 0b11))
        let reads = bundle.programs[0].reads(in: bundle)
        #expect(reads.readsPlatform)
        #expect(!reads.readsTime)
        #expect(Opcode.platformIn.roles.description == "A: platforms")
    }
}
