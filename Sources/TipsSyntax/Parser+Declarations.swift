import TipsSource

extension ParserState {
    /// `file = { declaration }`.
    mutating func parseFile() -> [DeclSyntax] {
        var declarations: [DeclSyntax] = []
        while current.kind != .eof {
            if let m = match(["struct", "IDENT", TokenKind.colon, "Tip"]) {
                // `struct SaveTip: Tip {`, a TipKit tip: reported, then read as `tip SaveTip {`.
                let range = m[0].range.union(m[3].range)
                error(.expectedDeclaration, "TipKit's 'struct \(text(m[1])): Tip' is written 'tip \(text(m[1]))' in .tips", at: range,
                      fixIts: [.replace(range, with: "tip \(text(m[1]))", message: "replace with 'tip \(text(m[1]))'")])
                tokens[index].kind = .kwTip
            }
            if isWord(current, "static") || isWord(current, "let") { _ = reportTipKitEvent() }
            guard startsDeclaration else {
                reportExpectedDeclaration(after: declarations.last)
                advance()
                synchronizeToDeclaration()
                continue
            }
            let name = declarationName()
            do {
                declarations.append(try parseDeclaration())
            } catch {
                if let name { brokenNames.append(name) }
                synchronizeToDeclaration()
            }
        }
        return declarations
    }

    /// The name the declaration at the cursor declares, if it is written.
    /// Whether the current token starts a declaration: a reserved word, or the contextual
    /// `let` of a constant (`let` followed by a name; elsewhere `let` is an ordinary name).
    var startsDeclaration: Bool {
        current.kind.startsDeclaration || (isWord(current, "let") && peek().kind == .identifier)
    }

    func declarationName() -> String? {
        let name = current.kind == .kwTransient ? peek(2) : peek(1)
        return name.kind == .identifier ? text(name) : nil
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
                if case .tip(let tip) = last {
                    if reportClosedTooEarly(tip, item: token) { return }
                    // The tip's own checks would only repeat this error.
                    brokenNames.append(tip.name.name)
                    notes.append(Note("tip '\(tip.name.name)' ends here", at: SourceRange(file: file, start: tip.range.end - 1, end: tip.range.end)))
                }
                notes.append(Note("'\(text(token))' is an item of a tip body: it belongs inside a tip's braces"))
                error(.expectedDeclaration, "'\(text(token))' cannot appear outside a tip", at: token.range, notes: notes)
                return
            } else if let (note, fixIt) = spacedDurationHint(token) {
                error(.expectedDeclaration, "expected a declaration, found \(describe(token))", at: token.range, notes: [note], fixIts: [fixIt])
                return
            }
        } else if token.kind == .rightBrace {
            error(.expectedDeclaration, "unexpected '}' outside any block", at: token.range)
            return
        }
        notes.append(Note("declarations start with config, enum, param, transient, event, tip, group or testing"))
        error(.expectedDeclaration, "expected a declaration, found \(describe(token))", at: token.range, notes: notes, fixIts: fixIts)
    }

    mutating func parseDeclaration() throws(ParseAbort) -> DeclSyntax {
        if current.kind == .identifier { return .constant(try parseConstant()) }
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
            if let m = match([TokenKind.dot, "IDENT"]), TipKitSpelling.frequencies.contains(text(m[1])) {
                // `displayFrequency .daily`: TipKit's spelling of the named frequency.
                error(.expectedToken, "a frequency is written without '.': 'displayFrequency \(text(m[1]))'", at: m[0].range,
                      fixIts: [.replace(m[0].range, with: "", message: "remove '.'")])
                advance()
            }
            // A lone word is a named frequency; anything else is a duration expression.
            let next = peek()
            if current.kind == .identifier, next.kind.binaryOperator == nil, next.kind != .dot, next.kind != .leftParen {
                let name = identifier(advance())
                return .displayFrequency(.named(name), range: range(from: word.range.start))
            }
            let interval = try parseExpression()
            return .displayFrequency(.custom(interval), range: range(from: word.range.start))
        case "displayBudget":
            return try parseDisplayBudget(word)
        case "donationLimit":
            let value = try parseExpression()
            return .donationLimit(value, range: range(from: word.range.start))
        default:  // donationMaxAge
            let value = try parseExpression()
            return .donationMaxAge(value, range: range(from: word.range.start))
        }
    }

    /// `let NAME [: type] = expr`.
    mutating func parseConstant() throws(ParseAbort) -> ConstantDeclSyntax {
        let keyword = advance()
        let name = try expectIdentifier("expected a constant name after 'let'")
        var type: TypeSyntax?
        if current.kind == .colon {
            advance()
            type = try parseType()
        }
        try expect(.assign, "expected '=' and a value after constant '\(name.name)'",
                   notes: [Note("a constant is written 'let \(name.name) = 3'")])
        let value = try parseExpression()
        return ConstantDeclSyntax(name: name, type: type, value: value, range: range(from: keyword.range.start))
    }

    /// `enum NAME { case, case }`.
    mutating func parseEnum() throws(ParseAbort) -> EnumDeclSyntax {
        let keyword = advance()
        let name = try expectIdentifier("expected an enumeration name after 'enum'")
        try expect(.leftBrace, "expected '{' after enumeration name '\(name.name)'")
        try enter()
        defer { depth -= 1 }
        if isWord(current, "case"), peek().kind == .identifier, !peek().isAtLineStart {
            // `enum Plan { case free, pro }`, as in Swift.
            let word = advance()
            error(.expectedToken, "enumeration cases are listed without 'case'", at: word.range,
                  fixIts: [.replace(SourceRange(file: file, start: word.range.start, end: current.range.start),
                                    with: "", message: "remove 'case'")])
        }
        var renames: [Identifier?] = []
        let cases = try parseNameList(element: "case name", closer: .rightBrace) { parser throws(ParseAbort) in
            guard parser.isWord(parser.current, "renamedFrom") else { renames.append(nil); return }
            parser.advance()
            renames.append(try parser.expectIdentifier("expected the case's old name after 'renamedFrom'"))
        }
        if cases.isEmpty {
            error(.emptyList, "enumeration '\(name.name)' has no cases", at: range(from: keyword.range.start),
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
        let type: TypeSyntax
        if current.kind == .assign, let inferred = literalType(peek()) {
            // `param isPro = false`: Swift infers the type; a parameter states it.
            let at = SourceRange.point(file, name.range.end)
            error(.expectedToken, "expected ':' and a type after parameter name '\(name.name)'", at: current.range,
                  notes: [Note("a parameter states its type: 'param \(name.name): \(inferred) = ...'")],
                  fixIts: [.replace(at, with: ": \(inferred)", message: "insert ': \(inferred)'")])
            type = TypeSyntax(name: Identifier(inferred, range: at), argument: nil, isOptional: false, range: at)
        } else {
            try expectTypeColon(after: name, what: "parameter name")
            type = try parseType()
        }
        var defaultValue: ExprSyntax?
        if current.kind == .assign {
            advance()
            defaultValue = try parseExpression()
        }
        var renamedFrom: Identifier?
        var key: StringLiteralSyntax?
        while isWord(current, "renamedFrom") || isWord(current, "key") {
            let word = advance()
            if text(word) == "key" {
                let value = try parseKey(after: word, of: "parameter '\(name.name)'", given: key)
                if key == nil { key = value }
                continue
            }
            let old = try expectIdentifier("expected the parameter's old name after 'renamedFrom'")
            if renamedFrom != nil {
                error(.repeatedClause, "'renamedFrom' is given twice for parameter '\(name.name)'", at: range(from: word.range.start),
                      notes: [Note("each parameter takes at most one 'renamedFrom'")])
            } else {
                renamedFrom = old
            }
        }
        return ParamDeclSyntax(name: name, type: type, defaultValue: defaultValue, isTransient: isTransient,
                               renamedFrom: renamedFrom, key: key, range: range(from: start))
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
        var key: StringLiteralSyntax?
        while isWord(current, "limit") || isWord(current, "maxAge") || isWord(current, "renamedFrom") || isWord(current, "key") {
            let word = advance()
            if text(word) == "key" {
                let value = try parseKey(after: word, of: "event '\(name.name)'", given: key)
                if key == nil { key = value }
                continue
            }
            if text(word) == "renamedFrom" {
                let old = try expectIdentifier("expected the event's old name after 'renamedFrom'")
                if renamedFrom != nil {
                    error(.repeatedClause, "'renamedFrom' is given twice for event '\(name.name)'", at: range(from: word.range.start),
                          notes: [Note("each event takes at most one 'renamedFrom'")])
                } else {
                    renamedFrom = old
                }
                continue
            }
            let value = try parseExpression()
            let isLimit = text(word) == "limit"
            if (isLimit ? limit : maxAge) != nil {
                error(.repeatedClause, "'\(text(word))' is given twice for event '\(name.name)'", at: range(from: word.range.start),
                      notes: [Note("each event takes at most one 'limit' and one 'maxAge'")])
            } else if isLimit {
                limit = value
            } else {
                maxAge = value
            }
        }
        return EventDeclSyntax(name: name, fields: fields, hasPayloadClause: hasPayloadClause, limit: limit,
                               maxAge: maxAge, renamedFrom: renamedFrom, key: key, range: range(from: keyword.range.start))
    }

    /// `group NAME [firstAvailable | ordered] [together] { tip, tip }`.
    mutating func parseGroup() throws(ParseAbort) -> GroupDeclSyntax {
        let keyword = advance()
        let name = try expectIdentifier("expected a group name after 'group'")
        var priority: GroupPrioritySyntax?
        var priorityRange: SourceRange?
        if let m = match([TokenKind.leftParen, TokenKind.dot, "IDENT", TokenKind.rightParen]),
           let known = GroupPrioritySyntax(rawValue: text(m[2])) {
            // `group G(.ordered)`, as in TipKit's `TipGroup(.ordered)`.
            let range = SourceRange(file: file, start: lastEnd, end: m[3].range.end)
            error(.expectedToken, "TipKit's 'TipGroup(.\(text(m[2])))' is written 'group \(name.name) \(text(m[2])) { ... }' in .tips",
                  at: m[0].range.union(m[3].range),
                  fixIts: [.replace(range, with: " \(text(m[2]))", message: "replace with ' \(text(m[2]))'")])
            for _ in 0..<4 { advance() }
            priority = known
            priorityRange = m[2].range
        } else if current.kind == .identifier, !isWord(current, "together") {
            let word = advance()
            if let known = GroupPrioritySyntax(rawValue: text(word)) {
                priority = known
                priorityRange = word.range
            } else {
                let all = ["firstAvailable", "ordered", "together"]
                var notes = [Note("a group's priority is 'firstAvailable' (the default) or 'ordered', "
                                  + "optionally followed by 'together'")]
                var fixIts: [FixIt] = []
                if let suggestion = ParserState.closest(to: text(word), among: all) {
                    notes.insert(Note("did you mean '\(suggestion)'?"), at: 0)
                    fixIts.append(.replace(word.range, with: suggestion, message: "replace with '\(suggestion)'"))
                }
                error(.expectedToken, "unknown group priority '\(text(word))'", at: word.range, notes: notes, fixIts: fixIts)
            }
        }
        let together = parseTogether(priority: priority)
        try expect(.leftBrace, "expected '{' after group name '\(name.name)'")
        try enter()
        defer { depth -= 1 }
        let members = try parseNameList(element: "tip name", closer: .rightBrace, misplaced: ParserBlock.tip.words)
        return GroupDeclSyntax(name: name, priority: priority, priorityRange: priorityRange, together: together,
                               members: members, range: range(from: keyword.range.start))
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

    /// The type a literal gives a parameter in Swift (`false` → `Bool`), for `param x = false`.
    func literalType(_ token: Token) -> String? {
        switch token.kind {
        case .kwTrue, .kwFalse: "Bool"
        case .integer: "Int"
        case .double: "Double"
        case .string: "String"
        default: nil
        }
    }

    /// Tip items after the `}` that ended `tip`: the `}` came too early (reported there, with
    /// a fix-it removing it when a `}` closing nothing follows the items). Returns false when
    /// the tip's last token is not a `}`.
    mutating func reportClosedTooEarly(_ tip: TipDeclSyntax, item: Token) -> Bool {
        guard let close = tokens[..<index].last(where: { $0.range.end == tip.range.end }), close.kind == .rightBrace
        else { return false }
        var fixIts: [FixIt] = []
        var i = index
        var depth = 0
        while i < tokens.count, tokens[i].kind != .eof, !tokens[i].kind.startsDeclaration {
            if tokens[i].kind == .leftBrace { depth += 1 }
            if tokens[i].kind == .rightBrace {
                if depth == 0 {
                    fixIts.append(.replace(close.range, with: "", message: "remove this '}'"))
                    break
                }
                depth -= 1
            }
            i += 1
        }
        guard !fixIts.isEmpty else { return false }
        error(.expectedDeclaration, "this '}' ends tip '\(tip.name.name)' before its items end", at: close.range,
              notes: [Note("'\(text(item))' after it is a tip item, outside any tip", at: item.range)], fixIts: fixIts)
        return true
    }
}
