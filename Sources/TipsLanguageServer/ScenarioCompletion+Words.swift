import TipsSource

extension ScenarioCompletion {
    /// A piece of a scenario line, as far as completion needs to tell them apart.
    enum Token: Equatable {
        /// A name, keyword, number, case (`.pro`) or string (`"..."`, quotes kept).
        case word(String)
        /// `(`, `)`, `,`, `:`, `[`, `]`, or a run of `=!<>` (`==`).
        case punctuation(String)
    }

    /// The step keywords, in the order Docs/testing.md gives them.
    static let steps = ["scenario", "at", "advance", "set", "donate", "begin", "end", "display", "close", "invalidate",
                        "action", "reset", "relaunch", "platform", "override", "expect", "explain"]

    /// Invalidation reasons (`invalidate TIP REASON`, `expect TIP invalidated(REASON)`).
    static let reasons = ["actionPerformed", "displayCountExceeded", "displayDurationExceeded", "tipClosed"]

    /// What each step does, for hover and completion documentation.
    static let stepMeanings: [String: String] = [
        "scenario": "starts a scenario: every step up to the next `scenario` line belongs to it, on a fresh store.",
        "at": "as the first step, the instant the clock starts at; later, moves the clock forward to that instant.",
        "advance": "moves the simulated clock forward (`advance 1h30m`), stopping wherever time alone changes something.",
        "set": "sets a parameter (`set PARAM = VALUE`), as `setParameter` does.",
        "donate": "donates an event (`donate EVENT`, `donate EVENT(field: VALUE)`, `donate EVENT x3 every 1d`).",
        "begin": "a presentation of the tip begins (`presentationBegan`).",
        "end": "the tip's presentation ends (`presentationEnded`); `end TIP after 30s` moves the clock first.",
        "display": "`display TIP for 30s`: begin, let the time pass, end.",
        "close": "the tip's close button: invalidates it (`tipClosed`).",
        "invalidate": "invalidates the tip, for `actionPerformed` unless a reason follows.",
        "action": "performs one of the tip's actions (`action TIP \"ID\"`): its declared effects run.",
        "reset": "`reset TIP`: the tip returns to rule evaluation; `reset store` forgets everything.",
        "relaunch": "closes the store and opens it again on the same journal, as an app's next launch.",
        "platform": "judges rules and `when platform` conditions for this platform from now on (a scenario starts on iOS).",
        "override": "testing overrides: `showAll`, `hideAll`, `show A, B`, `hide C`, `clear`.",
        "expect": "checks a status, a group's current tip, a parameter, an explanation, a conversion or what an observer saw.",
        "explain": "prints the tip's explanation at this instant as a note; not a check.",
    ]

    /// Words inside steps, for hover.
    static let wordMeanings: [String: String] = [
        "pending": "the tip's rules do not all hold, or something holds it back.",
        "available": "the tip should display now (`shouldDisplay`).",
        "invalidated": "the tip was invalidated, for any reason (or for the one in parentheses).",
        "snoozed": "an action snoozed the tip and the snooze has not ended (or ends at the instant after 'until').",
        "actionPerformed": "invalidated because the user did what the tip teaches (the default reason).",
        "displayCountExceeded": "invalidated when the tip reached its `maxDisplayCount`.",
        "displayDurationExceeded": "invalidated when the tip reached its `maxDisplayDuration`.",
        "tipClosed": "invalidated by the tip's close button.",
        "store": "`reset store`: forget everything, as `resetStore` does.",
        "current": "`expect group GROUP current TIP`: the group's current tip.",
        "none": "no tip: the group has no current tip.",
        "contains": "the explanation contains this text exactly (case-sensitive).",
        "converted": "the tip's goal event was donated within the goal's window after its first presentation.",
        "observed": "an observer of the tip received exactly these statuses, in order.",
        "showAll": "testing override: every tip shows, whatever its state.",
        "hideAll": "testing override: no tip shows.",
        "clear": "no overrides.",
        "for": "how long the display lasts.",
        "after": "how long the clock moves before the presentation ends.",
        "every": "the clock moves this long between repeated donations.",
        "now": "the scenario clock's reading.",
    ]

    static func isWordScalar(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "."
    }

    /// The tokens of `line`; `quiet` when the line ends inside a string or a comment.
    static func tokens(_ line: String) -> (tokens: [Token], quiet: Bool) {
        let scalars = Array(line.unicodeScalars)
        var out: [Token] = []
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            if c == "#" || (c == "/" && i + 1 < scalars.count && scalars[i + 1] == "/") { return (out, true) }
            if c == "\"" {
                var j = i + 1
                var closed = false
                while j < scalars.count {
                    if scalars[j] == "\\" { j += 2; continue }
                    if scalars[j] == "\"" { closed = true; break }
                    j += 1
                }
                guard closed else { return (out, true) }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[i...j])
                out.append(.word(text))
                i = j + 1
                continue
            }
            if isWordScalar(c) {
                var j = i
                while j < scalars.count, isWordScalar(scalars[j]) { j += 1 }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[i..<j])
                out.append(.word(text))
                i = j
                continue
            }
            if "=!<>".unicodeScalars.contains(c) {
                var j = i
                while j < scalars.count, "=!<>".unicodeScalars.contains(scalars[j]) { j += 1 }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[i..<j])
                out.append(.punctuation(text))
                i = j
                continue
            }
            out.append(.punctuation(String(c)))
            i += 1
        }
        return (out, false)
    }

    /// A word of a scenario file under (or ending at) the cursor.
    struct Word {
        var text: String
        var range: SourceRange
        /// Whether it is the first word of its line (a step keyword's place).
        var isFirstOnLine: Bool
    }

    /// The word at `offset` (ASCII names, numbers and cases: the catalog's names are ASCII).
    static func word(in source: SourceFile, at offset: Int32) -> Word? {
        let bytes = source.bytes
        func isWord(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2E
        }
        var start = min(Int(offset), bytes.count)
        var end = start
        while start > 0, isWord(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, isWord(bytes[end]) { end += 1 }
        guard start < end else { return nil }
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let before = bytes[lineStart..<start]
        // Inside a comment or a string, a word is text, not a name.
        let prefix = String(decoding: before, as: UTF8.self)
        if tokens(prefix).quiet { return nil }
        return Word(text: String(decoding: bytes[start..<end], as: UTF8.self),
                    range: SourceRange(file: source.id, start: Int32(start), end: Int32(end)),
                    isFirstOnLine: before.allSatisfy { $0 == 0x20 || $0 == 0x09 })
    }

    /// What a name of a scenario line stands for in the catalog, judged by the step.
    static func symbol(_ word: Word, in source: SourceFile, index: CatalogIndex) -> SymbolKey? {
        if word.isFirstOnLine { return nil }
        let prefix = String(decoding: source.bytes[Int(lineStart(of: word.range.start, in: source))..<Int(word.range.start)],
                            as: UTF8.self)
        let context = ScenarioCompletion(line: prefix, index: index)
        let name = word.text
        if name.hasPrefix(".") {
            let caseName = String(name.dropFirst())
            let owner = index.enumerations.keys.sorted().first { index.enumerations[$0]!.cases.contains { $0.name == caseName } }
            return owner.map { SymbolKey(.enumCase, caseName, in: $0) }
        }
        if let open = context.open {
            if context.words.first == "donate", let event = index.events[open.name],
               event.fields.contains(where: { $0.name.name == name }) {
                return SymbolKey(.payloadField, name, in: open.name)
            }
            if let tip = index.tips[open.name], tip.arguments.contains(where: { $0.name.name == name }) {
                return SymbolKey(.tipArgument, name, in: open.name)
            }
        }
        let step = context.words.first ?? ""
        let second = context.words.count > 1 ? context.words[1] : ""
        var order: [SymbolKind] = [.tip, .event, .parameter, .group]
        if step == "donate" { order = [.event] }
        if step == "set" || (step == "expect" && second == "param") { order = [.parameter] }
        if step == "expect" && second == "group" && context.words.count == 2 { order = [.group] }
        for kind in order {
            let known: Bool = switch kind {
            case .tip: index.tips[name] != nil
            case .event: index.events[name] != nil
            case .parameter: index.parameters[name] != nil
            case .group: index.groups[name] != nil
            default: false
            }
            if known { return SymbolKey(kind, name) }
        }
        return nil
    }

    static func lineStart(of offset: Int32, in source: SourceFile) -> Int32 {
        var start = Int(offset)
        while start > 0, source.bytes[start - 1] != 0x0A { start -= 1 }
        return Int32(start)
    }
}
