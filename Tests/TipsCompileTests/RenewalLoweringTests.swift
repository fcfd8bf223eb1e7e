import Testing
import TipsBytecode
import TipsCompile

/// `resetEligibility after D` lands in the bundle's `renewals` section (format 12), one
/// entry per declaring tip in tip order (a reusable tip's entry stands for every instance);
/// a catalog without the clause compiles to a bundle without the section.
@Suite struct RenewalLoweringTests {
    @Test func theSectionHoldsEachDeclaringTip() throws {
        let (bundle, bytes) = try LoweringFixture.compile("""
            let season = 8w
            tip A {
                title "A"
                resetEligibility after 60d
            }
            tip B {
                title "B"
            }
            tip C(name: String) {
                id "c-\\(name)"
                title "C"
                resetEligibility after season
            }
            """)
        let day: Int64 = 86_400_000
        #expect(bundle.renewals == [RenewalSchema(tip: 0, after: 60 * day), RenewalSchema(tip: 2, after: 56 * day)])
        #expect(bundle.formatVersion == BundleFormat.renewalsVersion)
        #expect(try BundleLoader.load(bytes).bundle.renewals == bundle.renewals)
    }

    @Test func withoutTheClauseThereIsNoSection() throws {
        let (bundle, _) = try LoweringFixture.compile("tip A {\n title \"A\"\n}\n")
        #expect(bundle.renewals.isEmpty)
        #expect(bundle.formatVersion < BundleFormat.renewalsVersion)
    }
}
