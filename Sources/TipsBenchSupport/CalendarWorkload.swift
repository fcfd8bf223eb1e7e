import TipsCompile
import TipsReference
import TipsSource

extension BenchSupport {
    /// Calendar rules beside a plain windowed count, over `donations` donations of `opened`
    /// one every 15 minutes up to `now` (all inside `within 2w`): what `rule.calendar.*`
    /// compares. Tip order: the baseline `count(opened within 2w) >= 3`, then `month`,
    /// `timeOfDay`, `during(...)` and `days(...)`.
    public static let calendarSource = """
        event opened

        tip CountTip { title "c" rule count(opened within 2w) >= 3 }
        tip MonthTip { title "m" rule month == .september }
        tip MorningTip { title "t" rule timeOfDay >= 9h }
        tip SeasonTip { title "s" rule during("Aug 20", "Sep 6") }
        tip DaysTip { title "d" rule days(opened within 2w) >= 2 }
        """

    public static func calendarWorkload(donations: Int = 1000) -> Workload {
        var sources = SourceSet()
        sources.add(path: "calendar.tips", text: calendarSource)
        return Workload(sources: sources, options: CompileOptions()) { evaluator in
            var state = evaluator.initialState(now: now)
            state.timeZone = "Europe/Berlin"
            state.donations[0] = (0..<donations).map { ReferenceDonation(time: now - Int64(donations - 1 - $0) * 900_000) }
            return state
        }
    }
}
