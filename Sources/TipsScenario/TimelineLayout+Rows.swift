extension TimelineLayout {
    /// One donated event: a diamond per donation instant, `×N` beside it when several.
    mutating func eventRow(_ event: String) {
        rowLabel(event)
        let cy = y + 13
        var lastRight = -Double.infinity
        for m in t.marks {
            guard case .donation(let ev, let count) = m.kind, ev == event else { continue }
            let cx = scale.x(m.at)
            let tip = "\(event)\(count > 1 ? " ×\(count)" : "") at \(when(m.at))"
            line("<g><title>\(e(tip))</title>\(diamond(cx, cy, P.donation))</g>")
            if count > 1 {
                let label = "×\(count)"
                if cx + 7 > lastRight + 3 {
                    line("<text x=\"\(n(cx + 7))\" y=\"\(n(cy + 4))\" font-size=\"10.5\" fill=\"\(P.donation)\" font-weight=\"600\">\(label)</text>")
                    lastRight = cx + 7 + SVGText.width(label, size: 10.5)
                }
            } else {
                lastRight = max(lastRight, cx + 6)
            }
        }
        y += TimelineLayout.rowHeight
    }

    /// One parameter: a ring at each change, labelled with the value where there is room.
    mutating func parameterRow(_ name: String) {
        rowLabel(name)
        labelledMarks(t.marks.compactMap { m -> (Timeline.Moment, String)? in
            if case .parameter(let p, let v) = m.kind, p == name { return (m.at, v) }
            return nil
        }, color: P.parameter, tooltipPrefix: "\(name) = ", labelPrefix: "= ")
        y += TimelineLayout.rowHeight
    }

    /// Overrides, relaunches and resets.
    mutating func controlRow() {
        rowLabel("testing", color: P.muted)
        labelledMarks(controls.compactMap { m -> (Timeline.Moment, String)? in
            if case .control(let text) = m.kind { return (m.at, text) }
            return nil
        }, color: P.control, tooltipPrefix: "", labelPrefix: "")
        y += TimelineLayout.rowHeight
    }

    /// Rings with labels to their right; a label that would overlap the previous one is
    /// left out (the ring keeps it as a tooltip).
    mutating func labelledMarks(_ marks: [(Timeline.Moment, String)], color: String, tooltipPrefix: String, labelPrefix: String) {
        let cy = y + 13
        var lastRight = -Double.infinity
        for (i, (at, value)) in marks.enumerated() {
            let cx = scale.x(at)
            line("<g><title>\(e("\(tooltipPrefix)\(value) at \(when(at))"))</title><circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"4.2\" fill=\"#ffffff\" stroke=\"\(color)\" stroke-width=\"2\"/></g>")
            let nextX = i + 1 < marks.count ? scale.x(marks[i + 1].0) : plotRight + 60
            let room = nextX - cx - 16
            let label = SVGText.fit(labelPrefix + value, width: max(room, 0), size: 11.5)
            if cx + 8 > lastRight + 4, room > 24, label != "…" {
                line("<text x=\"\(n(cx + 8))\" y=\"\(n(cy + 4))\" font-size=\"11.5\" fill=\"\(color)\">\(e(label))</text>")
                lastRight = cx + 8 + SVGText.width(label, size: 11.5)
            }
        }
    }

    /// One tip: its status spans, then action and failure marks on top.
    mutating func tipLane(_ index: Int) {
        let lane = t.lanes[index]
        let laneNumber = lanes.firstIndex(of: index) ?? 0
        if laneNumber % 2 == 1 {
            line("<rect x=\"\(n(TimelineLayout.margin - 8))\" y=\"\(n(y))\" width=\"\(n(plotRight - TimelineLayout.margin + 16))\" height=\"\(n(TimelineLayout.rowHeight))\" rx=\"4\" fill=\"#f8f9fb\"/>")
        }
        rowLabel(lane.label, tooltip: lane.detail)
        let top = y + 6, height = 14.0
        for s in lane.spans {
            let x0 = scale.x(s.start)
            let x1 = s.end >= t.last ? plotRight : scale.x(s.end)
            let w = max(2, x1 - x0 - 1.5)
            let until = s.end >= t.last ? "the end" : when(s.end)
            let tooltip: String
            let fill: String
            var stroke = ""
            var caption: String? = nil
            switch s.state {
            case .pending: fill = P.pending; tooltip = "pending"
            case .available: fill = P.available; tooltip = "available"
            case .heldBack: fill = P.heldBack; tooltip = "held back by its group"
            case .heldBackByBudget: fill = P.budgetHeld; tooltip = "held back by a display budget"
            case .snoozed: fill = P.snoozed; tooltip = "snoozed"
            case .displayed: fill = P.displayed; tooltip = "displayed"
            case .invalidated(let r):
                fill = "url(#hatch)"
                stroke = " stroke=\"\(P.invalidated)\" stroke-width=\"1\""
                tooltip = "invalidated (\(r.rawValue))"
                caption = r.rawValue
            }
            line("<rect x=\"\(n(x0 + 0.5))\" y=\"\(n(top))\" width=\"\(n(w))\" height=\"\(n(height))\" rx=\"3\" fill=\"\(fill)\"\(stroke)><title>\(e("\(lane.label): \(tooltip) from \(when(s.start)) to \(until)"))</title></rect>")
            if let caption {
                let fitted = SVGText.fit(caption, width: w - 14, size: 10.5)
                if w > 40, fitted != "…" {
                    line("<text x=\"\(n(x0 + 10))\" y=\"\(n(top + 10.5))\" font-size=\"10.5\" font-weight=\"600\" fill=\"#9b1c1c\" stroke=\"#fdf2f2\" stroke-width=\"3\" paint-order=\"stroke\">\(e(fitted))</text>")
                }
            }
        }
        for m in t.marks {
            switch m.kind {
            case .tipAction(let l, let label) where l == index:
                line("<g><title>\(e("\(label) at \(when(m.at))"))</title><circle cx=\"\(x(m.at))\" cy=\"\(n(top + height / 2))\" r=\"4.2\" fill=\"#ffffff\" stroke=\"\(P.text)\" stroke-width=\"1.6\"/></g>")
            case .failure(let l?, let message) where l == index:
                line("<g><title>\(e("\(message) (at \(when(m.at)))"))</title>\(failureGlyph(scale.x(m.at), top + height / 2))</g>")
            default:
                break
            }
        }
        y += TimelineLayout.rowHeight
    }

    /// One group: its current tip over time, named inside the bar where it fits.
    mutating func groupLane(_ g: Int) {
        let lane = t.groups[g]
        rowLabel(lane.name)
        let top = y + 5, height = 16.0
        for s in lane.spans {
            let x0 = scale.x(s.start)
            let x1 = s.end >= t.last ? plotRight : scale.x(s.end)
            guard let current = s.current else {
                line("<line x1=\"\(n(x0 + 1))\" y1=\"\(n(top + height / 2))\" x2=\"\(n(x1 - 1))\" y2=\"\(n(top + height / 2))\" stroke=\"\(P.rule)\" stroke-width=\"1.5\" stroke-dasharray=\"3 3\"/>")
                continue
            }
            let w = max(2, x1 - x0 - 1.5)
            let until = s.end >= t.last ? "the end" : when(s.end)
            line("<rect x=\"\(n(x0 + 0.5))\" y=\"\(n(top))\" width=\"\(n(w))\" height=\"\(n(height))\" rx=\"3\" fill=\"\(P.groupFill)\" stroke=\"\(P.groupStroke)\"><title>\(e("\(lane.name): \(current) from \(when(s.start)) to \(until)"))</title></rect>")
            let fitted = SVGText.fit(current, width: w - 10, size: 11)
            if w > 30, fitted != "…" {
                line("<text x=\"\(n(x0 + 6))\" y=\"\(n(top + 12))\" font-size=\"11\" fill=\"\(P.groupText)\">\(e(fitted))</text>")
            }
        }
        if lane.spans.allSatisfy({ $0.current == nil }) {
            line("<text x=\"\(n(plotLeft + 4))\" y=\"\(n(top + 3))\" font-size=\"10.5\" fill=\"\(P.faint)\">no current tip</text>")
        }
        y += TimelineLayout.rowHeight
    }

    /// One axis label: where, and its lines (the day and time; the date under a day's first label).
    struct AxisLabel {
        var at: Int64
        var x: Double
        var text: String
        var date: String?
        /// The wider of the two lines, for overlap checks.
        var width: Double { max(SVGText.width(text, size: 11), date.map { SVGText.width($0, size: 10) } ?? 0) }
    }

    /// The moments that get a label on the axis: left to right, skipping any that would
    /// overlap the previous label; the last moment always gets one (dropping a neighbour).
    /// Labels name real days (`day 2 09:00`, day 1 being the scenario's first day, UTC), the
    /// first label of each day with its date; later labels of that day give the time only.
    func axisLabels() -> [AxisLabel] {
        var out: [AxisLabel] = []
        func fits(_ l: AxisLabel, after previous: AxisLabel?) -> Bool {
            guard let p = previous else { return true }
            return l.x - l.width / 2 >= p.x + p.width / 2 + 10
        }
        func label(_ m: Timeline.Moment, after previous: AxisLabel?) -> AxisLabel {
            let sameDay = previous.map { DayLabel.day($0.at) == DayLabel.day(m.at) } ?? false
            let time = DayLabel.timeOfDay(m.at)
            return sameDay ? AxisLabel(at: m.at, x: scale.x(m), text: time)
                : AxisLabel(at: m.at, x: scale.x(m), text: "day \(DayLabel.number(m.at, start: t.start)) \(time)", date: DayLabel.date(m.at))
        }
        // Only the first moment of each instant: the steps after it took no time.
        var firsts: [Timeline.Moment] = []
        for m in scale.moments where firsts.last?.at != m.at { firsts.append(m) }
        for m in firsts {
            let l = label(m, after: out.last)
            if fits(l, after: out.last) { out.append(l) }
        }
        if let last = firsts.last, out.last?.at != last.at {
            while let p = out.last, !fits(label(last, after: p), after: p), out.count > 1 { out.removeLast() }
            let l = label(last, after: out.last)
            if fits(l, after: out.last) { out.append(l) }
        }
        return out
    }

    /// Light vertical lines at the labelled moments, behind everything.
    mutating func grid(top: Double, bottom: Double) {
        for label in axisLabels() {
            line("<line x1=\"\(n(label.x))\" y1=\"\(n(top))\" x2=\"\(n(label.x))\" y2=\"\(n(bottom + 6))\" stroke=\"\(P.grid)\"/>")
        }
    }

    /// The time axis: a tick at every moment, labels where they fit, and a caption.
    mutating func axis() {
        let ay = y + 8
        line("<line x1=\"\(n(plotLeft))\" y1=\"\(n(ay))\" x2=\"\(n(plotRight))\" y2=\"\(n(ay))\" stroke=\"\(P.rule)\"/>")
        for m in scale.moments {
            line("<line x1=\"\(x(m))\" y1=\"\(n(ay))\" x2=\"\(x(m))\" y2=\"\(n(ay + 3))\" stroke=\"\(P.faint)\"/>")
        }
        for label in axisLabels() {
            line("<line x1=\"\(n(label.x))\" y1=\"\(n(ay))\" x2=\"\(n(label.x))\" y2=\"\(n(ay + 6))\" stroke=\"\(P.muted)\"/>")
            // A label that would run past the right edge ends at its tick instead.
            let overflows = label.x + label.width / 2 > TimelineSVG.width - 8
            let anchor = overflows ? "end" : "middle"
            line("<text class=\"axis-label\" x=\"\(n(label.x))\" y=\"\(n(ay + 19))\" font-size=\"11\" text-anchor=\"\(anchor)\" fill=\"\(P.muted)\" font-variant-numeric=\"tabular-nums\">\(e(label.text))</text>")
            if let date = label.date {
                line("<text class=\"axis-date\" x=\"\(n(label.x))\" y=\"\(n(ay + 32))\" font-size=\"10\" text-anchor=\"\(anchor)\" fill=\"\(P.faint)\" font-variant-numeric=\"tabular-nums\">\(e(date))</text>")
            }
        }
        line("<text x=\"\(n(TimelineLayout.margin))\" y=\"\(n(ay + 19))\" font-size=\"11\" fill=\"\(P.faint)\">UTC</text>")
        line("<text x=\"\(n(plotRight))\" y=\"\(n(ay + 50))\" font-size=\"10.5\" text-anchor=\"end\" fill=\"\(P.faint)\">day 1 is the scenario's first day; time is drawn between the moments something happens; long waits are shortened</text>")
        y = ay + 52
    }
}
