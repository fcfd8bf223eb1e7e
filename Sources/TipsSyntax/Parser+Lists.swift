import TipsSource

extension ParserState {
    /// `( name: Type { , name: Type } [,] )` after an event or tip name; the `(` is current.
    /// An empty list is reported (E127) but accepted.
    mutating func parseFields(kind: String, owner: String) throws(ParseAbort) -> [FieldSyntax] {
        let open = advance()
        try enter()
        defer { depth -= 1 }
        var fields: [FieldSyntax] = []
        while current.kind != .rightParen {
            let name = try expectIdentifier("expected a \(kind) name after \(describe(tokens[index - 1]))")
            try expectTypeColon(after: name, what: "\(kind) name")
            let type = try parseType()
            fields.append(FieldSyntax(name: name, type: type, range: name.range.union(type.range)))
            if current.kind == .comma {
                advance()
            } else if current.kind != .rightParen {
                throw fail("expected ',' or ')' after \(kind) '\(name.name)'",
                           notes: [Note("the list starts here", at: open.range)])
            }
        }
        let close = advance()
        if fields.isEmpty {
            let parens = open.range.union(close.range)
            error(.emptyList, "\(owner) has an empty \(kind == "field" ? "payload" : "argument list")", at: parens,
                  notes: [Note("declare at least one \(kind), or remove the parentheses")],
                  fixIts: [.replace(parens, with: "", message: "remove '()'")])
        }
        return fields
    }

    /// `NAME { , NAME } [,]` followed by `closer`, which is consumed. A missing comma
    /// between two names (a common slip when listing one per line) is reported and repaired.
    mutating func parseNameList(element: String, closer: TokenKind, misplaced: [String] = [],
                                afterName: (inout ParserState) throws(ParseAbort) -> Void = { _ in }) throws(ParseAbort) -> [Identifier] {
        var names: [Identifier] = []
        while current.kind != closer {
            let name = try expectIdentifier("expected a \(element) after \(describe(tokens[index - 1]))")
            if misplaced.contains(name.name), current.kind != .comma, current.kind != closer {
                // `group G { A, rule x }`: a tip item in a list of tip names.
                error(.expectedToken, "'\(name.name)' cannot appear in a group, which lists only tip names",
                      at: name.range, notes: [Note("'\(name.name)' is a tip item: it belongs in the body of one of the tips")])
                while current.kind != closer, current.kind != .eof, !current.kind.startsDeclaration { advance() }
                if current.kind == closer { advance() }
                return names
            }
            names.append(name)
            try afterName(&self)
            if current.kind == .comma {
                advance()
            } else if current.kind == .identifier {
                error(.expectedToken, "expected ',' between '\(name.name)' and '\(text(current))'", at: .point(file, name.range.end),
                      fixIts: [FixIt(message: "insert ','", edits: [.init(range: .point(file, name.range.end), replacement: ",")])])
            } else if current.kind != closer {
                throw fail("expected ',' or '}' after \(element) '\(name.name)'")
            }
        }
        advance()
        return names
    }

    /// `NAME [ < NAME > ] [ ? ]`.
    mutating func parseType() throws(ParseAbort) -> TypeSyntax {
        let name = try expectIdentifier("expected a type after ':'",
                                        notes: [Note("types are Bool, Int, Double, String, Date, Set<String> or an enumeration")])
        var argument: Identifier?
        if current.kind == .less {
            advance()
            argument = try expectIdentifier("expected a type argument after '<'")
            if current.kind == .greaterEqual {
                // `Set<String>= []`: the lexer saw `>=`; split it into `>` and `=`.
                let token = current
                tokens[index] = Token(kind: .assign, range: SourceRange(file: file, start: token.range.start + 1,
                                                                        end: token.range.end))
                return finishType(name, argument, end: token.range.start + 1)
            }
            try expect(.greater, "expected '>' after type argument '\(argument?.name ?? "")'")
        }
        return finishType(name, argument, end: lastEnd)
    }

    private mutating func finishType(_ name: Identifier, _ argument: Identifier?, end: Int32) -> TypeSyntax {
        var end = end
        var isOptional = false
        if current.kind == .question {
            isOptional = true
            end = advance().range.end
        }
        return TypeSyntax(name: name, argument: argument, isOptional: isOptional,
                          range: SourceRange(file: file, start: name.range.start, end: end))
    }

    /// The `:` between a name and its type. `name Type` (the colon forgotten) is reported with
    /// a fix-it inserting it, and read as if it were there.
    mutating func expectTypeColon(after name: Identifier, what: String) throws(ParseAbort) {
        if current.kind == .colon {
            advance()
            return
        }
        if current.kind == .identifier, !current.isAtLineStart,
           let first = text(current).unicodeScalars.first, ("A"..."Z").contains(first) {
            let at = SourceRange.point(file, name.range.end)
            error(.expectedToken, "expected ':' after \(what) '\(name.name)', found \(describe(current))", at: current.range,
                  notes: [Note("write '\(name.name): \(text(current))'")],
                  fixIts: [.replace(at, with: ":", message: "insert ':'")])
            return
        }
        try expect(.colon, "expected ':' after \(what) '\(name.name)'")
    }
}
