import TipsRuntime
import TipsSource
import TipsTime

extension ScenarioRun {
    /// `expect T status`: `S200` when the status differs, with notes saying why it is what
    /// it is (the rules that are false, the cooldown, an override, when it was invalidated).
    mutating func expectStatus(_ t: TipReference, _ expected: ScenarioStep.ExpectedStatus, statusRange: SourceRange,
                               step: ScenarioStep) throws(StepFailure) {
        let tip = try address(t)
        let store = try openStore
        let report: TipReport
        do { report = try store.report(of: tip) } catch { throw failure(error, step: step, name: t.name) }
        guard !expected.matches(report.status) else { return }
        let message = "expected \(t.text) to be \(expected), but it is \(report.status)"
        var notes = explanation(of: report)
        notes.append(timeNote())
        diagnostics.append(.error(.unexpectedStatus, message, at: statusRange, notes: notes))
        recorder.mark(.failure(lane: recorder.lane(laneLabel(tip)), message: message), at: now)
    }

    /// `expect group G current T|none`: `S201` when the current tip differs; notes list
    /// every member's status.
    mutating func expectGroup(_ g: ScenarioName, _ expected: TipReference?, currentRange: SourceRange,
                              step: ScenarioStep) throws(StepFailure) {
        let store = try openStore
        let current: TipKey?
        do { current = try store.currentTip(inGroup: TipGroupKey(g.text)) } catch { throw failure(error, step: step, name: g) }
        let want = expected.map { $0.tip(now: now) }
        guard current != want else { return }
        let got = current?.description ?? "none"
        let message = "expected the current tip of group \(g.text) to be \(expected?.text ?? "none"), but it is \(got)"
        var notes: [Note] = []
        if let group = runner.catalog.model.groups.first(where: { $0.name == g.text }) {
            notes.append(Note("group \(g.text) is \(group.priority.rawValue)", at: move(group.range)))
            for m in group.members where m < runner.catalog.model.tips.count {
                let name = runner.catalog.model.tips[m].name
                if runner.catalog.model.tips[m].isReusable {
                    // A reusable member stands for the instances addressed so far.
                    let instances = store.reports().filter { $0.tip.name == name }
                    if instances.isEmpty { notes.append(Note("\(name) has no instance yet")) }
                    for r in instances {
                        notes.append(Note("\(r.tip) is \(r.status)\(r.isDisplayed ? " and displayed" : "")"))
                    }
                } else if let r = try? store.report(of: TipKey(name)) {
                    notes.append(Note("\(name) is \(r.status)\(r.isDisplayed ? " and displayed" : "")"))
                }
            }
        }
        notes.append(timeNote())
        diagnostics.append(.error(.unexpectedCurrentTip, message, at: currentRange, notes: notes))
        recorder.mark(.failure(lane: nil, message: message), at: now)
    }

    /// `expect param p == value`: `S202` when the value differs (an Int matches an equal Double).
    mutating func expectParameter(_ p: ScenarioName, _ v: ScenarioValue, step: ScenarioStep) throws(StepFailure) {
        let store = try openStore
        let got: TipValue
        do { got = try store.parameter(dynamic: p.text) } catch { throw failure(error, step: step, name: p) }
        let want = v.resolve(now: now)
        guard !ScenarioRun.equal(got, want) else { return }
        let message = "expected parameter \(p.text) to be \(text(v.range)), but it is \(ScenarioRun.describe(got))"
        diagnostics.append(.error(.unexpectedParameterValue, message, at: v.range, notes: [timeNote()]))
        recorder.mark(.failure(lane: nil, message: message), at: now)
    }

    /// `expect explain T contains "text"`: `S203` when the runtime's explanation of `T` at
    /// this instant (`TipExplanation.text`, what `tipc explain` prints) does not contain
    /// `text`. The notes show the explanation, trimmed, so the author can see what to match.
    mutating func expectExplanation(_ t: TipReference, contains wanted: String, textRange: SourceRange,
                                    step: ScenarioStep) throws(StepFailure) {
        let tip = try address(t)
        let store = try openStore
        let explained: String
        do { explained = try store.explanation(of: tip).text } catch { throw failure(error, step: step, name: t.name) }
        guard !explained.contains(wanted) else { return }
        let message = "expected the explanation of \(t.text) to contain \(text(textRange)), but it does not"
        var notes = [Note("the explanation of \(t.text) reads:")]
        notes += ScenarioRun.excerpt(explained).map { Note("  " + $0) }
        notes.append(timeNote())
        diagnostics.append(.error(.explanationLacksText, message, at: textRange, notes: notes))
        recorder.mark(.failure(lane: recorder.lane(laneLabel(tip)), message: message), at: now)
    }

    /// `expect converted T`: `S206` when `T` has not converted by this instant (its goal's
    /// event, passing the filter, within the window after its first presentation); the
    /// notes say why (never shown, window open or ended) and give the goal. A tip without a
    /// goal cannot convert: `S216`, and the scenario stops.
    mutating func expectConverted(_ t: TipReference, step: ScenarioStep) throws(StepFailure) {
        let tip = try address(t)
        let store = try openStore
        let conversion: TipConversion?
        do { conversion = try store.conversion(of: tip) } catch { throw failure(error, step: step, name: t.name) }
        guard let conversion else {
            throw StepFailure(.error(.tipHasNoGoal, "\(t.text) declares no goal, so it cannot convert", at: t.range,
                                     notes: [Note("declare what it teaches in the catalog: goal EVENT [where FILTER] within D")]))
        }
        guard !conversion.isConverted else { return }
        let message = "expected \(t.text) to have converted, but it has not"
        let notes = [Note("goal \(conversion.goal): \(conversion.summary(at: now))"), timeNote()]
        diagnostics.append(.error(.notConverted, message, at: t.range, notes: notes))
        recorder.mark(.failure(lane: recorder.lane(laneLabel(tip)), message: message), at: now)
    }

    /// `expect variant T NAME`: `S207` when the tip's experiment assigns this install to
    /// another side (the note gives the assignment and why); a tip without an experiment is
    /// `S217`, and the scenario stops.
    mutating func expectVariant(_ t: TipReference, _ wanted: ScenarioName, step: ScenarioStep) throws(StepFailure) {
        let tip = try address(t)
        let store = try openStore
        let assignment: VariantAssignment?
        do { assignment = try store.variantAssignment(of: tip) } catch { throw failure(error, step: step, name: t.name) }
        guard let assignment else {
            throw StepFailure(.error(.tipHasNoExperiment, "\(t.text) declares no experiment, so it has no variant", at: t.range,
                                     notes: [Note("declare one in the catalog: experiment NAME { holdout 10% variant NAME 90% { ... } }")]))
        }
        guard assignment.variant != wanted.text else { return }
        let message = "expected \(t.text) to be in variant '\(wanted.text)' of experiment '\(assignment.experiment)', "
            + "but it is in '\(assignment.variant)'"
        diagnostics.append(.error(.unexpectedVariant, message, at: wanted.range, notes: [Note(assignment.reason), timeNote()]))
        recorder.mark(.failure(lane: recorder.lane(laneLabel(tip)), message: message), at: now)
    }

    /// `explain T`: the runtime's explanation of `T` at this instant, whole, as an `S205`
    /// note on the step; the scenario goes on and does not fail (to look before writing an
    /// `expect explain`).
    mutating func explain(_ t: TipReference, step: ScenarioStep) throws(StepFailure) {
        let tip = try address(t)
        let store = try openStore
        let explained: String
        do { explained = try store.explanation(of: tip).text } catch { throw failure(error, step: step, name: t.name) }
        var notes = explained.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { Note("  " + $0) }
        notes.append(timeNote())
        diagnostics.append(Diagnostic(.note, code: .explanationShown, message: "the explanation of \(t.text) reads:",
                                      range: step.range, notes: notes))
    }

    /// `expect observed T s1, s2, ...`: `S204` when an observer of `T` received other
    /// statuses since the scenario started (or since the last `expect observed T`).
    mutating func expectObserved(_ t: TipReference, _ expected: [ScenarioStep.ExpectedStatus], listRange: SourceRange,
                                 step: ScenarioStep) throws(StepFailure) {
        let tip = try address(t)
        let received = observed.takeUnchecked(laneLabel(tip))
        let matches = received.count == expected.count && zip(expected, received).allSatisfy { $0.matches($1) }
        guard !matches else { return }
        let got = received.isEmpty ? "nothing" : received.map { "\($0)" }.joined(separator: ", ")
        let message = "expected an observer of \(t.text) to receive \(expected.map(\.description).joined(separator: ", ")), "
            + "but it received \(got)"
        let notes = [Note("an observer is told the status when it starts and then each change, never the same value twice; "
                          + "a relaunch starts a new observer"), timeNote()]
        diagnostics.append(.error(.unexpectedObservedStatuses, message, at: listRange, notes: notes))
        recorder.mark(.failure(lane: recorder.lane(laneLabel(tip)), message: message), at: now)
    }

    /// At most this many lines of an explanation in notes: a tip with many rules explains
    /// at length, and the first lines (status, rules) are the ones usually matched.
    static let excerptLines = 20
    /// At most this many characters of each line (rule texts can be long).
    static let excerptLineLength = 160

    /// The lines of `text`, trimmed for notes; a last line counts what was left out.
    static func excerpt(_ text: String) -> [String] {
        let lines = text.split(separator: "\n")
        var out = lines.prefix(excerptLines).map { line in
            line.count > excerptLineLength ? String(line.prefix(excerptLineLength - 1)) + "…" : String(line)
        }
        if lines.count > excerptLines {
            let more = lines.count - excerptLines
            out.append("… \(more) more line\(more == 1 ? "" : "s")")
        }
        return out
    }

    /// Values compare as the language does: an Int equals the Double of the same value.
    static func equal(_ a: TipValue, _ b: TipValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        default: return a == b
        }
    }

    /// A value as a scenario would write it (instants in ISO-8601).
    static func describe(_ v: TipValue) -> String {
        if case .date(let ms) = v { return ISO8601.display(ms) }
        return v.description
    }

    /// Why a tip has its status, as notes.
    func explanation(of report: TipReport) -> [Note] {
        var notes: [Note] = []
        if let o = report.override {
            notes.append(Note(o == "show" ? "a testing override shows it" : "a testing override hides it"))
        }
        switch report.status {
        case .notInLiveCatalog:
            // A scenario runs one catalog: report(of:) never gives this status.
            break
        case .snoozed(let until):
            notes.append(Note("it was snoozed by an action until \(ISO8601.display(until)) (\(elapsed(until)))"))
        case .invalidated:
            if let at = report.invalidatedAt {
                notes.append(Note("it was invalidated at \(ISO8601.display(at)) (\(elapsed(at)))"))
            }
        case .pending, .available:
            if report.heldBackByCooldown { notes.append(Note("the display-frequency cooldown holds it back")) }
            let model = runner.catalog.tip(named: report.tip.name)
            for (i, holds) in report.rules.enumerated() where !holds {
                let range = model.flatMap { i < $0.rules.count ? move($0.rules[i].range) : nil }
                notes.append(Note("this rule is false", at: range))
            }
            if report.status == .available, report.override == nil {
                notes.append(Note(report.rules.isEmpty ? "it has no rules" : "all \(report.rules.count) of its rules hold"))
            }
        }
        if report.displayCount > 0 {
            let seconds = report.displayMilliseconds / 1000
            notes.append(Note("displayed \(report.displayCount) time\(report.displayCount == 1 ? "" : "s") for \(DurationText.format(seconds * 1000)) in all\(report.isDisplayed ? ", and displayed now" : "")"))
        }
        return notes
    }

    /// `at 2026-01-03T09:00:00Z (2d after the start)`.
    func timeNote() -> Note {
        Note("the clock read \(ISO8601.display(now)) (\(elapsed(now)))")
    }

    func elapsed(_ instant: Int64) -> String {
        let d = instant &- scenario.start
        return d == 0 ? "the start" : d > 0 ? "\(DurationText.format(d)) after the start" : "\(DurationText.format(0 &- d)) before the start"
    }

    /// A catalog range moved into the combined source set.
    func move(_ r: SourceRange) -> SourceRange {
        SourceRange(file: FileID(r.file.index &+ runner.catalogFileOffset), start: r.start, end: r.end)
    }
}
