import TipsRuntime

/// Builds a `Timeline` from samples: the runner calls `sample` after every step and every
/// clock wake-up, and the recorder turns equal consecutive samples into spans.
struct TimelineRecorder {
    private(set) var timeline: Timeline
    /// Tip lanes by label, in order of appearance.
    private var laneIndex: [String: Int] = [:]
    /// The step running (0 before the first); set by the runner.
    var step = 0

    init(title: String, start: Int64, groups: [String]) {
        timeline = Timeline(title: title, start: start, end: start, last: Timeline.Moment(at: start, step: 0), lanes: [], groups: groups.map {
            Timeline.GroupLane(name: $0, spans: [])
        }, marks: [])
    }

    /// The lane of `label`, created on first use (for tip `tip`, default the label).
    mutating func lane(_ label: String, tip: String? = nil, detail: String? = nil) -> Int {
        if let i = laneIndex[label] { return i }
        timeline.lanes.append(Timeline.Lane(label: label, tip: tip ?? label, detail: detail, spans: [], mentioned: false))
        laneIndex[label] = timeline.lanes.count - 1
        return timeline.lanes.count - 1
    }

    /// Marks `label`'s lane as named by a step.
    mutating func mention(_ label: String) {
        timeline.lanes[lane(label)].mentioned = true
    }

    /// The moment of instant `at` in the current step; the run's end moves with it.
    mutating func moment(_ instant: Int64) -> Timeline.Moment {
        let m = Timeline.Moment(at: instant, step: step)
        timeline.end = max(timeline.end, instant)
        timeline.last = max(timeline.last, m)
        return m
    }

    /// The state last recorded for `label`, if any.
    func lastState(_ label: String) -> Timeline.State? {
        laneIndex[label].flatMap { timeline.lanes[$0].spans.last?.state }
    }

    /// Records that `label` is in `state` from `at` on.
    mutating func sample(_ label: String, _ state: Timeline.State, at instant: Int64) {
        let l = lane(label)
        let at = moment(instant)
        if let last = timeline.lanes[l].spans.last, last.state == state { return }
        if !timeline.lanes[l].spans.isEmpty { timeline.lanes[l].spans[timeline.lanes[l].spans.count - 1].end = at }
        timeline.lanes[l].spans.append(Timeline.Span(start: at, end: at, state: state))
    }

    /// Records that group `g`'s current tip is `current` from `at` on.
    mutating func sampleGroup(_ g: Int, _ current: String?, at instant: Int64) {
        guard g < timeline.groups.count else { return }
        let at = moment(instant)
        if let last = timeline.groups[g].spans.last, last.current == current { return }
        if !timeline.groups[g].spans.isEmpty { timeline.groups[g].spans[timeline.groups[g].spans.count - 1].end = at }
        timeline.groups[g].spans.append(Timeline.GroupSpan(start: at, end: at, current: current))
    }

    mutating func mark(_ kind: Timeline.Mark.Kind, at instant: Int64) {
        let at = moment(instant)
        // Donations of one event at one instant become one mark with a count.
        if case .donation(let e, let n) = kind, let last = timeline.marks.last, last.at == at,
           case .donation(let e2, let m) = last.kind, e == e2 {
            timeline.marks[timeline.marks.count - 1].kind = .donation(event: e, count: n + m)
            return
        }
        timeline.marks.append(Timeline.Mark(at: at, kind: kind))
    }

    /// Closes every open span at the end of the run and returns the timeline.
    mutating func finish(at end: Int64) -> Timeline {
        _ = moment(end)
        for l in timeline.lanes.indices where !timeline.lanes[l].spans.isEmpty {
            timeline.lanes[l].spans[timeline.lanes[l].spans.count - 1].end = timeline.last
        }
        for g in timeline.groups.indices where !timeline.groups[g].spans.isEmpty {
            timeline.groups[g].spans[timeline.groups[g].spans.count - 1].end = timeline.last
        }
        return timeline
    }
}
