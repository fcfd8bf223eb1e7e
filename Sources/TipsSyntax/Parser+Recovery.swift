import TipsSource

extension ParserState {
    /// Moves to the next item of a block whose `{` (`open`) was consumed, and consumes and
    /// returns the item's word; returns nil once the block ended (its `}` consumed, or found
    /// missing and reported). Stray input between items is reported once and skipped.
    mutating func nextItem(_ block: ParserBlock, open: Token, owner: String) -> Token? {
        while true {
            let token = current
            if token.kind == .rightBrace {
                advance()
                return nil
            }
            if token.kind == .identifier, !isItemWord(token, block), block.outerWords.contains(text(token)),
               token.isAtLineStart, closesAhead(enclosing: 1) {
                // `rule x` inside an action whose `}` is where it belongs: the item is misplaced.
                let word = text(token)
                error(.unknownItem, "'\(word)' cannot appear in \(block.name == "action body" ? "an action" : "the \(block.name)")",
                      at: token.range, notes: home(of: word, in: block).map { [Note($0)] } ?? [])
                synchronize(block, skippingCurrent: true)
                continue
            }
            if token.kind == .eof || token.kind.startsDeclaration
                || (token.kind == .identifier && !isItemWord(token, block) && block.outerWords.contains(text(token))) {
                error(.expectedToken, "expected '}' to end \(owner), found \(describe(token))", at: missingRange,
                      notes: [Note("the block starts here", at: open.range)],
                      fixIts: [FixIt(message: "insert '}'", edits: [.init(range: .point(file, lastEnd), replacement: " }")])])
                return nil
            }
            if isItemWord(token, block) {
                let word = advance()
                if current.kind == .colon {
                    // `title: "x"`, as in JSON or YAML: report, then read on as if it were absent.
                    let colon = advance()
                    if let frequency = tipKitFrequency(after: word, colon: colon) {
                        return frequency
                    }
                    error(.expectedToken, "unexpected ':' after '\(text(word))'; items take no ':'", at: colon.range,
                          fixIts: [.replace(colon.range, with: "", message: "remove ':'")])
                } else if current.kind == .assign, text(word) != "set" {
                    // `title = "x"`, as in Swift or a settings file.
                    let equals = advance()
                    error(.expectedToken, "unexpected '=' after '\(text(word))'; items take no '='", at: equals.range,
                          fixIts: [.replace(SourceRange(file: file, start: word.range.end, end: equals.range.end),
                                            with: "", message: "remove '='")])
                }
                return word
            }
            if !reportUnexpectedItem(token, block) { synchronize(block, skippingCurrent: true) }
        }
    }

    func isItemWord(_ token: Token, _ block: ParserBlock) -> Bool {
        block.words.contains { isWord(token, $0) }
    }

    /// Reports a token that cannot start an item of `block`, suggesting a close item word.
    /// Returns true when it consumed the item (a TipKit spelling read whole), so the caller
    /// goes on with the next item instead of skipping.
    @discardableResult
    mutating func reportUnexpectedItem(_ token: Token, _ block: ParserBlock) -> Bool {
        if lineHasError(token.range) { return false }
        if token.kind == .identifier, reportTipKitList(block) { return true }
        if token.kind == .identifier, reportTipKitItem(block) { return true }
        if token.kind == .dot, block.name == "config block", reportTipKitConfiguration() { return true }
        if token.kind == .identifier, block.name == "config block", reportBudgetHabit() { return true }
        guard token.kind == .identifier else {
            var notes = [Note("items start with \(block.wordList)")]
            var fixIts: [FixIt] = []
            if token.kind == .assign {
                // `rule count(e) = 3`: the expression ended before the '='.
                notes.insert(Note("to compare, write '=='"), at: 0)
                fixIts.append(.replace(token.range, with: "==", message: "replace with '=='"))
            }
            error(.unknownItem, "expected an item in \(block.name), found \(describe(token))", at: token.range,
                  notes: notes, fixIts: fixIts)
            return false
        }
        let word = text(token)
        var notes: [Note] = []
        var fixIts: [FixIt] = []
        let operators = ["and": "&&", "or": "||", "not": "!"]
        if let (note, fixIt) = spacedDurationHint(token) {
            notes.append(note)
            fixIts.append(fixIt)
        } else if let spelled = operators[word], previous?.kind != .leftBrace {
            // `rule a and b`: the expression ended at the word.
            notes.append(Note("did you mean '\(spelled)'?"))
            fixIts.append(.replace(token.range, with: spelled, message: "replace with '\(spelled)'"))
        } else if let home = home(of: word, in: block) {
            error(.unknownItem, "'\(word)' cannot appear in \(block.name == "action body" ? "an action" : "the \(block.name)")",
                  at: token.range, notes: [Note(home)])
            return false
        } else if let suggestion = ParserState.closest(to: word, among: block.words) {
            notes.append(Note("did you mean '\(suggestion)'?"))
            // Only the word is replaced; the fix is exact only when the rest fits the item.
            if !(suggestion.lowercased() == word.lowercased() && peek().kind == .leftParen) {
                fixIts.append(.replace(token.range, with: suggestion, message: "replace with '\(suggestion)'"))
            }
        } else if block.name == "tip body", token.isAtLineStart, readsAsExpression() {
            // `hasSeenList` or `noteCount >= 3` on its own line: a rule without its word.
            let line = source.lineText(source.lineIndex(of: token.range.start)).trimmingSpaces()
            notes.append(Note("a rule starts with 'rule': 'rule \(Lexer.printable(line, limit: 60))'"))
        }
        notes.append(Note("items start with \(block.wordList)"))
        error(.unknownItem, "unknown item '\(Lexer.printable(word))' in \(block.name)", at: token.range, notes: notes, fixIts: fixIts)
        return false
    }

    /// Skips to where the next item of `block` can start: one of its item words (or the
    /// enclosing block's), a `}` closing it, a top-level keyword or the end of the file.
    /// Nested `{ ... }` are skipped whole. With `skippingCurrent`, the current token is
    /// skipped even if it could start an item (it was just reported as unexpected).
    mutating func synchronize(_ block: ParserBlock, skippingCurrent: Bool = false) {
        var braces = 0
        var mustSkip = skippingCurrent
        while current.kind != .eof {
            let token = current
            switch token.kind {
            case _ where token.kind.startsDeclaration:
                return
            case .leftBrace:
                braces += 1
            case .rightBrace:
                if braces == 0 { return }
                braces -= 1
            case .identifier where braces == 0 && !mustSkip:
                if isItemWord(token, block) || block.outerWords.contains(text(token)) { return }
            default:
                break
            }
            mustSkip = false
            advance()
        }
    }

    /// Skips to the next top-level keyword (or the end of the file).
    mutating func synchronizeToDeclaration() {
        while current.kind != .eof, !startsDeclaration { advance() }
    }

    // MARK: Suggestions

    /// The candidate closest to `word`, if close enough to be a likely typo (one edit for
    /// words up to four characters, two beyond: `titel` for `title`).
    static func closest(to word: String, among candidates: [String]) -> String? {
        Suggestion.closest(to: word, among: candidates, closeness: .oneOrTwo(shortLength: 4))
    }
}
