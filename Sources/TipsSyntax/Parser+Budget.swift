import TipsSource

/// `displayBudget N per day|launch` in `config`: the count is an expression (the checker
/// validates it); the unit is read here, with a fix-it for the spellings writers reach for
/// (`daily`, `perDay`, `per session`).
extension ParserState {
    /// The units a display budget is counted in.
    static let budgetUnits = ["day", "launch"]

    /// The note that lists the units, shared by every unit message.
    static let budgetUnitsNote = Note("a budget is counted 'per day' (a local calendar day) or 'per launch' (one launch of the app)")

    /// The unit a writer meant by `word` (lower-cased; `daily`, `perDay`, `session` ...), or nil.
    static func budgetUnit(meaning word: String) -> String? {
        switch word.lowercased() {
        case "day", "days", "daily", "perday", "aday", "today", "calendarday": "day"
        case "launch", "launches", "perlaunch", "session", "sessions", "persession", "app", "applaunch", "run", "start":
            "launch"
        default: nil
        }
    }

    /// `displayBudget N per UNIT`; the word is already consumed.
    mutating func parseDisplayBudget(_ word: Token) throws(ParseAbort) -> ConfigDeclSyntax.Item {
        let example = Note("for example 'displayBudget 1 per day' or 'displayBudget 3 per launch'")
        if isItemWord(current, .config) || current.kind == .rightBrace || current.kind == .eof {
            throw fail("expected a number of tips after 'displayBudget'", notes: [example])
        }
        if let unit = Self.budgetUnit(meaning: text(current)), current.kind == .identifier, !isWord(current, "per"),
           !isWord(peek(), "per") {
            // `displayBudget daily`: the count is missing, not the unit.
            throw fail("expected a number of tips before '\(text(current))'",
                       notes: [Note("a budget is written 'displayBudget 1 per \(unit)'")])
        }
        let count = try parseExpression()
        // Line breaks are whitespace here as everywhere (a reflowed catalog means the same); a
        // config item's word after the count is the next item, not a unit.
        let onLine = current.kind == .identifier && !isItemWord(current, .config)
        if onLine, isWord(current, "per") {
            advance()
            guard current.kind == .identifier, !isItemWord(current, .config) else {
                throw fail("expected 'day' or 'launch' after 'per'", notes: [Self.budgetUnitsNote])
            }
            let unit = identifier(advance())
            if !Self.budgetUnits.contains(unit.name) {
                reportUnknownBudgetUnit(unit)
            }
            return .displayBudget(count, unit: unit, range: range(from: word.range.start))
        }
        if onLine, let meant = Self.budgetUnit(meaning: text(current)) {
            // `displayBudget 1 day`, `displayBudget 1 daily`, `displayBudget 1 perDay`: `per` is missing.
            let written = advance()
            error(.expectedToken, "a budget is written 'displayBudget \(source.text(in: count.range)) per \(meant)', "
                  + "not '... \(text(written))'", at: written.range, notes: [Self.budgetUnitsNote],
                  fixIts: [.replace(written.range, with: "per \(meant)", message: "replace with 'per \(meant)'")])
            return .displayBudget(count, unit: Identifier(meant, range: written.range), range: range(from: word.range.start))
        }
        throw fail("expected 'per day' or 'per launch' after the budget", notes: [Self.budgetUnitsNote])
    }

    /// A budget named as elsewhere, where a config item starts: Chromium's `session_rate`
    /// (feature engagement's limit per session) or a name such as `maxTipsPerDay`, reported
    /// with the `.tips` spelling (a fix-it when a count follows: `session_rate 1`,
    /// `dailyBudget: 2`). Returns false when the word is none of them.
    mutating func reportBudgetHabit() -> Bool {
        let word = current
        let unit: String
        switch text(word).lowercased() {
        case "session_rate", "sessionrate", "sessionlimit", "session_limit", "tipspersession", "maxtipspersession",
             "tipsperlaunch", "maxtipsperlaunch", "launchbudget", "displaybudgetperlaunch", "perlaunch":
            unit = "launch"
        case "tipsperday", "maxtipsperday", "dailybudget", "dailylimit", "daybudget", "displaybudgetperday", "perday":
            unit = "day"
        default:
            return false
        }
        let origin = "'\(text(word))'" + (text(word) == "session_rate" ? " (Chromium's limit per session)" : "")
        // The count, after an optional ':' or '=' on the same line.
        let at = [TokenKind.colon, .assign].contains(peek().kind) && !peek().isAtLineStart ? 2 : 1
        let count = peek(at).kind == .integer && !peek(at).isAtLineStart && !peek(at).isMalformed ? peek(at) : nil
        let spelled = "displayBudget \(count.map(text) ?? "N") per \(unit)"
        let last = count ?? word
        let range = word.range.union(last.range)
        error(.unknownItem, "\(origin) is written '\(spelled)' in .tips", at: range,
              notes: [Note("a display budget counts every display, first or repeat"), Self.budgetUnitsNote],
              fixIts: count == nil ? [] : [.replace(range, with: spelled, message: "replace with '\(spelled)'")])
        for _ in 0..<(count == nil ? 1 : at + 1) { advance() }
        return true
    }

    /// `per week`, `per session`: lists the units, with the one meant when it is clear.
    mutating func reportUnknownBudgetUnit(_ unit: Identifier) {
        var notes = [Self.budgetUnitsNote]
        var fixIts: [FixIt] = []
        if let meant = Self.budgetUnit(meaning: unit.name) ?? Self.closest(to: unit.name, among: Self.budgetUnits) {
            notes.insert(Note("did you mean '\(meant)'?"), at: 0)
            fixIts.append(.replace(unit.range, with: meant, message: "replace with '\(meant)'"))
        } else if ["week", "weeks", "hour", "hours", "month", "months", "weekly", "hourly", "monthly"].contains(unit.name.lowercased()) {
            // A longer or shorter window is a display frequency, not a budget.
            notes.append(Note("to space tips out by a fixed interval, use 'displayFrequency' (e.g. 'displayFrequency weekly')"))
        }
        error(.expectedToken, "unknown budget unit '\(unit.name)'", at: unit.range, notes: notes, fixIts: fixIts)
    }
}
