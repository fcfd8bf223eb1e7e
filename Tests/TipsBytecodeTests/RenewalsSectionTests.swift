import Testing
@testable import TipsBytecode

/// The `renewals` section (format version 12): tips' `resetEligibility after D`, written
/// only when some tip declares one, read back equal, and verified.
@Suite struct RenewalsSectionTests {
    /// Tips T and U; `add` adds renewals.
    static func bundle(_ renewals: [RenewalSchema] = []) -> TipsBundle {
        var b = BundleBuilder()
        for name in ["T", "U"] {
            let n = b.string(name)
            _ = b.addTip(TipSchema(name: n, id: Template([.literal(n)]), title: .plain(Template([.literal(n)]))))
        }
        b.setRenewals(renewals)
        return b.bundle
    }

    static func error(_ bundle: TipsBundle) -> BundleError? {
        do { _ = try Verifier.verify(bundle); return nil } catch { return error }
    }

    static let day: Int64 = 86_400_000

    @Test func withoutRenewalsTheBundleIsUnchanged() {
        let bytes = BundleWriter.encode(Self.bundle())
        #expect(bytes[4] == 2)
        #expect(!BundleSection.layout(of: Self.bundle()).contains(.renewals))
    }

    @Test func roundTripAsVersionTwelve() throws {
        let b = Self.bundle([RenewalSchema(tip: 0, after: 60 * Self.day), RenewalSchema(tip: 1, after: 1)])
        let bytes = BundleWriter.encode(b)
        #expect(bytes[4] == 12)
        #expect(BundleLayoutTests.tags(bytes).last == BundleSection.renewals.rawValue)
        let loaded = try BundleLoader.load(bytes)
        #expect(loaded.bundle == b)
        #expect(loaded.bundle.renewals.map(\.after) == [60 * Self.day, 1])
    }

    static let rule = "renewals are in ascending tip order, at most one per tip"
    static let range = "a renewal interval is 1 ms to 100 years"

    @Test(arguments: [
        ([RenewalSchema(tip: 1, after: RenewalSchema.intervals.upperBound)], nil),
        ([RenewalSchema(tip: 2, after: 1)], BundleError.indexOutOfRange(.tip, index: 2, at: .item(.renewals, 0))),
        ([RenewalSchema(tip: 0, after: 0)], .invalidValue(.item(.renewals, 0), rule: range)),
        ([RenewalSchema(tip: 0, after: -day)], .invalidValue(.item(.renewals, 0), rule: range)),
        ([RenewalSchema(tip: 0, after: RenewalSchema.intervals.upperBound + 1)], .invalidValue(.item(.renewals, 0), rule: range)),
        ([RenewalSchema(tip: 0, after: 1), RenewalSchema(tip: 0, after: 2)], .invalidValue(.item(.renewals, 1), rule: rule)),
        ([RenewalSchema(tip: 1, after: 1), RenewalSchema(tip: 0, after: 2)], .invalidValue(.item(.renewals, 1), rule: rule)),
    ] as [([RenewalSchema], BundleError?)])
    func verifierRules(renewals: [RenewalSchema], expected: BundleError?) {
        #expect(Self.error(Self.bundle(renewals)) == expected)
    }

    /// A renewals section tampered with after writing (checksum resealed, so only the
    /// verifier or the reader can tell): each edit is refused with the error that names it.
    @Test func tamperedSectionIsRefused() throws {
        let bytes = BundleWriter.encode(Self.bundle([RenewalSchema(tip: 0, after: Self.day)]))
        let frame = try #require(BundleLayoutTests.frames(bytes).last)
        #expect(frame.tag == BundleSection.renewals.rawValue)
        // Frame: tag 4, length 4, count 4, then tip 4, interval 8.
        let entry = frame.range.lowerBound + 12
        func edit(_ offset: Int, _ value: UInt8) -> [UInt8] {
            var out = bytes
            out[entry + offset] = value
            return VerifierTests.reseal(out)
        }
        #expect(VerifierTests.load(edit(0, 7)) == .indexOutOfRange(.tip, index: 7, at: .item(.renewals, 0)))
        #expect(VerifierTests.load(edit(11, 0x80)) == .invalidValue(.item(.renewals, 0), rule: Self.range))
        // Two renewals claimed where one is written: the reader must not read past the section.
        var count = bytes
        count[frame.range.lowerBound + 8] = 2
        #expect(VerifierTests.load(VerifierTests.reseal(count)) == .truncated(.renewals))
        // A renewals frame in a version 11 bundle: readers of 11 do not know the section.
        var old = bytes
        old[4] = 11
        #expect(VerifierTests.load(VerifierTests.reseal(old)) != nil)
    }
}
