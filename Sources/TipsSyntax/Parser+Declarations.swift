import TipsSource

extension ParserState {
    /// `file = { declaration }`.
    mutating func parseFile() -> [DeclSyntax] {
        var declarations: [DeclSyntax] = []
        while current.kind != .eof {
            guard current.kind.startsDeclaration else {
                reportExpectedDeclaration(after: declarations.last)
                advance()
                synchronizeToDeclaration()
                continue
            }
            do {
                declarations.append(try parseDeclaration())
            } catch {
                synchronizeToDeclaration()
            }
        }
        return declarations
    }

    mutating func reportExpectedDeclaration(after last: DeclSyntax?) {
        let token = current
        if lineHasError(token.range) { return }
        var notes: [Note] = []
        var fixIts: [FixIt] = []
        if token.kind == .identifier {
            var candidates = ["config", "enum", "param", "transient", "event", "tip", "group", "testing"]
            // A misspelt event clause surfaces here, after the event declaration ended.
            if case .event = last { candidates += ["limit", "maxAge"] }
            if let suggestion = ParserState.closest(to: text(token), among: candidates) {
                notes.append(Note("did you mean '\(suggestion)'?"))
                fixIts.append(.replace(token.range, with: suggestion, message: "replace with '\(suggestion)'"))
            } else if ParserBlock.tip.words.contains(text(token)) {
                notes.append(Note("'\(text(token))' is an item of a tip body; is a '}' misplaced?"))
            }
        } else if token.kind == .rightBrace {
            error("E121", "unexpected '}' outside any block", at: token.range)
            return
        }
        notes.append(Note("declarations start with config, enum, param, transient, event, tip, group or testing"))
        error("E121", "expected a declaration, found \(describe(token))", at: token.range, notes: notes, fixIts: fixIts)
    }

    mutating func parseDeclaration() throws(ParseAbort) -> DeclSyntax {
        switch current.kind {
        case .kwConfig: return .config(try parseConfig())
        case .kwEnum: return .enumeration(try parseEnum())
        case .kwParam, .kwTransient: return .param(try parseParam())
        case .kwEvent: return .event(try parseEvent())
        case .kwTip: return .tip(try parseTip())
        case .kwGroup: return .group(try parseGroup())
        default: return .testing(try parseTesting())
        }
    }

    /// `config { config-item }`.
    mutating func parseConfig() throws(ParseAbort) -> ConfigDeclSyntax {
        let keyword = advance()
        let open = try expect(.leftBrace, "expected '{' after 'config'")
        try enter()
        let outer = block
        block = .config
        defer {
            depth -= 1
            block = outer
        }
        var items: [ConfigDeclSyntax.Item] = []
        while let word = nextItem(.config, open: open, owner: "the config block") {
            do {
                items.append(try parseConfigItem(word))
            } catch {
                synchronize(.config)
            }
        }
        return ConfigDeclSyntax(items: items, range: range(from: keyword.range.start))
    }

    /// One config item; its word is already consumed.
    mutating func parseConfigItem(_ word: Token) throws(ParseAbort) -> ConfigDeclSyntax.Item {
        switch text(word) {
        case "displayFrequency":
            if isItemWord(current, .config) {
                // `displayFrequency donationLimit 5`: the value is missing.
                throw fail("expected a frequency after 'displayFrequency'",
                           notes: [Note("frequencies are immediate, hourly, daily, weekly, monthly or a duration")])
            }
            // A lone word is a named frequency; anything else is a duration expression.
            let next = peek()
            if current.kind == .identifier, next.kind.binaryOperator == nil, next.kind != .dot, next.kind != .leftParen {
                let name = identifier(advance())
                return .displayFrequency(.named(name), range: range(from: word.range.start))
            }
            let interval = try parseExpression()
            return .displayFrequency(.custom(interval), range: range(from: word.range.start))
        case "donationLimit":
            let value = try parseExpression()
            return .donationLimit(value, range: range(from: word.range.start))
        default:  // donationMaxAge
            let value = try parseExpression()
            return .donationMaxAge(value, range: range(from: word.range.start))
        }
    }

    /// `enum NAME { case, case }`.
    mutating func parseEnum() throws(ParseAbort) -> EnumDeclSyntax {
        let keyword = advance()
        let name = try expectIdentifier("expected an enumeration name after 'enum'")
        try expect(.leftBrace, "expected '{' after enumeration name '\(name.name)'")
        try enter()
        defer { depth -= 1 }
        var renames: [Identifier?] = []
        let cases = try parseNameList(element: "case name", closer: .rightBrace) { parser throws(ParseAbort) in
            guard parser.isWord(parser.current, "renamedFrom") else { renames.append(nil); return }
            parser.advance()
            renames.append(try parser.expectIdentifier("expected the case's old name after 'renamedFrom'"))
        }
        if cases.isEmpty {
            error("E127", "enumeration '\(name.name)' has no cases", at: range(from: keyword.range.start),
                  notes: [Note("list the cases separated by commas: enum \(name.name) { a, b }")])
        }
        return EnumDeclSyntax(name: name, cases: cases, renamedFrom: renames.contains { $0 != nil } ? renames : [],
                              range: range(from: keyword.range.start))
    }

    /// `[transient] param NAME : type [= expr]`.
    mutating func parseParam() throws(ParseAbort) -> ParamDeclSyntax {
        let start = current.range.start
        var isTransient = false
        if current.kind == .kwTransient {
            advance()
            isTransient = true
            if current.kind != .kwParam { throw fail("expected 'param' after 'transient'") }
        }
        advance()
        let name = try expectIdentifier("expected a parameter name after 'param'")
        try expect(.colon, "expected ':' after parameter name '\(name.name)'")
        let type = try parseType()
        var defaultValue: ExprSyntax?
        if current.kind == .assign {
            advance()
            defaultValue = try parseExpression()
        }
        var renamedFrom: Identifier?
        if isWord(current, "renamedFrom") {
            advance()
            renamedFrom = try expectIdentifier("expected the parameter's old name after 'renamedFrom'")
        }
        return ParamDeclSyntax(name: name, type: type, defaultValue: defaultValue, isTransient: isTransient,
                               renamedFrom: renamedFrom, range: range(from: start))
    }

    /// `event NAME [( fields )] { limit expr | maxAge expr }`.
    mutating func parseEvent() throws(ParseAbort) -> EventDeclSyntax {
        let keyword = advance()
        let name = try expectIdentifier("expected an event name after 'event'")
        var fields: [EventDeclSyntax.Field] = []
        var hasPayloadClause = false
        if current.kind == .leftParen {
            hasPayloadClause = true
            fields = try parseFields(kind: "field", owner: "event '\(name.name)'")
        }
        var limit: ExprSyntax?
        var maxAge: ExprSyntax?
        var renamedFrom: Identifier?
        while isWord(current, "limit") || isWord(current, "maxAge") || isWord(current, "renamedFrom") {
            let word = advance()
            if text(word) == "renamedFrom" {
                let old = try expectIdentifier("expected the event's old name after 'renamedFrom'")
                if renamedFrom != nil {
                    error("E128", "'renamedFrom' is given twice for event '\(name.name)'", at: range(from: word.range.start),
                          notes: [Note("each event takes at most one 'renamedFrom'")])
                } else {
                    renamedFrom = old
                }
                continue
            }
            let value = try parseExpression()
            let isLimit = text(word) == "limit"
            if (isLimit ? limit : maxAge) != nil {
                error("E128", "'\(text(word))' is given twice for event '\(name.name)'", at: range(from: word.range.start),
                      notes: [Note("each event takes at most one 'limit' and one 'maxAge'")])
            } else if isLimit {
                limit = value
            } else {
                maxAge = value
            }
        }
        return EventDeclSyntax(name: name, fields: fields, hasPayloadClause: hasPayloadClause, limit: limit,
                               maxAge: maxAge, renamedFrom: renamedFrom, range: range(from: keyword.range.start))
    }

    /// `group NAME [firstAvailable | ordered] { tip, tip }`.
    mutating func parseGroup() throws(ParseAbort) -> GroupDeclSyntax {
        let keyword = advance()
        let name = try expectIdentifier("expected a group name after 'group'")
        var priority: GroupPrioritySyntax?
        var priorityRange: SourceRange?
        if current.kind == .identifier {
            let word = advance()
            if let known = GroupPrioritySyntax(rawValue: text(word)) {
                priority = known
                priorityRange = word.range
            } else {
                let all = ["firstAvailable", "ordered"]
                var notes = [Note("a group's priority is 'firstAvailable' (the default) or 'ordered'")]
                var fixIts: [FixIt] = []
                if let suggestion = ParserState.closest(to: text(word), among: all) {
                    notes.insert(Note("did you mean '\(suggestion)'?"), at: 0)
                    fixIts.append(.replace(word.range, with: suggestion, message: "replace with '\(suggestion)'"))
                }
                error("E122", "unknown group priority '\(text(word))'", at: word.range, notes: notes, fixIts: fixIts)
            }
        }
        try expect(.leftBrace, "expected '{' after group name '\(name.name)'")
        try enter()
        defer { depth -= 1 }
        let members = try parseNameList(element: "tip name", closer: .rightBrace)
        return GroupDeclSyntax(name: name, priority: priority, priorityRange: priorityRange, members: members,
                               range: range(from: keyword.range.start))
    }

    /// `testing { showAll | hideAll | show A, B | hide A, B }`.
    mutating func parseTesting() throws(ParseAbort) -> TestingDeclSyntax {
        let keyword = advance()
        let open = try expect(.leftBrace, "expected '{' after 'testing'")
        try enter()
        let outer = block
        block = .testing
        defer {
            depth -= 1
            block = outer
        }
        var items: [TestingDeclSyntax.Item] = []
        while let word = nextItem(.testing, open: open, owner: "the testing block") {
            do {
                switch text(word) {
                case "showAll": items.append(.showAll(word.range))
                case "hideAll": items.append(.hideAll(word.range))
                default:
                    var names = [try expectIdentifier("expected a tip name after '\(text(word))'")]
                    while current.kind == .comma {
                        advance()
                        names.append(try expectIdentifier("expected a tip name after ','"))
                    }
                    let itemRange = range(from: word.range.start)
                    items.append(text(word) == "show" ? .show(names, range: itemRange) : .hide(names, range: itemRange))
                }
            } catch {
                synchronize(.testing)
            }
        }
        return TestingDeclSyntax(items: items, range: range(from: keyword.range.start))
    }
}
