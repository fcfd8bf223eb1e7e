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
            try expect(.colon, "expected ':' after \(kind) name '\(name.name)'")
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
            error("E127", "\(owner) has an empty \(kind == "field" ? "payload" : "argument list")", at: parens,
                  notes: [Note("declare at least one \(kind), or remove the parentheses")],
                  fixIts: [.replace(parens, with: "", message: "remove '()'")])
        }
        return fields
    }

    /// `NAME { , NAME } [,]` followed by `closer`, which is consumed. A missing comma
    /// between two names (a common slip when listing one per line) is reported and repaired.
    mutating func parseNameList(element: String, closer: TokenKind,
                                afterName: (inout ParserState) throws(ParseAbort) -> Void = { _ in }) throws(ParseAbort) -> [Identifier] {
        var names: [Identifier] = []
        while current.kind != closer {
            let name = try expectIdentifier("expected a \(element) after \(describe(tokens[index - 1]))")
            names.append(name)
            try afterName(&self)
            if current.kind == .comma {
                advance()
            } else if current.kind == .identifier {
                error("E122", "expected ',' between '\(name.name)' and '\(text(current))'", at: .point(file, name.range.end),
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
}
