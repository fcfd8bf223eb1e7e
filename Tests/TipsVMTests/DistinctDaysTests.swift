import Testing
import TipsBenchSupport
import TipsVM

/// `countDays` when an offset change moves the wall clock back across midnight (no real
/// zone does this today; some did): local days no longer ascend with the donations, and the
/// VM must still count each day once.
@Suite struct DistinctDaysTests {
    @Test func aClockMovedBackOverMidnightCountsEachDayOnce() {
        let w = BenchSupport.calendarWorkload(donations: 0)
        let vm = w.makeVM()
        let program = Int(w.verified.bundle.tips[4].rules[0])  // days(opened within 2w) >= 2
        let hour: Int64 = 3_600_000
        let midnight = BenchSupport.now  // 00:00 UTC
        // +1h until 23:40 UTC, then -1h: 00:35 local becomes 22:45 local of the day before.
        let transition = midnight + 23 * hour + 40 * 60_000
        let zone = LocalZone(identifier: "Test/Back", transitions: [transition], offsets: [hour, -hour])!
        var state = RuleState(w.verified, now: midnight + 30 * hour)
        state.zone = zone
        // Local days: D+1 (00:35), D (22:45), D+1 (00:10): two days, not three, not one.
        for t in [midnight + 23 * hour + 35 * 60_000, midnight + 23 * hour + 45 * 60_000, midnight + 25 * hour + 10 * 60_000] {
            let ok = state.donate(event: 0, at: t)
            #expect(ok)
        }
        #expect(vm.evaluateRule(program, in: state))
        // Only the first two: one day each side of the jump, still two.
        var two = RuleState(w.verified, now: midnight + 30 * hour)
        two.zone = zone
        _ = two.donate(event: 0, at: midnight + 23 * hour + 35 * 60_000)
        _ = two.donate(event: 0, at: midnight + 23 * hour + 50 * 60_000)
        #expect(vm.evaluateRule(program, in: two))
        // Two donations of one local day (before the jump): one day.
        var one = RuleState(w.verified, now: midnight + 30 * hour)
        one.zone = zone
        _ = one.donate(event: 0, at: midnight + 23 * hour + 10 * 60_000)
        _ = one.donate(event: 0, at: midnight + 23 * hour + 35 * 60_000)
        #expect(!vm.evaluateRule(program, in: one))
    }
}
