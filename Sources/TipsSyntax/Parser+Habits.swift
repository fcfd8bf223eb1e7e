import TipsSource

/// TipKit spellings where an item should start (`MaxDisplayCount(3)`, `Action(id:title:)`,
/// `.displayFrequency(.daily)`) and items written in the wrong block: reported at the item
/// with the `.tips` spelling, or with where the item belongs.
extension ParserState {
    /// The tokens from the current one that match `pattern`: a kind, or an identifier spelled
    /// as given (`"word"`), or any identifier (`"IDENT"`), integer (`"INT"`), string
    /// (`"STRING"`) or `true`/`false` (`"BOOL"`). Nil when they do not match.
    func match(_ pattern: [Any], from offset: Int = 0) -> [Token]? {
        var matched: [Token] = []
        for (i, element) in pattern.enumerated() {
            let token = peek(offset + i)
            switch element {
            case let kind as TokenKind:
                guard token.kind == kind else { return nil }
            case "IDENT" as String:
                guard token.kind == .identifier else { return nil }
            case "INT" as String:
                guard token.kind == .integer, !token.isMalformed else { return nil }
            case "STRING" as String:
                guard token.kind == .string else { return nil }
            case "BOOL" as String:
                guard token.kind == .kwTrue || token.kind == .kwFalse else { return nil }
            case let word as String:
                guard isWord(token, word) else { return nil }
            default:
                return nil
            }
            matched.append(token)
        }
        return matched
    }

    /// Reports a TipKit option or initializer written where an item of `block` starts, and
    /// skips it; returns false when the current token starts none.
    mutating func reportTipKitItem(_ block: ParserBlock) -> Bool {
        if block.name == "tip body", isWord(current, "var"), peek().kind == .identifier, !peek().isAtLineStart {
            reportSwiftProperty()
            return true
        }
        let start = current
        var offset = 0
        // `Tips.MaxDisplayCount(3)`: the namespace changes nothing.
        if isWord(start, "Tips"), peek().kind == .dot, peek(2).kind == .identifier { offset = 2 }
        let word = peek(offset)
        let name = text(word)
        var spelled: String?
        var consumed = 0
        var general = ""
        switch (block.name, name) {
        case ("tip body", "MaxDisplayCount"):
            general = "maxDisplayCount N"
            if let m = match([TokenKind.leftParen, "INT", TokenKind.rightParen], from: offset + 1) {
                spelled = "maxDisplayCount \(text(m[1]))"
                consumed = offset + 4
            }
        case ("tip body", "MaxDisplayDuration"):
            general = "maxDisplayDuration DURATION, as in 'maxDisplayDuration 2m'"
            if let m = match([TokenKind.leftParen, "INT", TokenKind.rightParen], from: offset + 1) {
                // TipKit's duration is a TimeInterval: seconds.
                spelled = "maxDisplayDuration \(TipKitSpelling.duration(seconds: m[1].integerValue))"
                consumed = offset + 4
            }
        case ("tip body", "IgnoresDisplayFrequency"):
            general = "ignoresDisplayFrequency"
            if let m = match([TokenKind.leftParen, "BOOL", TokenKind.rightParen], from: offset + 1) {
                spelled = m[1].kind == .kwTrue ? "ignoresDisplayFrequency" : "ignoresDisplayFrequency false"
                consumed = offset + 4
            }
        case ("tip body", "Action"):
            general = "action \"id\" { title \"Title\" }"
            if let m = match([TokenKind.leftParen, "id", TokenKind.colon, "STRING", TokenKind.comma, "title",
                              TokenKind.colon, "STRING", TokenKind.rightParen], from: offset + 1),
               !(peek(offset + 10).kind == .leftBrace && !peek(offset + 10).isAtLineStart) {
                spelled = "action \(text(m[3])) { title \(text(m[7])) }"
                consumed = offset + 10
            }
        default:
            return false
        }
        let end = consumed > 0 ? peek(consumed - 1).range.end : word.range.end
        let range = SourceRange(file: file, start: start.range.start, end: end)
        let written = consumed > 0 ? source.text(in: range) : name
        var fixIts: [FixIt] = []
        if let spelled {
            fixIts.append(.replace(range, with: spelled, message: "replace with '\(spelled)'"))
        }
        error(.unknownItem, "TipKit's '\(Lexer.printable(written, limit: 40))' is written '\(spelled ?? general)' in .tips",
              at: range, fixIts: fixIts)
        for _ in 0..<max(consumed, 1) { advance() }
        return true
    }

    /// `var title: Text { Text("Save") }` and the other properties of a TipKit tip, read whole
    /// (up to the `}` that closes the property) and reported with the item it becomes.
    mutating func reportSwiftProperty() {
        let start = current
        let property = text(peek())
        // The `{` that opens the property's body, on its line.
        var open = 2
        while open < 12, peek(open).kind != .leftBrace, peek(open).kind != .eof, !peek(open).isAtLineStart { open += 1 }
        var close = open
        if peek(open).kind == .leftBrace {
            var depth = 0
            while close < open + 400, peek(close).kind != .eof {
                if peek(close).kind == .leftBrace { depth += 1 }
                if peek(close).kind == .rightBrace {
                    depth -= 1
                    if depth == 0 { break }
                }
                close += 1
            }
        }
        let closed = peek(close).kind == .rightBrace && close > open
        var spelled: String?
        if closed {
            let inner = close - open - 1
            if ["title", "message"].contains(property), inner == 4,
               let m = match(["Text", TokenKind.leftParen, "STRING", TokenKind.rightParen], from: open + 1) {
                spelled = "\(property) \(text(m[2]))"
            } else if property == "image", inner == 6,
                      let m = match(["Image", TokenKind.leftParen, "systemName", TokenKind.colon, "STRING", TokenKind.rightParen],
                                    from: open + 1) {
                spelled = "image \(text(m[4]))"
            } else if property == "id", inner == 1, peek(open + 1).kind == .string {
                spelled = "id \(text(peek(open + 1)))"
            } else if property == "options", let (items, end) = tipKitList(open: open + 1), end == close - 1,
                      let items, !items.isEmpty {
                // `var options: [Option] { [Tips.MaxDisplayCount(3)] }`: one item per option.
                let indent = String(repeating: " ", count: max(0, source.location(of: start.range.start).column - 1))
                spelled = items.joined(separator: "\n" + indent)
            }
        }
        let general: String
        switch property {
        case "rules": general = "one 'rule EXPRESSION' item per rule, as in 'rule count(manualSave within 1w) >= 3'"
        case "options": general = "option items, as in 'maxDisplayCount 3' or 'ignoresDisplayFrequency'"
        case "actions": general = "one 'action \"id\" { title \"Title\" }' item per action"
        default: general = "'\(property) ...' directly in the tip body"
        }
        let end = closed ? peek(close).range.end : peek(1).range.end
        let range = SourceRange(file: file, start: start.range.start, end: end)
        var fixIts: [FixIt] = []
        if let spelled { fixIts.append(.replace(range, with: spelled, message: "replace with '\(spelled)'")) }
        // Several items (the options) are named one by one in the message.
        let shown = spelled.map { $0.split(separator: "\n").map { "'" + $0.drop { $0 == " " } + "'" }.joined(separator: ", ") }
        error(.unknownItem, "TipKit's 'var \(property)' property is written \(shown ?? general) in .tips",
              at: SourceRange(file: file, start: start.range.start, end: peek(1).range.end), fixIts: fixIts)
        for _ in 0...(closed ? close : 1) { advance() }
    }

    /// `.displayFrequency(.daily)` in a config block, as in `Tips.configure([...])`.
    mutating func reportTipKitConfiguration() -> Bool {
        guard let m = match([TokenKind.dot, "displayFrequency", TokenKind.leftParen, TokenKind.dot, "IDENT",
                             TokenKind.rightParen]) else { return false }
        let range = m[0].range.union(m[5].range)
        let frequency = text(m[4])
        var fixIts: [FixIt] = []
        if TipKitSpelling.frequencies.contains(frequency) {
            fixIts.append(.replace(range, with: "displayFrequency \(frequency)", message: "replace with 'displayFrequency \(frequency)'"))
        }
        error(.unknownItem, "TipKit's '.displayFrequency(.\(frequency))' is written 'displayFrequency \(frequency)' in .tips",
              at: range, notes: [Note("frequencies are \(TipKitSpelling.frequencies.joined(separator: ", ")) or a duration")],
              fixIts: fixIts)
        for _ in 0..<6 { advance() }
        return true
    }

    /// Where an item word of another block belongs, for a note: "'set' belongs in an action".
    func home(of word: String, in block: ParserBlock) -> String? {
        let tipOnly = ParserBlock.tip.words.filter { !ParserBlock.action.words.contains($0) }
        if block.name != "action body", ["set", "donate"].contains(word) {
            return "'\(word)' is an action item: put it in an action of the tip, as in action \"id\" { title \"Title\" \(word) ... }"
        }
        if block.name != "config block", ParserBlock.config.words.contains(word) {
            return "'\(word)' is a catalog setting: it belongs in the config block, as in config { \(word) ... }"
        }
        if block.name != "tip body", tipOnly.contains(word) {
            return "'\(word)' is a tip item: it belongs directly in a tip's body"
        }
        if ["limit", "maxAge"].contains(word) {
            return "'\(word)' is a clause of an event declaration, as in 'event NAME \(word) ...'"
        }
        if block.name != "testing block", ParserBlock.testing.words.contains(word) {
            return "'\(word)' is a testing override: it belongs in a testing block"
        }
        return nil
    }

    /// Whether enough `}` follow (before the next declaration) to close the current block and
    /// the `enclosing` blocks around it: then a word of an enclosing block at this point is
    /// an item in the wrong block, not a sign of a missing `}`.
    mutating func closesAhead(enclosing: Int) -> Bool {
        if unmatchedCloses == nil { unmatchedCloses = countUnmatchedCloses() }
        return Int(unmatchedCloses?[index] ?? 0) >= enclosing + 1
    }

    /// For every token, how many `}` from it to the next declaration keyword close nothing
    /// opened after it: computed once, backwards, so asking at every misplaced item of a
    /// huge block stays linear.
    func countUnmatchedCloses() -> [Int32] {
        var out = [Int32](repeating: 0, count: tokens.count + 1)
        var i = tokens.count - 1
        while i >= 0 {
            let token = tokens[i]
            if token.kind == .eof || token.kind.startsDeclaration {
                out[i] = 0
            } else if token.kind == .rightBrace {
                out[i] = out[i + 1] + 1
            } else if token.kind == .leftBrace {
                out[i] = max(out[i + 1] - 1, 0)
            } else {
                out[i] = out[i + 1]
            }
            i -= 1
        }
        return out
    }

    /// A rule written without its `rule` word (`hasSeenList`, `noteCount >= 3`): whether the
    /// rest of the line from the current token reads as one expression.
    func readsAsExpression() -> Bool {
        var probe = self
        // Fresh buffers: the probe's errors must not copy the real ones (a file of many
        // such lines would otherwise cost time quadratic in its size).
        probe.diagnostics = []
        probe.errorLines = []
        probe.unmatchedCloses = nil
        guard (try? probe.parseExpression()) != nil, probe.diagnostics.isEmpty else { return false }
        let next = probe.current
        return next.isAtLineStart || next.kind == .eof || next.kind == .rightBrace
    }
}
