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
            return .message(value, range: range(from: start))
        case "image":
            let value = try expectString("expected an image name string after 'image'")
            return .image(value, range: range(from: start))
        case "rule":
            let value = try parseExpression()
            return .rule(value, range: range(from: start))
        case "action":
            return .action(try parseAction(word))
        case "invalidate":
            guard isWord(current, "when") else {
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
        case "maxDisplayCount":
            let value = try parseExpression()
            return .maxDisplayCount(value, range: range(from: start))
        case "maxDisplayDuration":
            let value = try parseExpression()
            return .maxDisplayDuration(value, range: range(from: start))
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
        return try expectIdentifier("expected a reason after 'reason'",
                                    notes: [Note("reasons are actionPerformed, displayCountExceeded, displayDurationExceeded and tipClosed")])
    }

    /// `STRING | localized ( STRING [, table: STRING] [, default: STRING] )`.
    mutating func parseText(after word: Token) throws(ParseAbort) -> TextSyntax {
        if current.kind == .string { return .literal(stringLiteral(advance())) }
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

    /// `action STRING { action-item }`; the word `action` is consumed.
    mutating func parseAction(_ word: Token) throws(ParseAbort) -> ActionSyntax {
        let id = try expectString("expected the action's id string after 'action'")
        let open = try expect(.leftBrace, "expected '{' after the action id")
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
                        error("E128", "\(owner) already has a title", at: range(from: start),
                              notes: [Note("the first title is here", at: title?.range)])
                    } else {
                        title = value
                    }
                case "invalidate":
                    let reason = try parseReason()
                    effects.append(.invalidate(reason: reason, range: range(from: start)))
                case "set":
                    let name = try expectIdentifier("expected a parameter name after 'set'")
                    try expect(.assign, "expected '=' after 'set \(name.name)'")
                    let value = try parseExpression()
                    effects.append(.set(name, value, range: range(from: start)))
                default:  // donate
                    effects.append(try parseDonate(item))
                }
            } catch {
                synchronize(.action)
            }
        }
        return ActionSyntax(id: id, title: title, effects: effects, range: range(from: word.range.start))
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
}
