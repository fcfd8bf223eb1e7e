import Testing
@testable import TipsBytecode

/// The `experiments` section (format version 9): tips' experiments, written only when some
/// tip has one, read back equal, and verified (bad shares, names, texts, rules or limits
/// are refused, also when the bytes were tampered with after writing).
@Suite struct ExperimentsSectionTests {
    /// Tips T and U (U with a message); program 0 is a Bool rule. `add` adds experiments.
    static func bundle(_ add: (inout BundleBuilder) -> Void = { _ in }) -> TipsBundle {
        var b = BundleBuilder()
        ProgramFixtures.addTrue(to: &b)
        for name in ["T", "U"] {
            let n = b.string(name)
            _ = b.addTip(TipSchema(name: n, id: Template([.literal(n)]), title: .plain(Template([.literal(n)])),
                                   message: name == "U" ? .plain(Template([.literal(n)])) : nil))
        }
        _ = b.string("short")
        _ = b.string("long")
        _ = b.string("holdout")
        _ = b.string("salt")
        add(&b)
        return b.bundle
    }

    static func error(_ bundle: TipsBundle) -> BundleError? {
        do { _ = try Verifier.verify(bundle); return nil } catch { return error }
    }

    /// String indices in ``bundle(_:)``: T 0, U 1, short 2, long 3, holdout 4, salt 5.
    static func experiment(tip: UInt32 = 0, holdout: UInt16 = 1000, _ variants: [VariantSchema]) -> ExperimentSchema {
        ExperimentSchema(tip: tip, name: 2, salt: 5, holdout: holdout, variants: variants)
    }

    static let two = [VariantSchema(name: 2, share: 4500, title: .plain(Template([.literal(3)]))),
                      VariantSchema(name: 3, share: 4500, image: 5, imageIsAsset: true, rules: [0], maxDisplayCount: 2,
                                    maxDisplayDuration: 60_000)]

    @Test func withoutExperimentsTheBundleIsUnchanged() {
        let bytes = BundleWriter.encode(Self.bundle())
        #expect(bytes[4] == 2)
        #expect(!BundleSection.layout(of: Self.bundle()).contains(.experiments))
    }

    @Test func roundTripAsVersionEight() throws {
        let b = Self.bundle { b in
            b.addExperiment(Self.experiment(Self.two))
            b.addExperiment(Self.experiment(tip: 1, holdout: 0, [VariantSchema(name: 2, share: 2500, message: .plain(Template([.literal(2)]))),
                                                                  VariantSchema(name: 3, share: 7500, maxDisplayCount: 1)]))
        }
        let bytes = BundleWriter.encode(b)
        #expect(bytes[4] == 9)
        #expect(BundleLayoutTests.tags(bytes).last == BundleSection.experiments.rawValue)
        let loaded = try BundleLoader.load(bytes)
        #expect(loaded.bundle == b)
        #expect(loaded.bundle.experiments.map(\.holdout) == [1000, 0])
    }

    @Test(arguments: [
        (experiment(two), nil),
        (experiment(tip: 2, two), BundleError.indexOutOfRange(.tip, index: 2, at: .item(.experiments, 0))),
        (ExperimentSchema(tip: 0, name: 99, salt: 5, variants: two), .indexOutOfRange(.string, index: 99, at: .item(.experiments, 0))),
        (experiment(holdout: 0, two), .invalidValue(.item(.experiments, 0), rule: "the variants' and the holdout's shares add up to 10000")),
        (experiment(holdout: 10_000, []), .invalidValue(.item(.experiments, 0), rule: "an experiment has a variant")),
        (experiment([two[0], two[0]]), .invalidValue(.item(.experiments, 0), rule: "variant names are distinct and not 'holdout'")),
        (experiment(holdout: 0, [VariantSchema(name: 4, share: 10_000, maxDisplayCount: 1)]),
         .invalidValue(.item(.experiments, 0), rule: "variant names are distinct and not 'holdout'")),
        (experiment(holdout: 10_000, [VariantSchema(name: 2, share: 0, maxDisplayCount: 1)]),
         .invalidValue(.item(.experiments, 0), rule: "a variant's share is positive")),
        (experiment(holdout: 0, [VariantSchema(name: 2, share: 10_000, title: .plain(Template([.argument(0)])))]),
         .indexOutOfRange(.argument, index: 0, at: .item(.experiments, 0))),
        (experiment(holdout: 0, [VariantSchema(name: 2, share: 10_000, rules: [7])]),
         .indexOutOfRange(.program, index: 7, at: .item(.experiments, 0))),
        (experiment(holdout: 0, [VariantSchema(name: 2, share: 10_000, imageIsAsset: true)]),
         .invalidValue(.item(.experiments, 0), rule: "an asset image needs an image")),
        (experiment(holdout: 0, [VariantSchema(name: 2, share: 10_000, maxDisplayCount: 0)]),
         .invalidValue(.item(.experiments, 0), rule: "maxDisplayCount must be at least 1")),
        (experiment(holdout: 0, [VariantSchema(name: 2, share: 10_000, maxDisplayDuration: -1)]),
         .invalidValue(.item(.experiments, 0), rule: "maxDisplayDuration must be positive")),
    ] as [(ExperimentSchema, BundleError?)])
    func verifierRules(experiment: ExperimentSchema, expected: BundleError?) {
        #expect(Self.error(Self.bundle { $0.addExperiment(experiment) }) == expected)
    }

    @Test func aTipHasOneExperimentInTipOrder() {
        let rule = "experiments are in ascending tip order, at most one per tip"
        let twice = Self.bundle { b in
            b.addExperiment(Self.experiment(Self.two))
            b.addExperiment(Self.experiment(Self.two))
        }
        #expect(Self.error(twice) == .invalidValue(.item(.experiments, 1), rule: rule))
    }

    /// An experiments section tampered with after writing (checksum resealed): each edit is
    /// refused with the error that names it.
    @Test func tamperedSectionIsRefused() throws {
        let b = Self.bundle { $0.addExperiment(Self.experiment(Self.two)) }
        let bytes = BundleWriter.encode(b)
        let frame = try #require(BundleLayoutTests.frames(bytes).last)
        #expect(frame.tag == BundleSection.experiments.rawValue)
        // Frame: tag 4, length 4, count 4, then tip 4, name 4, salt 4, holdout 2, variant count 4,
        // then the first variant: name 4, share 2, flags 1, ...
        let entry = frame.range.lowerBound + 12
        func edit(_ offset: Int, _ value: UInt8) -> [UInt8] {
            var out = bytes
            out[entry + offset] = value
            return VerifierTests.reseal(out)
        }
        #expect(VerifierTests.load(edit(0, 7)) == .indexOutOfRange(.tip, index: 7, at: .item(.experiments, 0)))
        // The holdout's low byte: 1000 = 0x03e8 becomes 0x03e9, one basis point too many.
        #expect(VerifierTests.load(edit(12, 0xe9))
                == .invalidValue(.item(.experiments, 0), rule: "the variants' and the holdout's shares add up to 10000"))
        // The first variant's flags with an unknown bit.
        #expect(VerifierTests.load(edit(24, 0x40)) == .invalidTag(.item(.experiments, 0), value: 0x40))
        // Two experiments claimed where one is written: the reader must not read past the section.
        var count = bytes
        count[frame.range.lowerBound + 8] = 2
        #expect(VerifierTests.load(VerifierTests.reseal(count)) == .truncated(.experiments))
        // An experiments frame in a version 7 bundle: readers of 7 do not know the section.
        var old = bytes
        old[4] = 7
        #expect(VerifierTests.load(VerifierTests.reseal(old)) != nil)
    }

    @Test(arguments: [(UInt16(4500), "45%"), (1250, "12.5%"), (1, "0.01%"), (10_000, "100%"), (1005, "10.05%")])
    func percent(bps: UInt16, text: String) {
        #expect(ExperimentSchema.percent(bps) == text)
    }
}
