import TipsJournal
import TipsText

extension TipExplanation {
    /// The explanation as lines of text (what `tipc explain` prints):
    ///
    ///     ShortcutTip: pending at 2026-01-08T00:00:00Z
    ///       rule 2 ✗ count(manualSave within 7d) >= 3   (main.tips:10:10)
    ///           count(manualSave within 7d) = 2, needs >= 3
    ///       next: not by time alone; needs rule 2 (event manualSave)
    public var text: String {
        // A member its group holds back is not "available" to the app: the header says
        // held back (its status, in the JSON, stays what its own rules make it).
        var lines: [String] = []
        let idPart = id == name ? "" : " (\(id))"
        lines.append("\(name)\(idPart): \(isHeldBackByGroup ? "held back by its group" : status.description) at \(ExplanationFormat.date(at))")
        if let arguments, !arguments.isEmpty {
            lines.append("  arguments: " + arguments.map { "\($0.name) = \($0.value)" }.joined(separator: ", "))
        }
        if notInLiveCatalog { lines.append("  not in the live catalog: the app's catalog has it, the adopted one removed it; never shown") }
        if suspended { lines.append("  suspended by the live catalog (its kill switch): hidden whatever its rules say") }
        if let override { lines.append("  override: \(override == "show" ? "shown" : "hidden") by a testing override") }
        if let invalidation {
            let when = invalidation.at.map { " at \(ExplanationFormat.date($0))" } ?? " (duration limit reached now)"
            lines.append("  invalidated: \(invalidation.reason.rawValue)\(when)")
        }
        if let snooze { lines.append("  \(snooze.summary)") }
        if let renewal { lines.append("  \(renewal.summary)") }
        if rules.isEmpty { lines.append("  rules: none (eligible at once)") }
        for rule in rules {
            var head = "  rule \(rule.number) \(rule.holds ? "✓" : "✗")"
            if !rule.text.isEmpty { head += " \(rule.text)" }
            if let file = rule.file { head += "   (\(file):\(rule.line):\(rule.column))" }
            else if rule.line > 0 { head += "   (line \(rule.line):\(rule.column))" }
            lines.append(head)
            for p in rule.probes {
                let mark = p.holds.map { ($0 != p.negated) ? "✓ " : "✗ " } ?? "  "
                lines.append("      \(mark)\(p.summary)")
            }
            let reads = rule.parameters.map { "\($0.name) = \($0.value)" } + rule.events.map { "event \($0)" }
            if !reads.isEmpty { lines.append("        reads: " + reads.joined(separator: ", ")) }
        }
        if let c = cooldown {
            var line = "  cooldown: started by \(c.startedBy) at \(ExplanationFormat.date(c.startedAt)), ends \(ExplanationFormat.date(c.endsAt))"
            line += c.holdsBack ? "; holds this tip back" : "; does not hold this tip back (\(c.exemption ?? "not pending on it"))"
            lines.append(line)
        }
        for b in budgets { lines.append("  budget: \(b.summary)") }
        if let g = group {
            var line = "  group: \(g.name) (\(g.priority)), member \(g.position) of \(g.members.count); current: \(g.current ?? "none")"
            if let by = g.heldBackBy { line += "; held back by \(by) (\(g.heldBackReason ?? ""))" }
            lines.append(line)
        }
        for c in conditionalContent {
            lines.append("  \(c.item): \(c.shown ? "shown" : "hidden") (\(c.why))")
        }
        if let goal { lines.append("  goal: \(goal.goal): " + goal.summary(at: at)) }
        if let variant { lines.append("  experiment \(variant.experiment): \(variant.reason)") }
        var d = "  display: \(display.count)" + (display.maxCount.map { " of max \($0)" } ?? "") + " displays, "
        d += ExplanationFormat.duration(display.milliseconds) + (display.maxMilliseconds.map { " of max \(ExplanationFormat.duration($0))" } ?? "")
        if display.isDisplayed { d += ", displayed now" }
        lines.append(d)
        switch next {
        case .now: lines.append("  next: available now")
        case .at(let t): lines.append("  next: available at \(ExplanationFormat.date(t)) if nothing else changes")
        case .needsInput(let r, let inputs):
            let rulesText = r.isEmpty ? "" : " rule" + (r.count == 1 ? " " : "s ") + r.map(String.init).joined(separator: ", ")
            let inputsText = inputs.isEmpty ? "" : " (\(inputs.joined(separator: ", ")))"
            lines.append("  next: not by time alone; needs\(rulesText)\(inputsText) to change")
        case .blocked(let why): lines.append("  next: never by time alone: \(why)")
        }
        // Each entry is one line: control characters in names (journal ids are anyone's
        // data) are escaped so they can't forge lines or drive the terminal.
        return lines.map { TerminalText.escaped($0) }.joined(separator: "\n") + "\n"
    }
}

extension TipExplanation {
    /// Whether its own status is available but its group shows another member (an earlier
    /// one, or the one on screen): the app would not show it.
    public var isHeldBackByGroup: Bool { status == .available && group?.heldBackBy != nil }
}

extension TipConversion {
    /// Whether and when it converted, in words, as of `now`: `converted at …, 2h after first
    /// shown`, `not converted; window open until …`, `not converted; window ended …`, or
    /// `not shown yet (the window starts at the first presentation)`; for a held-out install
    /// the window counts from its exposure (`… after the holdout exposure`).
    public func summary(at now: Int64) -> String {
        guard let first = firstShownAt, let end = windowEndsAt else {
            return "not shown yet (the window starts at the first presentation)"
        }
        if let at = convertedAt {
            let start = startsAtExposure ? "the holdout exposure" : "first shown"
            return "converted at \(ExplanationFormat.date(at)), \(ExplanationFormat.duration(at &- first)) after \(start)"
                + (presentation.map { " (\($0))" } ?? "")
        }
        return now <= end ? "not converted; window open until \(ExplanationFormat.date(end))"
            : "not converted; window ended \(ExplanationFormat.date(end))"
    }
}
