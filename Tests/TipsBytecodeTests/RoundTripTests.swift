import Testing
import TipsBytecode
import TipsTestSupport

/// Encode/decode round trips over seeded random valid bundles.
struct RoundTripTests {
    @Test(arguments: 0..<200)
    func roundTrip(seed: Int) throws {
        let bundle = RandomBundle.make(seed: UInt64(seed))
        let bytes = BundleWriter.encode(bundle)
        #expect(BundleWriter.encode(bundle) == bytes, "encoding is deterministic")
        let decoded = try BundleReader.decode(bytes)
        #expect(decoded == bundle)
        #expect(BundleWriter.encode(decoded) == bytes)
        let verified = try Verifier.verify(decoded)
        #expect(verified.programInfo.count == bundle.programs.count)
        for (info, program) in zip(verified.programInfo, bundle.programs) {
            #expect(info.instructionBound == program.code.count)
            #expect(info.maxStackDepth >= 1 && info.maxStackDepth <= Verifier.maxStackDepth)
        }
    }

    /// The random bundles exercise every format version a writer picks.
    @Test func randomBundlesCoverEveryWrittenVersion() {
        let versions = Set((0..<200).map { UInt16(BundleWriter.encode(RandomBundle.make(seed: UInt64($0)))[4]) })
        #expect(versions.contains(BundleFormat.version))
        #expect(versions.contains(BundleFormat.extendedVersion))
        #expect(versions.contains(BundleFormat.conditionsVersion))
        // Version 4 (and 5) bundles with keys, asset images and argument bindings, alone and together.
        let extended = (0..<200).map { RandomBundle.make(seed: UInt64($0)) }.filter { $0.formatVersion >= BundleFormat.extendedVersion }
        #expect(extended.contains { !$0.keys.isEmpty && !$0.argumentBindings.isEmpty })
        #expect(extended.contains { !$0.assetImages.isEmpty })
        #expect(extended.contains { $0.keys.isEmpty && $0.assetImages.isEmpty })
        #expect(extended.contains { $0.argumentBindings.isEmpty })
        // Budgets (version 11): daily and launch budgets, tips' entries and `together` groups.
        #expect(versions.contains(BundleFormat.budgetsVersion))
        let budgeted = (0..<200).map { RandomBundle.make(seed: UInt64($0)) }.filter { !$0.budgets.isEmpty }
        #expect(budgeted.contains { $0.budgets.perDay > 0 } && budgeted.contains { $0.budgets.perLaunch > 0 })
        #expect(budgeted.contains { !$0.budgets.tips.isEmpty } && budgeted.contains { !$0.budgets.togetherGroups.isEmpty })
        // Renewals (version 12).
        #expect(versions.contains(BundleFormat.renewalsVersion))
        #expect((0..<200).map { RandomBundle.make(seed: UInt64($0)) }.contains { $0.renewals.count > 1 })
        // Chosen content (version 13): messages, images (assets, argument names), fallbacks.
        #expect(versions.contains(BundleFormat.contentVersion))
        let chosen = (0..<200).flatMap { RandomBundle.make(seed: UInt64($0)).contents }
        #expect(chosen.contains { $0.messages.count > 1 } && chosen.contains { $0.images.count > 1 })
        #expect(chosen.contains { $0.images.contains { $0.isAsset } })
        #expect(chosen.contains { $0.images.contains { $0.name.parts.contains { if case .argument = $0 { true } else { false } } } })
        #expect(chosen.contains { $0.messages.last?.condition.isAlways == true })
        #expect(chosen.contains { $0.messages.contains { $0.condition.program != noIndex } })
    }

    @Test func emptyBundle() throws {
        let bytes = BundleWriter.encode(TipsBundle())
        // header 24, 15 section frames of 8, 13 empty lists of 4, configuration 21, explain 8.
        #expect(bytes.count == 24 + 15 * 8 + 13 * 4 + 21 + 8)
        #expect(try BundleLoader.load(bytes).bundle == TipsBundle())
    }

    @Test func headerLayout() {
        let bytes = BundleWriter.encode(TipsBundle())
        #expect(Array(bytes[0..<4]) == [0x54, 0x49, 0x50, 0x42])
        #expect(bytes[4] == 2 && bytes[5] == 0)
        let length = Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
        #expect(length == bytes.count)
        var checksum: UInt64 = 0
        for i in 0..<8 { checksum |= UInt64(bytes[16 + i]) << (8 * i) }
        #expect(checksum == BundleFormat.checksum(bytes))
    }

    @Test func fnv1aKnownValues() {
        var h = FNV1a64()
        #expect(h.value == 0xcbf2_9ce4_8422_2325)
        h.combine(Array("a".utf8))
        #expect(h.value == 0xaf63_dc4c_8601_ec8c)
        var foobar = FNV1a64()
        foobar.combine(Array("foobar".utf8))
        #expect(foobar.value == 0x8594_4171_f739_67e8)
    }
}

/// The program builder flags operands that do not fit instead of silently truncating.
struct ProgramBuilderTests {
    @Test func operandOverflowIsFlagged() {
        var p = ProgramBuilder()
        p.emit(.pushInt, sBx: 5)
        p.emit(.countAtLeast, a: 3, k: 9)
        #expect(!p.operandOverflow)
        p.emit(.pushInt, sBx: 1 << 23)
        #expect(p.operandOverflow)
        var q = ProgramBuilder()
        q.emit(.paramEqConst, a: 256, k: 0)
        #expect(q.operandOverflow)
    }

    @Test func emitPushChoosesTheSmallestForm() {
        var b = BundleBuilder()
        var p = ProgramBuilder()
        b.emitPush(.int(7), into: &p)
        b.emitPush(.int(1 << 40), into: &p)
        b.emitPush(.bool(true), into: &p)
        b.emitPush(.duration(ms: 5), into: &p)
        #expect(p.code.map(\.opcode) == [.pushInt, .pushConst, .pushBool, .pushConst])
        #expect(b.bundle.constants == [.int(1 << 40), .duration(ms: 5)])
    }
}
