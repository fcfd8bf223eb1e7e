import TipsSource

/// TipKit's lists of options and settings written where `.tips` wants items:
/// `Tips.configure([.displayFrequency(.daily)])` inside `config`, `options: [...]` or
/// `var options: [Option] { [...] }` in a tip, and `static let saved = Tips.Event(id: "saved")`
/// where a declaration belongs. Each is reported once with the `.tips` items as a fix-it
/// when every element translates word for word, and read past whole.
extension ParserState {
    /// The `.tips` item one TipKit list element (tokens `from..<to`, offsets from the cursor)
    /// is written as, or nil when it does not translate word for word.
    func tipKitListItem(from: Int, to: Int) -> String? {
        var start = from
        // `Tips.MaxDisplayCount(3)`: the namespace changes nothing.
        if isWord(peek(start), "Tips"), peek(start + 1).kind == .dot { start += 2 }
        let length = to - start
        let name = text(peek(start))
        if length == 4, match([TokenKind.identifier, TokenKind.leftParen, "INT", TokenKind.rightParen], from: start) != nil {
            let n = peek(start + 2)
            switch name {
            case "MaxDisplayCount": return "maxDisplayCount \(text(n))"
            case "MaxDisplayDuration": return "maxDisplayDuration \(TipKitSpelling.duration(seconds: n.integerValue))"
            default: return nil
            }
        }
        if length == 4, name == "IgnoresDisplayFrequency",
           let m = match([TokenKind.identifier, TokenKind.leftParen, "BOOL", TokenKind.rightParen], from: start) {
            return m[2].kind == .kwTrue ? "ignoresDisplayFrequency" : "ignoresDisplayFrequency false"
        }
        // `.displayFrequency(.daily)`, a setting of `Tips.configure`.
        if length == 6, let m = match([TokenKind.dot, "displayFrequency", TokenKind.leftParen, TokenKind.dot, "IDENT",
                                       TokenKind.rightParen], from: start),
           TipKitSpelling.frequencies.contains(text(m[4])) {
            return "displayFrequency \(text(m[4]))"
        }
        return nil
    }

    /// The elements of the `[ ... ]` opening at offset `open`: each `.tips` item (nil when
    /// one does not translate) and the offset of the closing `]`; nil when it does not close
    /// on a reasonable distance.
    func tipKitList(open: Int) -> (items: [String]?, close: Int)? {
        guard peek(open).kind == .leftBracket else { return nil }
        var depth = 0, i = open, elementStart = open + 1
        var items: [String]? = []
        while i < open + 400 {
            let t = peek(i)
            if t.kind == .eof { return nil }
            if t.kind == .leftBracket || t.kind == .leftParen || t.kind == .leftBrace { depth += 1 }
            if t.kind == .rightBracket || t.kind == .rightParen || t.kind == .rightBrace { depth -= 1 }
            if (t.kind == .comma && depth == 1) || depth == 0 {
                if i > elementStart {
                    if let item = tipKitListItem(from: elementStart, to: i) { items?.append(item) } else { items = nil }
                }
                elementStart = i + 1
            }
            if depth == 0 { return (items, i) }
            i += 1
        }
        return nil
    }

    /// Reports `Tips.configure([...])` in a config block or `options: [...]` in a tip body and
    /// reads past it; false when the cursor starts neither.
    mutating func reportTipKitList(_ block: ParserBlock) -> Bool {
        let open: Int
        let what: String
        if block.name == "config block", isWord(current, "Tips"), peek().kind == .dot, isWord(peek(2), "configure"),
           peek(3).kind == .leftParen, peek(4).kind == .leftBracket {
            open = 4
            what = "Tips.configure([...])"
        } else if block.name == "tip body", isWord(current, "options"), peek().kind == .colon, peek(2).kind == .leftBracket {
            open = 2
            what = "options: [...]"
        } else {
            return false
        }
        guard let (items, close) = tipKitList(open: open) else { return false }
        // `Tips.configure([...])` ends with the `)` after the list.
        let last = what.hasPrefix("Tips.") && peek(close + 1).kind == .rightParen ? close + 1 : close
        let range = current.range.union(peek(last).range)
        let place = block.name == "config block" ? "items of the config block" : "items of the tip"
        var fixIts: [FixIt] = []
        var notes: [Note] = []
        if let items, !items.isEmpty {
            let indent = String(repeating: " ", count: max(0, source.location(of: current.range.start).column - 1))
            fixIts.append(.replace(range, with: items.joined(separator: "\n" + indent),
                                   message: "replace with '\(items.joined(separator: "', '"))'"))
            notes.append(Note("in .tips: " + items.map { "'\($0)'" }.joined(separator: ", ")))
        } else {
            notes.append(Note(block.name == "config block"
                ? "settings are 'displayFrequency daily', 'donationLimit 1000' and 'donationMaxAge 30d'"
                : "options are 'maxDisplayCount 3', 'maxDisplayDuration 2m' and 'ignoresDisplayFrequency'"))
        }
        error(.unknownItem, "TipKit's '\(what)' is written as \(place), one per line, in .tips", at: range,
              notes: notes, fixIts: fixIts)
        for _ in 0...last { advance() }
        return true
    }

    /// `static let saved = Tips.Event(id: "saved")` where a declaration starts: reported with
    /// `event saved` (and a key when the id differs), then read as that declaration.
    mutating func reportTipKitEvent() -> Bool {
        var start = 0
        if isWord(current, "static") { start = 1 }
        guard let m = match(["let", "IDENT", TokenKind.assign, "Tips", TokenKind.dot, "Event", TokenKind.leftParen, "id",
                             TokenKind.colon, "STRING", TokenKind.rightParen], from: start) else { return false }
        let name = text(m[1])
        let id = stringLiteral(m[9]).plainText
        let spelled = id == name || id == nil ? "event \(name)" : "event \(name) key \(text(m[9]))"
        let range = current.range.union(m[10].range)
        error(.expectedDeclaration, "TipKit's '\(Lexer.printable(source.text(in: range), limit: 60))' is written '\(spelled)' in .tips",
              at: range, fixIts: [.replace(range, with: spelled, message: "replace with '\(spelled)'")])
        // Read on as `event NAME`: the declaration exists, so its uses do not cascade.
        for _ in 0..<start { advance() }
        tokens[index].kind = .kwEvent
        tokens.removeSubrange((index + 2)...(index + 10))
        return true
    }
}
