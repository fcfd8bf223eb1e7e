import Foundation
import Testing
import TipsJournal
import TipsVM
@testable import TipsRuntime

/// The local calendar in rules (issue 20 item 2), in real zones: daylight-saving edges (a
/// 23- and a 25-hour day, a wall time that does not exist or occurs twice, Lord Howe's
/// 30-minute shift), a zone without daylight saving (Kolkata, +5:30) and travel.
@Suite("Local calendar: time zones, DST edges, travel")
struct LocalCalendarTests {
    static let source = """
    event opened
    tip ThreeAM { title "t" rule timeOfDay >= 3h }
    tip RepeatedHalfHour { title "t" rule timeOfDay >= 2h30m && timeOfDay < 3h }
    tip Sunday { title "t" rule weekday == .sunday }
    tip LateNight { title "t" rule timeOfDay >= 1h45m }
    tip December { title "t" rule month == .december }
    tip Season { title "t" rule during("Dec 20", "Jan 6") }
    tip TwoDays { title "t" rule days(opened within 2w) >= 2 }
    tip FirstWeek { title "t" rule now - installed < 7d }
    tip AfterUpdate { title "t" rule now - appUpdated < 3d }
    """

    static func ms(_ iso: String) -> Int64 { ExplanationFormat.parseDate(iso)! }

    /// Zone, instant (UTC), tip, status: each row one edge, both sides of it.
    static let edges: [(String, String, String, TipStatus)] = [
        // Berlin springs forward at 01:00Z: 01:59:59 CET is followed by 03:00 CEST.
        ("Europe/Berlin", "2026-03-29T00:59:59Z", "ThreeAM", .pending),
        ("Europe/Berlin", "2026-03-29T01:00:00Z", "ThreeAM", .available),
        // Berlin falls back at 01:00Z: 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET).
        ("Europe/Berlin", "2026-10-25T00:30:00Z", "RepeatedHalfHour", .available),
        ("Europe/Berlin", "2026-10-25T00:59:59Z", "RepeatedHalfHour", .available),
        ("Europe/Berlin", "2026-10-25T01:00:00Z", "RepeatedHalfHour", .pending),
        ("Europe/Berlin", "2026-10-25T01:30:00Z", "RepeatedHalfHour", .available),
        // New York's Sunday starts at 05:00Z (EST), the day its clocks spring forward.
        ("America/New_York", "2026-03-08T04:59:59Z", "Sunday", .pending),
        ("America/New_York", "2026-03-08T05:00:00Z", "Sunday", .available),
        ("America/New_York", "2026-03-08T07:00:00Z", "ThreeAM", .available),
        ("America/New_York", "2026-03-08T06:59:59Z", "ThreeAM", .pending),
        // Lord Howe goes from +11 to +10:30 at 15:00Z: 01:59 local becomes 01:30.
        ("Australia/Lord_Howe", "2026-04-04T14:59:00Z", "LateNight", .available),
        ("Australia/Lord_Howe", "2026-04-04T15:00:00Z", "LateNight", .pending),
        ("Australia/Lord_Howe", "2026-04-04T15:15:00Z", "LateNight", .available),
        // Kolkata (+5:30, no daylight saving): December starts at 18:30Z on 30 November.
        ("Asia/Kolkata", "2026-11-30T18:29:59Z", "December", .pending),
        ("Asia/Kolkata", "2026-11-30T18:30:00Z", "December", .available),
        ("Asia/Kolkata", "2027-01-06T18:29:59Z", "Season", .available),
        ("Asia/Kolkata", "2027-01-06T18:30:00Z", "Season", .pending),
        ("Asia/Kolkata", "2026-12-19T18:30:00Z", "Season", .available),
        ("UTC", "2026-12-19T23:59:59Z", "Season", .pending),
    ]

    @Test(arguments: edges)
    func edgesOfTheWallClock(_ zone: String, _ at: String, _ tip: String, _ expected: TipStatus) throws {
        let f = try Fixture(Self.source, clock: ManualClock(start: Self.ms(at)))
        f.store.setTimeZone(try #require(TimeZone(identifier: zone)))
        #expect(try f.status(TipKey(tip)) == expected, "\(tip) in \(zone) at \(at)")
    }

    /// Distinct local days: each donation's day by its own instant's offset.
    static let dayCases: [(String, [String], String, TipStatus)] = [
        // The 25-hour day: 00:30 CEST and 23:30 CET, 24 h apart, are one day.
        ("Europe/Berlin", ["2026-10-24T22:30:00Z", "2026-10-25T22:30:00Z"], "2026-10-26T09:00:00Z", .pending),
        // The 23-hour day: 00:30 CET on 29 March and 00:30 CEST on 30 March, 23 h apart, are two.
        ("Europe/Berlin", ["2026-03-28T23:30:00Z", "2026-03-29T22:30:00Z"], "2026-03-30T09:00:00Z", .available),
        // 23:30 and 04:00 in Berlin are two days; 17:30 and 22:00 in New York one.
        ("Europe/Berlin", ["2026-06-01T21:30:00Z", "2026-06-02T02:00:00Z"], "2026-06-02T09:00:00Z", .available),
        ("America/New_York", ["2026-06-01T21:30:00Z", "2026-06-02T02:00:00Z"], "2026-06-02T09:00:00Z", .pending),
        ("Australia/Lord_Howe", ["2026-04-04T13:15:00Z", "2026-04-04T13:45:00Z"], "2026-04-05T09:00:00Z", .pending),
        ("Asia/Kolkata", ["2026-06-01T18:29:00Z", "2026-06-01T18:31:00Z"], "2026-06-02T09:00:00Z", .available),
    ]

    @Test(arguments: dayCases)
    func distinctLocalDays(_ zone: String, _ donations: [String], _ at: String, _ expected: TipStatus) throws {
        let clock = ManualClock(start: Self.ms(donations[0]))
        let f = try Fixture(Self.source, clock: clock)
        f.store.setTimeZone(try #require(TimeZone(identifier: zone)))
        for d in donations {
            clock.advance(to: Self.ms(d))
            try f.store.donate(dynamic: "opened")
        }
        clock.advance(to: Self.ms(at))
        #expect(try f.status(TipKey("TwoDays")) == expected)
    }

    @Test func travelJudgesEveryStatusAgainInTheNewZone() async throws {
        let clock = ManualClock(start: Self.ms("2026-06-01T21:30:00Z"))
        let f = try Fixture(Self.source, clock: clock)
        f.store.setTimeZone(TimeZone(identifier: "Europe/Berlin")!)
        try f.store.donate(dynamic: "opened")
        clock.advance(to: Self.ms("2026-06-02T02:00:00Z"))
        try f.store.donate(dynamic: "opened")
        let statuses = Recorder(try f.store.statusUpdates(of: TipKey("TwoDays")))
        #expect(try f.status(TipKey("TwoDays")) == .available)
        f.store.setTimeZone(TimeZone(identifier: "America/New_York")!)
        #expect(try f.status(TipKey("TwoDays")) == .pending)
        #expect(f.store.timeZone.identifier == "America/New_York")
        #expect(await statuses.waitFor(2) == [.available, .pending])
    }

    @Test func theFirstWeekCountsFromTheJournalsCreationAcrossLaunches() throws {
        let clock = ManualClock(start: Self.ms("2026-01-01T09:00:00Z"))
        let f = try Fixture(Self.source, clock: clock)
        #expect(try f.status(TipKey("FirstWeek")) == .available)
        #expect(f.store.installedAt == Date(timeIntervalSince1970: 1_767_258_000))
        clock.advance(by: 7 * day - 1)
        try f.reopen()
        #expect(try f.status(TipKey("FirstWeek")) == .available)
        clock.advance(by: 1)
        #expect(try f.status(TipKey("FirstWeek")) == .pending)
    }

    @Test func appUpdatedIsNilUntilTheAppSaysSo() throws {
        let clock = ManualClock(start: Self.ms("2026-01-01T09:00:00Z"))
        let f = try Fixture(Self.source, clock: clock)
        #expect(try f.status(TipKey("AfterUpdate")) == .pending)
        f.store.appUpdated(at: clock.date)
        #expect(try f.status(TipKey("AfterUpdate")) == .available)
        clock.advance(by: 3 * day)
        #expect(try f.status(TipKey("AfterUpdate")) == .pending)
    }

    /// A tip that becomes available at local midnight of 1 December is seen by an observer
    /// at that instant: local midnights are wake-up candidates.
    @Test func anObserverHearsOfLocalMidnight() async throws {
        let clock = ManualClock(start: Self.ms("2026-11-30T20:00:00Z"))
        let f = try Fixture(Self.source, clock: clock)
        f.store.setTimeZone(TimeZone(identifier: "Europe/Berlin")!)
        let statuses = Recorder(try f.store.statusUpdates(of: TipKey("December")))
        #expect(await statuses.waitFor(1) == [.pending])
        clock.advance(to: Self.ms("2026-11-30T22:59:59Z"))
        #expect(statuses.values == [.pending])
        clock.advance(to: Self.ms("2026-11-30T23:00:00Z"))
        #expect(await statuses.waitFor(2) == [.pending, .available])
    }

    @Test func theExplanationShowsTheLocalTime() throws {
        let f = try Fixture(Self.source, clock: ManualClock(start: Self.ms("2026-03-14T09:12:00Z")))
        f.store.setTimeZone(TimeZone(identifier: "Europe/Berlin")!)
        let text = try f.store.explanation(of: TipKey("December")).text
        #expect(text.contains("month = March, needs == .december: now is Saturday 14 March 2026 10:12 (Europe/Berlin)"), "\(text)")
        #expect(text.contains("next: available at 2026-11-30T23:00:00Z"), "\(text)")
    }

    /// The VM's precomputed offsets and integer calendar agree with Foundation's calendar
    /// at instants spread over ten years, in each zone (seeded, so a failure repeats).
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])
    func theTableAgreesWithFoundation(_ id: String) throws {
        let tz = try #require(TimeZone(identifier: id))
        let start = Self.ms("2022-01-01T00:00:00Z")
        let zone = LocalZone(tz, covering: start...(start + 10 * 366 * day))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tz
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var checked = 0
        var instants: [Int64] = zone.transitions.flatMap { [$0 - 1, $0, $0 + 1] }
        for _ in 0..<2000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            instants.append(start + Int64(seed >> 33) % (10 * 365 * day) / 1000 * 1000)
        }
        for t in instants {
            let local = t + zone.offset(at: t)
            let days = CivilDate.day(local)
            let d = CivilDate.date(days: days)
            let c = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute],
                                            from: Date(timeIntervalSince1970: Double(t) / 1000))
            #expect(Int64(tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t) / 1000))) * 1000 == zone.offset(at: t), "\(id) at \(t)")
            #expect(d.year == Int64(c.year!) && d.month == Int64(c.month!) && d.day == Int64(c.day!), "\(id) at \(t)")
            #expect(CivilDate.weekday(days: days) == Int64(c.weekday! == 1 ? 7 : c.weekday! - 1))
            let tod = local - days * CivilDate.dayMs
            #expect(tod / 60_000 == Int64(c.hour! * 60 + c.minute!), "\(id) at \(t)")
            checked += 1
        }
        #expect(checked >= 2000)
        if id != "UTC" && id != "Asia/Kolkata" { #expect(zone.transitions.count >= 18) }
    }
}
