import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// Experiments at run time (Docs/runtime.md, "Experiments"): the assignment from the install
/// identifier and the salt, the variant's copy and limits, the holdout (eligible, never shown,
/// `suppressed` with reason `holdout`), exposures recorded once, overrides, relaunches and merges.
@Suite("Experiments")
struct ExperimentTests {
    static let catalog = CatalogIdentity(name: "com.example.notes", version: 8)

    static let source = """
    event searched
    tip SearchTip {
        title "Search your notes"
        message "Find any note by a word in it."
        rule count(searched) == 0
        experiment copy {
            holdout 10%
            variant short 45% {
                title "Find any note"
            }
            variant long 45% {
                message "Type a word and every note that holds it appears."
                maxDisplayCount 1
            }
        }
    }
    tip PlainTip {
        title "Plain"
    }
    """

    typealias Collector = EffectivenessEventTests.Collector

    /// FNV-1a 64 of the UTF-8 bytes, modulo 10,000. Computed independently with
    /// python3 -c "h=0xcbf29ce484222325
    /// for c in S.encode(): h=((h^c)*0x100000001b3)%2**64
    /// print(h%10000)"
    @Test(arguments: [
        ("T.copy", "", 4580),
        ("SearchTip.copy", "install-1", 3298),
        ("SearchTip.copy", "3F2504E0-4F89-41D3-9A0C-0305E82C3301", 6417),
        ("again", "é✓", 4334),
    ])
    func bucketsMatchFixedVectors(salt: String, install: String, bucket: Int) {
        #expect(Engine.bucket(salt: salt, install: install) == bucket)
    }

    /// Installs of the vectors above (same python, salt `SearchTip.copy`): install-5 is in
    /// bucket 454 (the holdout, below 1000), install-0 in 1509 (short, below 5500),
    /// install-3 in 6876 (long).
    @Test(arguments: [("install-5", "holdout", 454), ("install-0", "short", 1509), ("install-3", "long", 6876)])
    func theBucketPicksTheSide(install: String, variant: String, bucket: Int) throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier(install)
        let a = try #require(try f.store.variantAssignment(of: "SearchTip"))
        #expect(a.variant == variant)
        #expect(a.bucket == bucket)
        // The holdout's exposure is recorded as soon as it would have been shown (now).
        #expect(a.source == (variant == "holdout" ? .exposure : .bucket))
        #expect(try f.store.variantAssignment(of: "PlainTip") == nil)
    }

    @Test func theVariantsCopyAndLimitsApply() throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier("install-0")
        #expect(try f.store.content(of: "SearchTip").title == .plain("Find any note"))
        #expect(try f.store.content(of: "SearchTip").message == .plain("Find any note by a word in it."))
        try f.store.setInstallIdentifier("install-3")
        #expect(try f.store.content(of: "SearchTip").title == .plain("Search your notes"))
        #expect(try f.store.content(of: "SearchTip").message == .plain("Type a word and every note that holds it appears."))
        // long's maxDisplayCount 1: one presentation invalidates it.
        try f.store.presentationBegan("SearchTip")
        try f.store.presentationEnded("SearchTip")
        #expect(try f.status("SearchTip") == .invalidated(.displayCountExceeded))
    }

    @Test func aVariantsExposureIsRecordedOnceAtTheFirstPresentation() throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier("install-0")
        #expect(try f.status("SearchTip") == .available)
        #expect(!(try f.recordTypes()).contains("exposure"))
        try f.store.presentationBegan("SearchTip")
        try f.store.presentationEnded("SearchTip")
        try f.store.presentationBegan("SearchTip")
        #expect(try f.recordTypes().filter { $0 == "exposure" }.count == 1)
        let line = try #require(try f.journalLines().first { $0.contains("\"t\":\"exposure\"") })
        #expect(line.contains("\"tip\":\"SearchTip\",\"experiment\":\"copy\",\"variant\":\"short\""))
        // Recorded, it outlasts the identifier: the install keeps its variant.
        try f.store.setInstallIdentifier("install-3")
        #expect(try f.store.variantAssignment(of: "SearchTip")?.variant == "short")
        #expect(try f.store.variantAssignment(of: "SearchTip")?.source == .exposure)
    }

    @Test func theHoldoutIsEligibleButNeverShown() throws {
        let f = try Fixture(Self.source)
        // A variant's side first: the identifier generated at open is in the holdout one
        // time in ten, and a phase the sink finds when registered is its silent baseline.
        try f.store.setInstallIdentifier("install-0")
        let sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        try f.store.setInstallIdentifier("install-5")
        #expect(try f.status("SearchTip") == .pending)
        #expect(try f.status("PlainTip") == .available)
        #expect(try f.store.variantAssignment(of: "SearchTip")?.reason == "holdout: never shown (bucket 454 of 10000 < 1000; exposure recorded)")
        // Its exposure is recorded at once: the moment it would have been shown.
        let exposures = try f.journalLines().filter { $0.contains("\"t\":\"exposure\"") }
        #expect(exposures.count == 1)
        #expect(exposures.first?.contains("\"variant\":\"holdout\"") == true)
        f.store.flushEvents()
        let held = sink.events.filter { $0.tip == "SearchTip" }
        #expect(held.contains { $0.kind == .suppressed(.holdout) && $0.variant == "holdout" })
        #expect(sink.events.filter { $0.tip == "PlainTip" }.allSatisfy { $0.variant == nil })
        // Its rules still decide eligibility: once they fail, it is no longer held back.
        try f.store.donate(dynamic: "searched")
        #expect(try f.status("SearchTip") == .pending)
        #expect(try f.recordTypes().filter { $0 == "exposure" }.count == 1)
    }

    @Test func everyEventOfTheTipCarriesItsVariant() throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier("install-0")
        let sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        try f.store.presentationBegan("SearchTip")
        try f.store.presentationEnded("SearchTip")
        f.store.flushEvents()
        let events = sink.events.filter { $0.tip == "SearchTip" }
        #expect(!events.isEmpty)
        #expect(events.allSatisfy { $0.variant == "short" && !$0.testing })
    }

    @Test(arguments: [("long", "long"), ("holdout", "holdout"), ("missing", "short")])
    func anOverrideForcesAVariant(forced: String, expected: String) throws {
        var overrides = TestingOverrides()
        overrides.variants = ["SearchTip": forced]
        let f = try Fixture(Self.source, overrides: overrides)
        try f.store.setInstallIdentifier("install-0")
        let a = try f.store.variantAssignment(of: "SearchTip")
        #expect(a?.variant == expected)
        #expect(a?.source == (forced == "missing" ? .bucket : .override))
    }

    @Test func overridesReadTheEnvironmentAndArguments() {
        #expect(TestingOverrides.fromEnvironment(["TIPS_VARIANT": "SearchTip=long, Other=holdout"]).variants
                == ["SearchTip": "long", "Other": "holdout"])
        #expect(TestingOverrides.fromArguments(["--tips-variant=SearchTip=short"]).variants == ["SearchTip": "short"])
    }

    /// Without an identifier from the app, one is generated once, recorded, and kept across
    /// relaunches, so the assignment is too.
    @Test func aGeneratedIdentifierSurvivesRelaunches() throws {
        let f = try Fixture(Self.source)
        let id = f.store.installIdentifier
        #expect(UUID(uuidString: id) != nil)
        #expect(try f.recordTypes().filter { $0 == "install" }.count == 1)
        let before = try f.store.variantAssignment(of: "SearchTip")
        try f.reopen()
        #expect(f.store.installIdentifier == id)
        #expect(try f.store.variantAssignment(of: "SearchTip") == before)
        #expect(try f.recordTypes().filter { $0 == "install" }.count == 1)
    }

    @Test func aCatalogWithoutExperimentsRecordsNoIdentifier() throws {
        let f = try Fixture("tip PlainTip {\n    title \"Plain\"\n}\n")
        try f.store.presentationBegan("PlainTip")
        #expect(try !f.recordTypes().contains("install"))
        #expect(try !f.recordTypes().contains("exposure"))
    }

    /// Two devices shown different variants keep one after syncing: the earlier exposure's.
    @Test func afterAMergeBothDevicesKeepTheEarliestVariant() throws {
        let phone = try Fixture(Self.source)
        let laptop = try Fixture(Self.source, clock: ManualClock(start: phone.clock.now()))
        try phone.store.setInstallIdentifier("install-0")
        try laptop.store.setInstallIdentifier("install-3")
        try phone.store.presentationBegan("SearchTip")
        laptop.clock.advance(by: minute)
        try laptop.store.presentationBegan("SearchTip")
        try SyncTests.sync(phone, laptop)
        #expect(try phone.store.variantAssignment(of: "SearchTip")?.variant == "short")
        #expect(try laptop.store.variantAssignment(of: "SearchTip")?.variant == "short")
        #expect(try laptop.store.content(of: "SearchTip").title == .plain("Find any note"))
    }
}

/// A holdout install converts too (from its exposure, the moment the tip would have been
/// shown), so `tipc report` can compare the variants' conversions with the holdout's.
@Suite struct HoldoutConversionTests {
    @Test func theHoldoutConvertsFromItsExposure() throws {
        let source = ExperimentTests.source.replacingOccurrences(of: "rule count(searched) == 0",
                                                                 with: "rule count(searched) == 0\n    goal searched within 1d")
        let f = try Fixture(source)
        let sink = ExperimentTests.Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: ExperimentTests.catalog), sink.receive)
        try f.store.setInstallIdentifier("install-5")
        #expect(try f.status("SearchTip") == .pending)
        f.clock.advance(by: hour)
        try f.store.donate(dynamic: "searched")
        f.store.flushEvents()
        let converted = sink.events.filter { if case .converted = $0.kind { true } else { false } }
        #expect(converted.count == 1)
        #expect(converted.first?.kind == .converted(presentation: nil))
        #expect(converted.first?.variant == "holdout")
        #expect(try f.store.conversion(of: "SearchTip")?.isConverted == true)
    }
}
