import TipsTime

/// Lays out and writes one timeline picture (see `TimelineSVG`).
struct TimelineLayout {
    typealias P = TimelineSVG.Palette
    let t: Timeline
    let scale: TimelineScale
    let labelWidth: Double
    let plotLeft: Double
    let plotRight: Double
    /// Tip lanes drawn: those that leave `pending` or that a step names.
    let lanes: [Int]
    var out = ""
    var y = 0.0
    static let rowHeight = 26.0
    static let margin = 28.0

    init(_ timeline: Timeline) {
        t = timeline
        lanes = timeline.lanes.indices.filter { i in
            timeline.lanes[i].mentioned || timeline.lanes[i].spans.contains { $0.state != .pending }
        }
        var labels = lanes.map { timeline.lanes[$0].label } + timeline.groups.map(\.name)
        labels += TimelineLayout.events(timeline) + TimelineLayout.parameters(timeline)
        let widest = labels.map { SVGText.width($0, size: 12.5) }.max() ?? 80
        labelWidth = min(240, max(110, widest + 18))
        plotLeft = TimelineLayout.margin + labelWidth
        plotRight = TimelineSVG.width - TimelineLayout.margin - 6
        var moments = [Timeline.Moment(at: timeline.start, step: 0), timeline.last]
        for l in timeline.lanes { for s in l.spans { moments += [s.start, s.end] } }
        for g in timeline.groups { for s in g.spans { moments += [s.start, s.end] } }
        moments += timeline.marks.map(\.at)
        scale = TimelineScale(moments: moments, left: plotLeft, right: plotRight)
    }

    /// Donated events in order of first donation.
    static func events(_ t: Timeline) -> [String] {
        var seen: [String] = []
        for m in t.marks { if case .donation(let e, _) = m.kind, !seen.contains(e) { seen.append(e) } }
        return seen
    }

    /// Parameters set, in order of first change.
    static func parameters(_ t: Timeline) -> [String] {
        var seen: [String] = []
        for m in t.marks { if case .parameter(let p, _) = m.kind, !seen.contains(p) { seen.append(p) } }
        return seen
    }

    var controls: [Timeline.Mark] {
        t.marks.filter { if case .control = $0.kind { return true } else { return false } }
    }

    func x(_ at: Timeline.Moment) -> String { SVGText.num(scale.x(at)) }
    func n(_ v: Double) -> String { SVGText.num(v) }
    func e(_ s: String) -> String { SVGText.escape(s) }
    /// A moment in tooltips: its day and time, and the exact time since the start
    /// (`day 2 09:00 (+1d 9h)`).
    func when(_ at: Timeline.Moment) -> String {
        let since = at.at &- t.start
        return DayLabel.text(at.at, start: t.start) + (since > 0 ? " (\(SVGText.elapsed(since)))" : "")
    }

    mutating func line(_ s: String) { out += s + "\n" }

    // MARK: - Document

    mutating func draw() -> String {
        y = 96
        out = ""
        let gridTop = y
        let events = TimelineLayout.events(t)
        section("Events", rows: events.count) { l in for e in events { l.eventRow(e) } }
        let params = TimelineLayout.parameters(t)
        section("Changes", rows: params.count + (controls.isEmpty ? 0 : 1)) { l in
            for p in params { l.parameterRow(p) }
            if !l.controls.isEmpty { l.controlRow() }
        }
        section("Tips", rows: lanes.count) { l in for i in l.lanes { l.tipLane(i) } }
        let hidden = t.lanes.count - lanes.count
        if hidden > 0 {
            line("<text x=\"\(n(TimelineLayout.margin))\" y=\"\(n(y + 12))\" font-size=\"11.5\" fill=\"\(P.muted)\" font-style=\"italic\">\(hidden) other tip\(hidden == 1 ? "" : "s") stayed pending throughout</text>")
            y += 22
        }
        section("Groups", rows: t.groups.count) { l in for g in l.t.groups.indices { l.groupLane(g) } }
        let gridBottom = y
        axis()
        let height = y + 24
        let body = out
        out = ""
        line("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(TimelineSVG.width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(TimelineSVG.width)) \(n(height))\" font-family=\"\(TimelineSVG.fontStack)\" font-size=\"12.5\">")
        line("<title>\(e(t.title))</title>")
        defs()
        line("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
        header()
        grid(top: gridTop, bottom: gridBottom)
        out += body
        line("</svg>")
        return out
    }

    mutating func defs() {
        line("<defs>")
        line("<pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">")
        line("<rect width=\"6\" height=\"6\" fill=\"\(P.invalidatedFill)\"/><rect width=\"2.4\" height=\"6\" fill=\"\(P.invalidated)\" fill-opacity=\"0.55\"/>")
        line("</pattern>")
        line("</defs>")
    }

    mutating func header() {
        let m = TimelineLayout.margin
        line("<text x=\"\(n(m))\" y=\"38\" font-size=\"19\" font-weight=\"600\" fill=\"\(P.text)\">\(e(t.title))</text>")
        let span = t.end &- t.start
        let sub = "\(ISO8601.display(t.start)) → \(ISO8601.display(t.end))  ·  \(span == 0 ? "no time passes" : DurationText.format(span, separator: " "))"
        line("<text x=\"\(n(m))\" y=\"59\" font-size=\"12\" fill=\"\(P.muted)\">\(e(sub))</text>")
        // Legend, right-aligned on the subtitle's baseline row below the title.
        var items: [(String, String)] = [("pending", "rect:\(P.pending)"), ("available", "rect:\(P.available)"),
                                         ("displayed", "rect:\(P.displayed)"), ("invalidated", "hatch")]
        if t.lanes.contains(where: { $0.spans.contains { $0.state == .heldBack } }) {
            items.insert(("held back", "rect:\(P.heldBack)"), at: 2)
        }
        if t.lanes.contains(where: { $0.spans.contains { $0.state == .heldBackByBudget } }) {
            items.insert(("budget used", "rect:\(P.budgetHeld)"), at: items.count - 2)
        }
        if t.lanes.contains(where: { $0.spans.contains { $0.state == .snoozed } }) {
            items.insert(("snoozed", "rect:\(P.snoozed)"), at: items.count - 2)
        }
        if !TimelineLayout.events(t).isEmpty { items.append(("donation", "diamond")) }
        if !TimelineLayout.parameters(t).isEmpty { items.append(("parameter set", "param")) }
        if t.marks.contains(where: { if case .tipAction = $0.kind { return true } else { return false } }) {
            items.append(("action / close", "action"))
        }
        if t.marks.contains(where: { if case .failure = $0.kind { return true } else { return false } }) {
            items.append(("failed expectation", "failure"))
        }
        var lx = m
        let ly = 80.0
        for (label, kind) in items {
            switch kind {
            case "hatch":
                line("<rect x=\"\(n(lx))\" y=\"\(n(ly - 9))\" width=\"18\" height=\"11\" rx=\"2.5\" fill=\"url(#hatch)\" stroke=\"\(P.invalidated)\" stroke-width=\"1\"/>")
                lx += 24
            case "diamond":
                line(diamond(lx + 6, ly - 3.5, P.donation))
                lx += 16
            case "param":
                line("<circle cx=\"\(n(lx + 5))\" cy=\"\(n(ly - 3.5))\" r=\"4\" fill=\"#ffffff\" stroke=\"\(P.parameter)\" stroke-width=\"2\"/>")
                lx += 15
            case "action":
                line("<circle cx=\"\(n(lx + 5))\" cy=\"\(n(ly - 3.5))\" r=\"4\" fill=\"#ffffff\" stroke=\"\(P.text)\" stroke-width=\"1.6\"/>")
                lx += 15
            case "failure":
                line(failureGlyph(lx + 6, ly - 3.5))
                lx += 17
            default:
                let color = String(kind.dropFirst(5))
                line("<rect x=\"\(n(lx))\" y=\"\(n(ly - 9))\" width=\"18\" height=\"11\" rx=\"2.5\" fill=\"\(color)\"/>")
                lx += 24
            }
            line("<text x=\"\(n(lx))\" y=\"\(n(ly))\" font-size=\"12\" fill=\"\(P.text)\">\(e(label))</text>")
            lx += SVGText.width(label, size: 12) + 18
        }
    }

    /// A section heading and its rows, separated from the previous section by a rule.
    mutating func section(_ title: String, rows: Int, _ body: (inout TimelineLayout) -> Void) {
        guard rows > 0 else { return }
        y += 10
        line("<text x=\"\(n(TimelineLayout.margin))\" y=\"\(n(y + 10))\" font-size=\"10.5\" font-weight=\"600\" letter-spacing=\"0.08em\" fill=\"\(P.faint)\">\(e(title.uppercased()))</text>")
        line("<line x1=\"\(n(TimelineLayout.margin + SVGText.width(title.uppercased(), size: 10.5) * 1.1 + 10))\" y1=\"\(n(y + 6.5))\" x2=\"\(n(plotRight))\" y2=\"\(n(y + 6.5))\" stroke=\"\(P.grid)\"/>")
        y += 16
        body(&self)
    }

    /// The row label at the left.
    mutating func rowLabel(_ text: String, color: String = P.text, tooltip detail: String? = nil) {
        let fitted = SVGText.fit(text, width: labelWidth - 14, size: 12.5)
        let full = detail ?? (fitted == text ? nil : text)
        let tooltip = full.map { "<title>\(e($0))</title>" } ?? ""
        line("<text x=\"\(n(TimelineLayout.margin))\" y=\"\(n(y + 17))\" fill=\"\(color)\">\(tooltip)\(e(fitted))</text>")
    }

    func diamond(_ cx: Double, _ cy: Double, _ color: String, size r: Double = 5.5) -> String {
        "<path d=\"M\(n(cx)) \(n(cy - r))L\(n(cx + r)) \(n(cy))L\(n(cx)) \(n(cy + r))L\(n(cx - r)) \(n(cy))Z\" fill=\"\(color)\" stroke=\"#ffffff\" stroke-width=\"1\"/>"
    }

    func failureGlyph(_ cx: Double, _ cy: Double) -> String {
        "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"6\" fill=\"\(P.failure)\" stroke=\"#ffffff\" stroke-width=\"1.2\"/>"
            + "<path d=\"M\(n(cx - 2.3)) \(n(cy - 2.3))L\(n(cx + 2.3)) \(n(cy + 2.3))M\(n(cx + 2.3)) \(n(cy - 2.3))L\(n(cx - 2.3)) \(n(cy + 2.3))\" stroke=\"#ffffff\" stroke-width=\"1.6\" stroke-linecap=\"round\"/>"
    }
}
