import Foundation
import Testing
@testable import TipsRuntime

/// A snoozed tip and a tip a display budget holds back are suppressed, and say why (schema
/// 2), where they used to look eligible to analytics while the user never saw them.
@Suite("Effectiveness events: snooze and budget suppressions")
struct SuppressionReasonTests {
    static let catalog = CatalogIdentity(name: "com.example.recipes", version: 1)
    static let source = """
    config { displayBudget 1 per day }
    tip Timer {
        title "Timers"
        action "later" { title "Remind Me Later" snooze 3d }
    }
    tip Scan { title "Scan" }
    """

    @Test func snoozeAndBudgetAreReasons() throws {
        let f = try Fixture(Self.source)
        f.store.setTimeZone(try #require(TimeZone(identifier: "UTC")))
        let t0 = f.clock.now()
        let sink = EffectivenessEventTests.Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        try f.store.presentationBegan("Timer")
        f.clock.advance(by: minute)
        try f.store.perform(action: "later", of: "Timer")
        try f.store.presentationEnded("Timer")
        f.clock.advance(by: 3 * day)
        _ = try f.status("Timer")
        f.store.flushEvents()
        let lines = sink.events.map { EffectivenessEventTests.describe($0, start: t0) }
        // Timer's display takes the day's budget: Scan waits; the snooze hides Timer for 3 days.
        #expect(lines.contains("suppressed Scan displayBudget @d0 00:00"), "\(lines)")
        #expect(lines.contains("suppressed Timer snoozed @d0 00:01"), "\(lines)")
        let suppressions = sink.events.filter { if case .suppressed = $0.kind { true } else { false } }
        #expect(!suppressions.isEmpty && suppressions.allSatisfy { $0.schemaVersion == 2 && $0.json.hasPrefix("{\"schema\":2,") })
        #expect(sink.events.filter { if case .suppressed = $0.kind { false } else { true } }.allSatisfy { $0.schemaVersion == 1 })
    }

    @Test func eachEventCarriesTheOldestSchemaThatDescribesIt() throws {
        let event = EffectivenessEvent(kind: .suppressed(.displayBudget), catalog: Self.catalog, tip: "Scan", at: 0)
        #expect(event.schemaVersion == 2)
        #expect(EffectivenessEvent(kind: .suppressed(.group), catalog: Self.catalog, tip: "Scan", at: 0).schemaVersion == 1)
    }
}
