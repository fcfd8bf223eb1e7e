import TipsSource

extension ParserState {
    /// `tip NAME [( arguments )] { tip-item }`.
    mutating func parseTip() throws(ParseAbort) -> TipDeclSyntax {
        let keyword = advance()
        let name = try expectIdentifier("expected a tip name after 'tip'")
        var arguments: [TipDeclSyntax.Argument] = []
        if current.kind == .leftParen {
            arguments = try parseFields(kind: "argument", owner: "tip '\(name.name)'")
        }
        if let m = match([TokenKind.colon, "IDENT"]), peek(2).kind == .leftBrace {
            // `tip SaveTip: Tip {`, as in Swift.
            let range = SourceRange(file: file, start: lastEnd, end: m[1].range.end)
            error(.expectedToken, "a tip declaration takes no ': \(text(m[1]))'; every 'tip' is a tip", at: m[0].range.union(m[1].range),
                  fixIts: [.replace(range, with: "", message: "remove ': \(text(m[1]))'")])
            advance()
            advance()
        }
        var renamedFrom: Identifier?
        if isWord(current, "renamedFrom") {
            advance()
            renamedFrom = try expectIdentifier("expected the tip's old name after 'renamedFrom'")
        }
        let open = try expect(.leftBrace, "expected '{' after tip \(arguments.isEmpty ? "name" : "arguments") of '\(name.name)'")
        try enter()
        let outer = block
        block = .tip
        defer {
            depth -= 1
            block = outer
        }
        var items: [TipItemSyntax] = []
        while let word = nextItem(.tip, open: open, owner: "tip '\(name.name)'") {
            do {
                items.append(try parseTipItem(word))
            } catch {
                synchronize(.tip)
            }
        }
        return TipDeclSyntax(name: name, arguments: arguments, items: items, renamedFrom: renamedFrom,
                             range: range(from: keyword.range.start))
    }

    /// One tip item; its word is already consumed.
    mutating func parseTipItem(_ word: Token) throws(ParseAbort) -> TipItemSyntax {
        let start = word.range.start
        switch text(word) {
        case "id":
            let value = try expectString("expected a string after 'id'")
            return .id(value, range: range(from: start))
        case "title":
            let value = try parseText(after: word)
            return .title(value, range: range(from: start))
        case "message":
            let value = try parseText(after: word)
            let condition = try parseContentCondition()
            return .message(value, condition: condition, range: range(from: start))
        case "image":
            var value: StringLiteralSyntax
            if let literal = try parseAssetImageView(after: word) {
                let condition = try parseContentCondition()
                return .imageAsset(literal, condition: condition, range: range(from: start))
            }
            if parseImageKind() == "asset" {
                value = try expectString("expected an asset name string after 'image asset'")
                let condition = try parseContentCondition()
                return .imageAsset(value, condition: condition, range: range(from: start))
            } else if let literal = try parseSwiftView("Image", after: word) {
                value = literal
            } else {
                value = try expectString("expected an image name string after 'image'")
            }
            let condition = try parseContentCondition()
            return .image(value, condition: condition, range: range(from: start))
        case "rule":
            let value = try parseExpression()
            return .rule(value, range: range(from: start))
        case "action":
            return .action(try parseAction(word))
        case "invalidate":
            guard isWord(current, "when") else {
                if current.kind == .leftParen {
                    throw fail("expected 'when' after 'invalidate'",
                               notes: [Note("in .tips the app does not call invalidate(reason:): a tip ends in an action, "
                                            + "as in action \"not-now\" { title \"Not Now\" invalidate reason tipClosed }, "
                                            + "or with 'invalidate when EVENT' when an event is donated")])
                }
                throw fail("expected 'when' after 'invalidate'",
                           notes: [Note("a tip invalidates itself with 'invalidate when EVENT'; a bare 'invalidate' belongs in an action")])
            }
            advance()
            let event = try expectIdentifier("expected an event name after 'invalidate when'")
            var filter: ExprSyntax?
            if isWord(current, "where") {
                advance()
                filter = try parseExpression()
            }
            let reason = try parseReason()
            return .invalidateWhen(event: event, filter: filter, reason: reason, range: range(from: start))
        case "goal":
            let event = try expectIdentifier("expected an event name after 'goal'",
                                             notes: [Note("for example goal featureUsed within 7d")])
            var filter: ExprSyntax?
            if isWord(current, "where") {
                advance()
                filter = try parseExpression()
            }
            var window: ExprSyntax?
            if isWord(current, "within") {
                advance()
                window = try parseExpression()
            }
            return .goal(event: event, filter: filter, window: window, range: range(from: start))
        case "experiment":
            return .experiment(try parseExperiment(word))
        case "maxDisplayCount":
            let value = try parseExpression()
            return .maxDisplayCount(value, range: range(from: start))
        case "maxDisplayDuration":
            let value = try parseExpression()
            return .maxDisplayDuration(value, range: range(from: start))
        case "priority":
            if isItemWord(current, .tip) || current.kind == .rightBrace || current.kind == .eof {
                throw fail("expected a number after 'priority'",
                           notes: [Note("a priority is a whole number from -100 to 100, e.g. 'priority 10'; higher takes a display budget first")])
            }
            let value = try parseExpression()
            return .priority(value, range: range(from: start))
        case "resetEligibility":
            // `resetEligibility after 60d`. Without `after`, a duration right here is the
            // common slip (`resetEligibility 60d`): say so and offer the word.
            guard isWord(current, "after") else {
                let note = Note("an invalidated tip returns to its rules by itself after the interval, e.g. 'resetEligibility after 60d'")
                if current.kind == .duration || current.kind == .integer {
                    let at = SourceRange.point(file, current.range.start)
                    error(.expectedToken, "expected 'after' before the interval of 'resetEligibility'", at: current.range,
                          notes: [note], fixIts: [.replace(at, with: "after ", message: "insert 'after'")])
                    let value = try parseExpression()
                    return .resetEligibility(after: value, range: range(from: start))
                }
                if current.kind == .leftParen {
                    throw fail("expected 'after' and an interval after 'resetEligibility'",
                               notes: [Note("in .tips the app does not call resetEligibility(): the tip declares when it comes back, "
                                            + "as in resetEligibility after 60d; the app's TipStore.resetEligibility(_:) still works")])
                }
                throw fail("expected 'after' and an interval after 'resetEligibility'", notes: [note])
            }
            advance()
            if isItemWord(current, .tip) || current.kind == .rightBrace || current.kind == .eof {
                throw fail("expected an interval after 'resetEligibility after'",
                           notes: [Note("for example resetEligibility after 60d")])
            }
            let value = try parseExpression()
            return .resetEligibility(after: value, range: range(from: start))
        case "ignoresDisplayBudget":
            var value = true
            if current.kind == .kwTrue || current.kind == .kwFalse {
                value = advance().kind == .kwTrue
            }
            return .ignoresDisplayBudget(value, range: range(from: start))
        default:  // ignoresDisplayFrequency
            var value = true
            if current.kind == .kwTrue || current.kind == .kwFalse {
                value = advance().kind == .kwTrue
            }
            return .ignoresDisplayFrequency(value, range: range(from: start))
        }
    }

    /// `[reason NAME]`.
    mutating func parseReason() throws(ParseAbort) -> Identifier? {
        guard isWord(current, "reason") else { return nil }
        advance()
        if let m = match([TokenKind.dot, "IDENT"]), !m[1].isAtLineStart {
            // `reason .tipClosed`: TipKit's spelling of the case.
            error(.expectedToken, "a reason is written without '.': 'reason \(text(m[1]))'", at: m[0].range,
                  fixIts: [.replace(m[0].range, with: "", message: "remove '.'")])
            advance()
        }
        return try expectIdentifier("expected a reason after 'reason'",
                                    notes: [Note("reasons are actionPerformed, displayCountExceeded, displayDurationExceeded and tipClosed")])
    }

    /// `STRING | localized ( STRING [, table: STRING] [, default: STRING] )`.
    mutating func parseText(after word: Token) throws(ParseAbort) -> TextSyntax {
        if current.kind == .string { return .literal(stringLiteral(advance())) }
        if let literal = try parseSwiftView("Text", after: word) { return .literal(literal) }
        guard isWord(current, "localized"), peek().kind == .leftParen else {
            throw fail("expected a string or 'localized(...)' after '\(text(word))'")
        }
        let keyword = advance()
        let open = advance()
        let key = try expectString("expected a localization key string after 'localized('")
        var table: StringLiteralSyntax?
        var fallback: StringLiteralSyntax?
        while current.kind == .comma {
            advance()
            if isWord(current, "table"), table == nil, fallback == nil {
                advance()
                try expect(.colon, "expected ':' after 'table'")
                table = try expectString("expected a table name string after 'table:'")
            } else if isWord(current, "default"), fallback == nil {
                advance()
                try expect(.colon, "expected ':' after 'default'")
                fallback = try expectString("expected a string after 'default:'")
            } else {
                throw fail("expected \(table == nil && fallback == nil ? "'table:' or " : "")'default:' after ','",
                           notes: [Note("write localized(\"key\", table: \"Table\", default: \"Text\"), in that order")])
            }
        }
        try expect(.rightParen, "expected ')' to end 'localized(...)'", notes: [Note("'(' is here", at: open.range)])
        return .localized(LocalizedTextSyntax(key: key, table: table, fallback: fallback,
                                              range: range(from: keyword.range.start)))
    }

    /// `when EXPR` after a message or an action id, if present.
    mutating func parseContentCondition() throws(ParseAbort) -> ExprSyntax? {
        guard isWord(current, "when") else { return nil }
        advance()
        return try parseExpression()
    }

    /// `action STRING [when EXPR] { action-item }`; the word `action` is consumed.
    mutating func parseAction(_ word: Token) throws(ParseAbort) -> ActionSyntax {
        let id = try expectString("expected the action's id string after 'action'")
        let condition = try parseContentCondition()
        let open = try expect(.leftBrace, condition == nil ? "expected '{' after the action id"
                                                           : "expected '{' after the action's 'when' condition")
        try enter()
        let outer = block
        block = .action
        defer {
            depth -= 1
            block = outer
        }
        var title: TextSyntax?
        var effects: [EffectSyntax] = []
        let owner = "action '\(Lexer.printable(id.plainText ?? "..."))'"
        while let item = nextItem(.action, open: open, owner: owner) {
            do {
                let start = item.range.start
                switch text(item) {
                case "title":
                    let value = try parseText(after: item)
                    if title != nil {
                        error(.repeatedClause, "\(owner) already has a title", at: range(from: start),
                              notes: [Note("the first title is here", at: title?.range)])
                    } else {
                        title = value
                    }
                case "invalidate":
                    var reason = try parseInvalidateCall()
                    if reason == nil { reason = try parseReason() }
                    effects.append(.invalidate(reason: reason, range: range(from: start)))
                case "set":
                    let name = try expectIdentifier("expected a parameter name after 'set'")
                    try expect(.assign, "expected '=' after 'set \(name.name)'")
                    let value = try parseExpression()
                    effects.append(.set(name, value, range: range(from: start)))
                case "snooze":
                    let interval = try parseExpression()
                    var limit: ExprSyntax?
                    if isWord(current, "limit") {
                        advance()
                        limit = try parseExpression()
                    }
                    effects.append(.snooze(interval: interval, limit: limit, range: range(from: start)))
                default:  // donate
                    effects.append(try parseDonate(item))
                }
            } catch {
                synchronize(.action)
            }
        }
        return ActionSyntax(id: id, title: title, effects: effects, range: range(from: word.range.start),
                            condition: condition)
    }

    /// `donate EVENT [( [field: expr {, field: expr} [,]] )]`; the word is consumed.
    mutating func parseDonate(_ word: Token) throws(ParseAbort) -> EffectSyntax {
        let event = try expectIdentifier("expected an event name after 'donate'")
        var values: [FieldValueSyntax] = []
        if current.kind == .leftParen {
            let open = advance()
            try enter()
            defer { depth -= 1 }
            while current.kind != .rightParen {
                let field = try expectIdentifier("expected a field name after \(describe(tokens[index - 1]))")
                try expect(.colon, "expected ':' after field name '\(field.name)'")
                let value = try parseExpression()
                values.append(FieldValueSyntax(field: field, value: value, range: field.range.union(value.range)))
                if current.kind == .comma {
                    advance()
                } else if current.kind != .rightParen {
                    throw fail("expected ',' or ')' after the value of '\(field.name)'",
                               notes: [Note("the list starts here", at: open.range)])
                }
            }
            advance()
        }
        return .donate(event, values, range: range(from: word.range.start))
    }

    /// `Text("...")` after `title`/`message` or `Image(systemName: "...")` after `image`, as
    /// in a TipKit tip's properties: reported with the string alone, and read as that string.
    mutating func parseSwiftView(_ view: String, after word: Token) throws(ParseAbort) -> StringLiteralSyntax? {
        guard isWord(current, view), peek().kind == .leftParen, !peek().isAtLineStart else { return nil }
        var string = 2
        if let m = match(["IDENT", TokenKind.colon], from: 2), ["systemName", "verbatim"].contains(text(m[0])) { string = 4 }
        guard peek(string).kind == .string, peek(string + 1).kind == .rightParen else { return nil }
        let range = current.range.union(peek(string + 1).range)
        let literal = peek(string)
        let shown = source.text(in: range)
        error(.expectedToken, "'\(text(word))' takes the string itself, not TipKit's '\(Lexer.printable(shown, limit: 40))'",
              at: range, fixIts: [.replace(range, with: text(literal), message: "replace with \(text(literal))")])
        for _ in 0...(string + 1) { advance() }
        return stringLiteral(literal)
    }

    /// `invalidate(reason: .tipClosed)` in an action, TipKit's call: reported with the
    /// `.tips` spelling, and read with its reason so the meaning is kept.
    mutating func parseInvalidateCall() throws(ParseAbort) -> Identifier? {
        guard current.kind == .leftParen, !current.isAtLineStart else { return nil }
        let open = current
        if let m = match([TokenKind.leftParen, TokenKind.rightParen]) {
            error(.expectedToken, "'invalidate' takes no parentheses", at: m[0].range.union(m[1].range),
                  fixIts: [.replace(m[0].range.union(m[1].range), with: "", message: "remove '()'")])
            advance()
            advance()
            return nil
        }
        guard let m = match([TokenKind.leftParen, "reason", TokenKind.colon, TokenKind.dot, "IDENT", TokenKind.rightParen])
        else {
            throw fail("expected an item after 'invalidate'",
                       notes: [Note("write 'invalidate reason tipClosed' (or another reason), without parentheses")])
        }
        let reason = text(m[4])
        let range = SourceRange(file: file, start: lastEnd, end: m[5].range.end)
        var fixIts: [FixIt] = []
        // Only a known reason gives an exact edit; the checker suggests the closest otherwise.
        if TipKitSpelling.reasons.contains(reason) {
            fixIts.append(.replace(range, with: " reason \(reason)", message: "replace with ' reason \(reason)'"))
        }
        error(.expectedToken, "TipKit's 'invalidate(reason: .\(reason))' is written 'invalidate reason \(reason)' in .tips",
              at: open.range.union(m[5].range), fixIts: fixIts)
        for _ in 0..<6 { advance() }
        return identifier(m[4])
    }
}
