import Foundation
import TipsCheck
import TipsRuntime
import TipsSource
import TipsSyntax

/// Parses the tokens of one line into a step.
struct LineParser {
    let tokens: [ScenarioToken]
    let file: SourceFile
    var index = 0

    init(tokens: [ScenarioToken], file: SourceFile) {
        self.tokens = tokens
        self.file = file
    }

    // MARK: - Tokens

    var peek: ScenarioToken? { index < tokens.count ? tokens[index] : nil }

    /// Where a missing token would go: just after the last one.
    var endRange: SourceRange {
        let last = tokens[max(0, min(index, tokens.count) - 1)]
        return .point(last.range.file, last.range.end)
    }

    mutating func next() -> ScenarioToken? {
        defer { index += 1 }
        return peek
    }

    /// The range of the next token, or the end of the line.
    var here: SourceRange { peek?.range ?? endRange }

    /// What the next token is, for messages: `'x'` or `the end of the line`.
    var found: String {
        guard let t = peek else { return "the end of the line" }
        return "'\(file.text(in: t.range))'"
    }

    func fail(_ code: DiagnosticCode, _ message: String, _ range: SourceRange, notes: [Note] = [],
              fixIts: [FixIt] = []) -> ScenarioFailure {
        ScenarioFailure(code, message, range, notes: notes, fixIts: fixIts)
    }

    mutating func expectPunct(_ p: String, _ what: String) throws(ScenarioFailure) -> ScenarioToken {
        guard let t = peek, t.isPunct(p) else { throw fail(.malformedStep, "expected \(what), found \(found)", here) }
        index += 1
        return t
    }

    mutating func name(_ what: String) throws(ScenarioFailure) -> ScenarioName {
        guard let t = peek, let w = t.word else { throw fail(.malformedStep, "expected \(what), found \(found)", here) }
        index += 1
        return ScenarioName(w, range: t.range)
    }

    mutating func duration(_ what: String) throws(ScenarioFailure) -> Int64 {
        // `advance 3 days`: a duration in words gets the fix-it `.tips` files get.
        if let t = peek, case .int(let n) = t.kind, index + 1 < tokens.count, let word = tokens[index + 1].word,
           let unit = TipKitSpelling.unitLetter(forWord: word) ?? (["ms", "s", "m", "h", "d", "w"].contains(word) ? word : nil) {
            let written = t.range.union(tokens[index + 1].range)
            let spelled = "\(n)\(unit)"
            throw fail(.malformedStep, "a duration is written '\(spelled)', not '\(file.text(in: written))'", written,
                       fixIts: [.replace(written, with: spelled, message: "replace with '\(spelled)'")])
        }
        // `advance three days`: the number in words too, as in `.tips` files.
        if let t = peek, let number = t.word.flatMap(TipKitSpelling.number(forWord:)), index + 1 < tokens.count,
           let word = tokens[index + 1].word, let unit = TipKitSpelling.unitLetter(forWord: word) {
            let written = t.range.union(tokens[index + 1].range)
            let spelled = "\(number)\(unit)"
            throw fail(.malformedStep, "a duration is written '\(spelled)', not '\(file.text(in: written))'", written,
                       fixIts: [.replace(written, with: spelled, message: "replace with '\(spelled)'")])
        }
        guard let t = peek, case .duration(let ms) = t.kind else {
            throw fail(.malformedStep, "expected \(what) (a duration such as 30s, 1h30m or 8d), found \(found)", here)
        }
        index += 1
        return ms
    }

    /// Nothing may follow the step on its line (except a comment).
    func end() throws(ScenarioFailure) {
        guard let t = peek else { return }
        let extra = t.range.union(tokens[tokens.count - 1].range)
        throw fail(.extraTextAfterStep, "unexpected \(found) after the step", extra,
                   fixIts: [.replace(extra, with: "", message: "remove it")])
    }

    /// The step's range: from the keyword to the last token.
    var stepRange: SourceRange { tokens[0].range.union(tokens[tokens.count - 1].range) }

    // MARK: - Lines

    mutating func scenarioTitle() throws(ScenarioFailure) -> String {
        index = 1
        guard let t = peek, case .string(let title) = t.kind else {
            throw fail(.malformedStep, "expected the scenario's title in quotes, found \(found)", here)
        }
        index += 1
        try end()
        return title
    }

    mutating func step() throws(ScenarioFailure) -> ScenarioStep {
        let keyword = tokens[0]
        guard let word = keyword.word else {
            throw fail(.unknownStep, "expected a step such as 'advance', 'donate' or 'expect', found \(found)", keyword.range)
        }
        index = 1
        let kind: ScenarioStep.Kind
        switch word {
        case "at":
            guard let t = next(), case .instant(let instant) = t.kind else {
                index -= 1
                throw fail(.malformedStep, "expected an instant such as 2026-01-01T09:00:00Z, found \(found)", here)
            }
            kind = .advanceTo(instant)
        case "advance":
            kind = .advance(try duration("how long to advance"))
        case "set":
            let p = try name("a parameter name")
            _ = try expectPunct("=", "'='")
            kind = .set(p, try value())
        case "donate":
            kind = try donation()
        case "begin":
            kind = .begin(try tip())
        case "end":
            let t = try tip()
            var after: Int64? = nil
            if peek?.word == "after" {
                index += 1
                after = try duration("how long the presentation lasts")
            }
            kind = .end(t, after: after)
        case "display":
            let t = try tip()
            guard peek?.word == "for" else { throw fail(.malformedStep, "expected 'for' and a duration, found \(found)", here) }
            index += 1
            kind = .display(t, for: try duration("how long the presentation lasts"))
        case "close":
            kind = .close(try tip())
        case "invalidate":
            let t = try tip()
            if peek?.word == "reason" { index += 1 }
            var reason = TipInvalidationReason.actionPerformed
            if peek != nil { reason = try invalidationReason() }
            kind = .invalidate(t, reason)
        case "action":
            let t = try tip()
            guard let s = peek, case .string(let id) = s.kind else {
                throw fail(.malformedStep, "expected the action's id in quotes, found \(found)", here)
            }
            index += 1
            kind = .action(t, id: id, idRange: s.range)
        case "reset":
            if peek?.word == "store", index + 1 == tokens.count {
                index += 1
                kind = .resetStore
            } else {
                kind = .resetEligibility(try tip())
            }
        case "relaunch":
            kind = .relaunch
        case "explain":
            kind = .explain(try tip())
        case "platform":
            let p = try name("a platform (\(TipPlatform.allCases.map(\.rawValue).joined(separator: ", ")))")
            guard let platform = TipPlatform(rawValue: p.text) else {
                let names = TipPlatform.allCases.map(\.rawValue)
                let guess = ContentCondition.platformGuess(p.text)
                throw fail(.malformedStep, "unknown platform '\(p.text)'", p.range,
                           notes: [guess.map { Note("did you mean '\($0)'?") } ?? Note("the platforms are " + names.joined(separator: ", "))],
                           fixIts: guess.map { [.replace(p.range, with: $0, message: "replace with '\($0)'")] } ?? [])
            }
            kind = .platform(platform)
        case "time":
            guard peek?.word == "zone" else { throw fail(.malformedStep, "expected 'zone' after 'time', found \(found)", here) }
            index += 1
            guard let first = peek else {
                throw fail(.malformedStep, "expected a time zone such as Europe/Berlin, found the end of the line", here)
            }
            let range = first.range.union(tokens[tokens.count - 1].range)
            let id = file.text(in: range)
            index = tokens.count
            guard TimeZoneName.zone(id) != nil else {
                let guess = TimeZoneName.suggestion(for: id)
                let (message, note) = TimeZoneName.unknownMessage(id)
                throw fail(.malformedStep, message, range, notes: [Note(note)],
                           fixIts: guess.map { [.replace(range, with: $0, message: "replace with '\($0)'")] } ?? [])
            }
            kind = .timeZone(id)
        case "app":
            guard peek?.word == "updated", index + 1 == tokens.count else {
                throw fail(.malformedStep, "expected 'app updated', found \(found)", here)
            }
            index += 1
            kind = .appUpdated
        case "override":
            kind = .override(try overrideChange())
        case "install":
            guard let t = peek, case .string(let id) = t.kind, !id.isEmpty else {
                throw fail(.malformedStep, "expected the install identifier in quotes, found \(found)", here)
            }
            index += 1
            kind = .install(id)
        case "expect":
            kind = try expectation()
        case "scenario":
            throw fail(.malformedStep, "expected the scenario's title in quotes", here)
        default:
            var fixIts: [FixIt] = []
            var notes: [Note] = []
            if let guess = Suggestion.closest(to: word, among: ScenarioParser.keywords) {
                notes.append(Note("did you mean '\(guess)'?"))
                fixIts.append(.replace(keyword.range, with: guess, message: "replace with '\(guess)'"))
            }
            throw fail(.unknownStep, "unknown step '\(word)'", keyword.range, notes: notes, fixIts: fixIts)
        }
        try end()
        return ScenarioStep(kind, range: stepRange)
    }

    mutating func donation() throws(ScenarioFailure) -> ScenarioStep.Kind {
        let event = try name("an event name")
        var payload: [ScenarioStep.PayloadValue] = []
        if peek?.isPunct("(") == true {
            index += 1
            while peek?.isPunct(")") != true {
                let field = try name("a payload field name")
                _ = try expectPunct(":", "':' after '\(field.text)'")
                payload.append(.init(name: field, value: try value()))
                if peek?.isPunct(",") == true { index += 1 } else { break }
            }
            _ = try expectPunct(")", "')' or ','")
        }
        var times = 1
        var every: Int64? = nil
        if let t = peek, let w = t.word, w.hasPrefix("x"), w.count > 1, w.dropFirst().allSatisfy(\.isNumber) {
            guard let n = Int(w.dropFirst()), (1...10_000).contains(n) else {
                throw fail(.repeatCountOutOfRange, "a donation repeats 1 to 10000 times", t.range)
            }
            times = n
            index += 1
        }
        if peek?.word == "every" {
            index += 1
            every = try duration("the time between donations")
        }
        return .donate(event, payload: payload, times: times, every: every)
    }

    mutating func tip() throws(ScenarioFailure) -> TipReference {
        let n = try name("a tip name")
        var arguments: [(name: ScenarioName, value: ScenarioValue)] = []
        var range = n.range
        if peek?.isPunct("(") == true {
            index += 1
            while peek?.isPunct(")") != true {
                let a = try name("an argument name")
                _ = try expectPunct(":", "':' after '\(a.text)'")
                arguments.append((a, try value()))
                if peek?.isPunct(",") == true { index += 1 } else { break }
            }
            range = range.union(try expectPunct(")", "')' or ','").range)
        }
        return TipReference(name: n, arguments: arguments, range: range, text: file.text(in: range))
    }

    mutating func invalidationReason() throws(ScenarioFailure) -> TipInvalidationReason {
        let t = here
        let w = peek?.word ?? ""
        guard let reason = TipInvalidationReason(rawValue: w) else {
            let all = TipInvalidationReason.allCases.map(\.rawValue)
            var notes = [Note("a reason is one of \(all.joined(separator: ", "))")]
            if let guess = Suggestion.closest(to: w, among: all) { notes.insert(Note("did you mean '\(guess)'?"), at: 0) }
            throw fail(.unknownScenarioReason, w.isEmpty ? "expected an invalidation reason, found \(found)" : "unknown invalidation reason '\(w)'",
                       t, notes: notes)
        }
        index += 1
        return reason
    }

    mutating func overrideChange() throws(ScenarioFailure) -> ScenarioStep.OverrideChange {
        let w = try name("showAll, hideAll, show, hide, variant or clear")
        switch w.text {
        case "showAll": return .showAll
        case "hideAll": return .hideAll
        case "clear": return .clear
        case "show", "hide":
            var names = [try name("a tip name")]
            while peek?.isPunct(",") == true {
                index += 1
                names.append(try name("a tip name"))
            }
            return w.text == "show" ? .show(names) : .hide(names)
        case "variant":
            return .variant(try name("a tip name"), try name("a variant name"))
        default:
            throw fail(.malformedStep, "expected showAll, hideAll, show, hide, variant or clear, found '\(w.text)'", w.range)
        }
    }

    mutating func expectation() throws(ScenarioFailure) -> ScenarioStep.Kind {
        switch peek?.word {
        case "group":
            index += 1
            let g = try name("a group name")
            guard peek?.word == "current" else { throw fail(.malformedStep, "expected 'current', found \(found)", here) }
            index += 1
            let at = here
            if peek?.word == "none", index + 1 == tokens.count {
                index += 1
                return .expectGroup(g, current: nil, currentRange: at)
            }
            let t = try tip()
            return .expectGroup(g, current: t, currentRange: t.range)
        case "param":
            index += 1
            let p = try name("a parameter name")
            guard let t = peek, t.isPunct("==") || t.isPunct("=") else {
                throw fail(.malformedStep, "expected '==', found \(found)", here)
            }
            index += 1
            return .expectParameter(p, try value())
        case "observed":
            index += 1
            let t = try tip()
            let start = here
            var statuses = [try expectedStatus()]
            while peek?.isPunct(",") == true {
                index += 1
                statuses.append(try expectedStatus())
            }
            let last = tokens[max(0, index - 1)].range
            return .expectObserved(t, statuses, listRange: start.union(last))
        case "converted":
            index += 1
            return .expectConverted(try tip())
        case "variant":
            index += 1
            return .expectVariant(try tip(), try name("a variant name (or holdout)"))
        case "explain":
            index += 1
            let t = try tip()
            guard peek?.word == "contains" else {
                throw fail(.malformedStep, "expected 'contains' and the text in quotes, found \(found)", here)
            }
            index += 1
            guard let s = peek, case .string(let wanted) = s.kind else {
                throw fail(.malformedStep, "expected the text to look for in quotes, found \(found)", here)
            }
            // Every explanation contains "": the step would check nothing.
            guard !wanted.isEmpty else { throw fail(.malformedStep, "the text to look for is empty", s.range) }
            index += 1
            return .expectExplanation(t, contains: wanted, textRange: s.range)
        default:
            let t = try tip()
            let statusStart = here
            let status = try expectedStatus()
            let last = tokens[max(0, index - 1)].range
            return .expectStatus(t, status, statusRange: statusStart.union(last))
        }
    }

    /// `pending`, `available`, `invalidated`, `invalidated(REASON)`, `snoozed` or `snoozed until INSTANT`.
    mutating func expectedStatus() throws(ScenarioFailure) -> ScenarioStep.ExpectedStatus {
        let w = try name("a status (pending, available, invalidated or snoozed)")
        let status: ScenarioStep.ExpectedStatus
        switch w.text {
        case "pending": status = .pending
        case "available": status = .available
        case "invalidated":
            if peek?.isPunct("(") == true {
                index += 1
                let reason = try invalidationReason()
                _ = try expectPunct(")", "')'")
                status = .invalidated(reason)
            } else {
                status = .invalidated(nil)
            }
        case "snoozed":
            if peek?.word == "until" {
                index += 1
                guard let t = next(), case .instant(let instant) = t.kind else {
                    index -= 1
                    throw fail(.malformedStep, "expected an instant such as 2026-01-04T09:00:00Z after 'snoozed until', found \(found)", here,
                               notes: [Note("write 'snoozed' for a snooze until any instant, or 'snoozed until 2026-01-04T09:00:00Z'")])
                }
                status = .snoozed(until: instant)
            } else {
                status = .snoozed(until: nil)
            }
        default:
            let all = ["pending", "available", "invalidated", "snoozed"]
            var notes = [Note("a status is pending, available, invalidated, invalidated(reason), snoozed or snoozed until INSTANT")]
            var fixIts: [FixIt] = []
            if let guess = Suggestion.closest(to: w.text, among: all) {
                notes.insert(Note("did you mean '\(guess)'?"), at: 0)
                fixIts.append(.replace(w.range, with: guess, message: "replace with '\(guess)'"))
            }
            throw fail(.unknownStatus, "unknown status '\(w.text)'", w.range, notes: notes, fixIts: fixIts)
        }
        return status
    }
}
