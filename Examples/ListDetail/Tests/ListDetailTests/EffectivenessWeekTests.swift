import Foundation
import Testing
import TipsRuntime
@testable import ListDetail

/// Issue 24's "done when" for the example app: a week of a user's use through the app's own
/// screens (`ListScreen`, `DetailScreen`), on a `ManualClock`, with a journal per user and an
/// effectiveness sink registered as an app registers one. SwipeTip's goal
/// (`itemFavorited where source == .swipe within 7d`) says what a conversion is; its
/// experiment `swipeWording` keeps a fifth of installs in the holdout and splits the rest
/// between the `gesture` and `reward` messages.
///
/// The installs' sides, computed with Python (FNV-1a 64 of `SwipeTip.swipeWording:<id>`
/// modulo 10,000; below 2000 the holdout, below 6000 `gesture`, else `reward`):
/// user-00 82, user-03 1871, user-06 816, user-15 804, user-18 483 are the holdout;
/// user-02 3660, -05, -08, -09, -12, -13, -16, -19 `gesture`; user-01 8293, -04, -07, -10,
/// -11, -14, -17 `reward`.
@MainActor @Suite struct EffectivenessWeekTests {
    /// Each user's first presentation (or, for the holdout, its exposure) is day 0 at 09:00,
    /// so the goal's window is [day 0 09:00, day 7 09:00], both ends included.
    @Test(arguments: [("user-02", "gesture", SimulatedWeek.gesture), ("user-01", "reward", SimulatedWeek.reward)])
    func aVariantIsShownAndASwipeWithinTheWeekConverts(install: String, variant: String, message: String) async throws {
        let user = try SimulatedUser(install: install)
        try await user.learnTheButton()
        for n in Int64(1)...2 { try await user.browse(onDay: n) }
        try await user.swipe(onDay: 3)
        let week = try user.finish()

        #expect(user.swipeTipMessages == [message], "the variant's message is what the list showed")
        #expect(week.assignment.variant == variant && week.assignment.source == .exposure)
        let shown = try #require(week.presentations.first)
        #expect(shown == "SwipeTip#1@\(atDay(0))")
        // The swipe converts the tip, then its `invalidate when` ends it.
        #expect(week.kinds == [.becameEligible, .shown(presentation: shown), .ended(presentation: shown, ending: .dismissed),
                               .converted(presentation: shown), .invalidated(.actionPerformed)])
        #expect(week.events.allSatisfy { $0.variant == variant && !$0.testing })
        #expect(week.events.last?.at == atDay(3))
        #expect(week.conversion.firstShownAt == atDay(0))
        #expect(week.conversion.windowEndsAt == atDay(7))
        #expect(week.conversion.convertedAt == atDay(3))
        #expect(week.conversion.presentation == shown)
        #expect(week.exposures == [Exposure(variant: variant, at: atDay(0))], "one exposure, at the first presentation")
        #expect(week.displayCount == 1)
    }

    @Test func theHoldoutIsNeverShownButStillConvertsWithOneExposure() async throws {
        let user = try SimulatedUser(install: "user-00")
        try await user.learnTheButton()
        // Every day the list and a detail open: each call could record the exposure again.
        for n in Int64(1)...4 { try await user.browse(onDay: n) }
        try await user.swipe(onDay: 5)
        try await user.browse(onDay: 6)
        let week = try user.finish()

        #expect(user.swipeTipMessages.isEmpty, "the holdout never sees the tip")
        #expect(week.displayCount == 0)
        #expect(week.assignment.isHoldout && week.assignment.source == .exposure)
        #expect(week.kinds == [.becameEligible, .suppressed(.holdout), .converted(presentation: nil),
                               .invalidated(.actionPerformed)])
        #expect(week.events.allSatisfy { $0.variant == "holdout" && !$0.testing })
        #expect(week.exposures == [Exposure(variant: "holdout", at: atDay(0))],
                "exactly one exposure: the moment the tip would first have shown")
        // The window starts where the tip would have shown: the exposure.
        #expect(week.conversion.firstShownAt == atDay(0))
        #expect(week.conversion.windowEndsAt == atDay(7))
        #expect(week.conversion.convertedAt == atDay(5))
        #expect(week.conversion.presentation == nil)
    }

    @Test(arguments: ["user-02", "user-00"])
    func aUserWhoNeverSwipesDoesNotConvert(install: String) async throws {
        let user = try SimulatedUser(install: install)
        try await user.learnTheButton()
        for n in Int64(1)...8 { try await user.browse(onDay: n) }
        let week = try user.finish()

        #expect(!week.conversion.isConverted)
        #expect(!week.kinds.contains { if case .converted = $0 { true } else { false } })
        #expect(week.exposures.count == 1)
    }

    /// The window's end is included: a swipe at day 7 09:00 converts, one a minute later
    /// (or the next day) does not, though it still ends the tip (`invalidate when`).
    @Test(arguments: [(0, true), (1, false), (24 * 60, false)])
    func aSwipeAfterTheWindowIsNotAConversion(minutesAfterTheWindow: Int64, converts: Bool) async throws {
        for install in ["user-01", "user-00"] {       // a variant, and the holdout from its exposure
            let user = try SimulatedUser(install: install)
            try await user.learnTheButton()
            try await user.swipe(onDay: 7, minutes: minutesAfterTheWindow)
            let week = try user.finish()

            #expect(week.conversion.isConverted == converts, "\(install)")
            #expect(week.conversion.windowEndsAt == atDay(7), "\(install)")
            #expect(week.kinds.filter { if case .converted = $0 { true } else { false } }.count == (converts ? 1 : 0),
                    "\(install)")
            #expect(week.kinds.last == .invalidated(.actionPerformed), "\(install): the swipe still ends the tip")
        }
    }

    /// `TIPS_VARIANT=SwipeTip=reward` (here `TestingOverrides.variants`) puts a holdout install
    /// on `reward`: it sees the reward message, every SwipeTip event says `testing`, and no
    /// exposure is written (a forced side is not the install's assignment).
    @Test func aForcedVariantIsMarkedAsTestingAndRecordsNoExposure() async throws {
        var overrides = TestingOverrides()
        overrides.variants = ["SwipeTip": "reward"]
        let user = try SimulatedUser(install: "user-00", overrides: overrides)
        try await user.learnTheButton()
        try await user.swipe(onDay: 2)
        let week = try user.finish()

        #expect(user.swipeTipMessages == [SimulatedWeek.reward])
        #expect(week.assignment.variant == "reward" && week.assignment.source == .override)
        #expect(week.kinds.contains(.converted(presentation: week.presentations.first)))
        #expect(!week.events.isEmpty && week.events.allSatisfy { $0.testing && $0.variant == "reward" })
        #expect(week.events.allSatisfy { $0.json.contains("\"testing\":true") })
        let others = user.events.all.filter { $0.tip != "SwipeTip" }
        #expect(!others.isEmpty && others.allSatisfy { !$0.testing }, "only the forced tip's events are marked")
        #expect(week.exposures.isEmpty)
    }

    /// Twenty installs, four ways of using the app in turn: never swiping, swiping once on
    /// day 2, swiping on days 1, 3 and 6, swiping only on day 9. Each converts at most once,
    /// and what the sink heard (per user and per variant) is what each store and journal say.
    @Test func twentyUsersConvertAtMostOnceAndTheSinkAgreesWithTheStores() async throws {
        var sides: [String: Int] = [:]
        var heard: [String: (shown: Int, converted: Int)] = [:]
        var stored: [String: (shown: Int, converted: Int)] = [:]
        for i in 0..<20 {
            let install = String(format: "user-%02d", i)
            let user = try SimulatedUser(install: install)
            try await user.learnTheButton()
            switch i % 4 {
            case 1: try await user.swipe(onDay: 2)
            case 2: for n in [1, 3, 6] as [Int64] { try await user.swipe(onDay: n) }
            case 3: try await user.swipe(onDay: 9)
            default: try await user.browse(onDay: 4)
            }
            let week = try user.finish()
            let variant = week.assignment.variant
            sides[variant, default: 0] += 1

            let shown = week.kinds.filter { if case .shown = $0 { true } else { false } }.count
            let converted = week.kinds.filter { if case .converted = $0 { true } else { false } }.count
            #expect(converted <= 1, "\(install)")
            #expect(converted == (week.conversion.isConverted ? 1 : 0), "\(install)")
            #expect(week.conversion.isConverted == (i % 4 == 1 || i % 4 == 2), "\(install)")
            #expect(Int64(shown) == week.displayCount, "\(install)")
            #expect(week.exposures.map(\.variant) == [variant], "\(install)")
            #expect(week.events.allSatisfy { $0.variant == variant }, "\(install)")
            heard[variant, default: (0, 0)].shown += shown
            heard[variant, default: (0, 0)].converted += converted
            stored[variant, default: (0, 0)].shown += Int(week.displayCount)
            stored[variant, default: (0, 0)].converted += week.conversion.isConverted ? 1 : 0
        }
        #expect(sides == ["holdout": 5, "gesture": 8, "reward": 7], "the buckets computed with Python")
        for variant in ["holdout", "gesture", "reward"] {
            #expect(heard[variant]?.shown == stored[variant]?.shown, "\(variant)")
            #expect(heard[variant]?.converted == stored[variant]?.converted, "\(variant)")
        }
        #expect(stored["holdout"]?.shown == 0)
        #expect(stored.values.map(\.converted).reduce(0, +) == 10)
    }

    /// What leaves the device: only the documented fields, and none of the app's values (the
    /// favourite's `source`, the items' titles, the install identifier, the tip's text).
    @Test func theExportedJSONCarriesNoPayloadValues() async throws {
        let fields: Set<String> = ["schema", "event", "catalog", "catalogVersion", "tip", "instance", "variant", "at",
                                   "testing", "presentation", "ending", "action", "reason", "count"]
        for install in ["user-02", "user-00"] {
            let user = try SimulatedUser(install: install)
            try await user.learnTheButton()
            try await user.swipe(onDay: 1)
            _ = try user.finish()
            let lines = user.events.all.map(\.json)
            #expect(lines.count >= 4)
            for line in lines {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(Set(object.keys).isSubset(of: fields), "\(line)")
                #expect(object["catalog"] as? String == "com.example.listdetail" && object["catalogVersion"] as? Int == 1)
                let strings = object.values.compactMap { $0 as? String }
                for leak in ["swipe", "button", "source", install, "Apples", "Bread", "Coffee", SimulatedWeek.gesture, SimulatedWeek.reward,
                             "Swipe to Favorite"] {
                    #expect(!strings.contains { $0.contains(leak) }, "\(leak) in \(line)")
                }
            }
        }
    }
}

/// The week's calendar and the variants' messages (as tips.tips declares them).
enum SimulatedWeek {
    static let start: Int64 = 1_767_225_600_000   // 2026-01-01T00:00:00Z
    static let gesture = "Swipe left on any item to favorite it right from the list."
    static let reward = "Save a step: swipe an item left and it joins your favorites at the top."
}

/// 09:00 on day `n` of the simulated week (day 0 is 2026-01-01), plus `minutes`.
func atDay(_ n: Int64, minutes: Int64 = 0) -> Int64 {
    SimulatedWeek.start + n * 86_400_000 + 9 * 3_600_000 + minutes * 60_000
}

/// One journal `exposure` record, as the tests compare them.
struct Exposure: Hashable {
    var variant: String
    var at: Int64
}

/// What the sink heard, in order.
final class EventLog: Sendable {
    private let events = Locked<[EffectivenessEvent]>([])
    func append(_ batch: [EffectivenessEvent]) { events.update { $0.append(contentsOf: batch) } }
    var all: [EffectivenessEvent] { events.value }
}

/// The end of a simulated week: SwipeTip as the sink, the store and the journal tell it.
struct Week {
    /// SwipeTip's events, in the order the sink received them.
    var events: [EffectivenessEvent]
    var kinds: [EffectivenessEvent.Kind] { events.map(\.kind) }
    /// The ids of SwipeTip's presentations, from its `shown` events.
    var presentations: [String] {
        events.compactMap { event -> String? in if case .shown(let p) = event.kind { p } else { nil } }
    }
    var assignment: VariantAssignment
    var conversion: TipConversion
    var displayCount: Int64
    /// The journal's exposure records for SwipeTip's experiment.
    var exposures: [Exposure]
}

/// One install using the app for a week: its own clock, journal, install identifier and
/// sink. Every day is a launch: the store is closed overnight and opened again, as an app
/// that was quit, so what carries over is what the journal carries.
@MainActor final class SimulatedUser {
    let clock = ManualClock(start: SimulatedWeek.start)
    let install: String
    let overrides: TestingOverrides
    let journal: URL
    private(set) var store: TipStore
    /// What the app's sink received, over every launch.
    let events = EventLog()
    private var items = [Item(id: 1, title: "Apples"), Item(id: 2, title: "Bread"), Item(id: 3, title: "Coffee")]
    /// The swipe tip's message each time the list put it on screen.
    private(set) var swipeTipMessages: [String] = []

    init(install: String, overrides: TestingOverrides = .none) throws {
        self.install = install
        self.overrides = overrides
        journal = FileManager.default.temporaryDirectory
            .appendingPathComponent("listdetail-week-\(install)-\(UUID().uuidString).jsonl")
        store = try Self.launch(journal: journal, clock: clock, install: install, overrides: overrides, events: events)
    }

    /// What the app does at launch: opens the store, names the install, registers the sink.
    static func launch(journal: URL, clock: ManualClock, install: String, overrides: TestingOverrides,
                       events: EventLog) throws -> TipStore {
        // `.synced`: the journal on disk is complete whenever the test reads it.
        let store = try AppTips.makeStore(journalURL: journal, clock: clock, overrides: overrides, durability: .synced)
        // As an app with accounts would: the same side on every device of the user.
        try store.setInstallIdentifier(install)
        let log = events
        try store.setEventSink(EventSinkOptions(catalog: AppTips.catalogIdentity(of: store))) { log.append($0) }
        return store
    }

    /// Launches the app on day `n` (09:00 plus `minutes`), opens the list, lets `body` use
    /// it, and closes it, keeping the favourites for the next day. The main actor runs until
    /// the presenters have recorded what left the screen, as it would in an app.
    func onDay(_ n: Int64, minutes: Int64 = 0, _ body: (ListScreen) async throws -> Void) async throws {
        store.flushEvents()
        try store.close()
        clock.advance(to: atDay(n, minutes: minutes))
        store = try Self.launch(journal: journal, clock: clock, install: install, overrides: overrides, events: events)
        let list = try ListScreen(store: store, items: items)
        try await body(list)
        items = list.rows
        list.stop()
        #expect(try await eventually { try !displayed() }, "day \(n): a presentation is still open after the list went away")
    }

    /// Whether the store records a list tip as on screen.
    func displayed() throws -> Bool {
        try store.report(of: .favoritesFirstTip).isDisplayed || store.report(of: .swipeTip).isDisplayed
    }

    /// Day 0: favourites two items with the heart. The favourites-first tip comes up after
    /// the first; after the second the swipe tip's rules hold and it waits for the slot. The
    /// user taps outside the favourites-first popover, and then outside the swipe tip's, which
    /// a variant's install sees and the holdout's never does.
    func learnTheButton() async throws {
        let expectsSwipeTip = try #require(try store.variantAssignment(of: .swipeTip)).isHoldout == false
        try await onDay(0) { list in
            for id in [1, 2] {
                let detail = try list.open(id)
                try detail.toggleFavorite()
                detail.stop()
            }
            #expect(await eventually { list.tips.popoverTip == .favoritesFirstTip })
            list.tipDismissedByUser()
            if expectsSwipeTip {
                #expect(await eventually { list.tips.popoverTip == .swipeTip })
                swipeTipMessages.append(list.tips.popover?.message?.fallbackText ?? "")
                list.tipDismissedByUser()
            }
            #expect(try await eventually { try list.tips.popoverTip == nil && !self.displayed() })
        }
    }

    /// A day of browsing: the list and one detail screen, no favourite.
    func browse(onDay n: Int64) async throws {
        try await onDay(n) { list in try list.open(1).stop() }
    }

    /// Swipes the third item to favourite it on day `n`: what the swipe tip teaches.
    func swipe(onDay n: Int64, minutes: Int64 = 0) async throws {
        try await onDay(n, minutes: minutes) { list in try list.swipeToFavorite(3) }
    }

    /// Delivers what the sink has not heard yet, reads the store's and the journal's side of
    /// SwipeTip, and closes the store.
    func finish() throws -> Week {
        store.flushEvents()
        let week = Week(events: events.all.filter { $0.tip == "SwipeTip" },
                        assignment: try #require(try store.variantAssignment(of: .swipeTip)),
                        conversion: try #require(try store.conversion(of: .swipeTip)),
                        displayCount: try store.report(of: .swipeTip).displayCount,
                        exposures: try exposures())
        try store.close()
        return week
    }

    /// The journal's `exposure` records (Docs/journal.md), read from the file as JSON lines.
    func exposures() throws -> [Exposure] {
        try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").compactMap { line -> Exposure? in
            guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  record["t"] as? String == "exposure" else { return nil }
            #expect(record["tip"] as? String == "SwipeTip" && record["experiment"] as? String == "swipeWording")
            return Exposure(variant: record["variant"] as? String ?? "?", at: (record["at"] as? NSNumber)?.int64Value ?? -1)
        }
    }
}
