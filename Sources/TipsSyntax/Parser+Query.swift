import TipsSource

extension ParserState {
    /// `FUNCTION ( EVENT [by FIELD] [where expr] [within expr] )`; the name is current.
    mutating func parseQuery(_ function: QueryFunction) throws(ParseAbort) -> ParsedExpression {
        let name = advance()
        let open = advance()
        try enter()
        defer { depth -= 1 }
        let isGroup = function == .largestGroup || function == .smallestGroup
        let event = try expectIdentifier("expected an event name after '\(function.rawValue)('")
        var groupBy: Identifier?
        if isWord(current, "by") {
            let by = advance()
            let field = try expectIdentifier("expected a field name after 'by'")
            if isGroup {
                groupBy = field
            } else {
                error(.misusedBy, "'by' is only allowed in 'largestGroup' and 'smallestGroup', not in '\(function.rawValue)'",
                      at: by.range.union(field.range),
                      fixIts: [.replace(by.range.union(field.range), with: "", message: "remove 'by \(field.name)'")])
            }
        }
        var filter: ParsedExpression?
        if isWord(current, "where") {
            advance()
            filter = try parseExpressionWithHeight()
        }
        var window: ParsedExpression?
        if isWord(current, "within") {
            advance()
            window = try parseExpressionWithHeight()
        }
        if current.kind != .rightParen {
            var notes = [Note("'(' is here", at: open.range)]
            if isWord(current, "where") || isWord(current, "by") {
                notes.insert(Note("the clauses go in the order 'by', 'where', 'within'"), at: 0)
            }
            throw fail("expected ')' to end '\(function.rawValue)(...)'", notes: notes)
        }
        advance()
        if isGroup, groupBy == nil {
            error(.misusedBy, "'\(function.rawValue)' needs 'by FIELD' after the event name", at: name.range,
                  notes: [Note("for example \(function.rawValue)(\(event.name) by category)")])
        }
        let query = EventQuerySyntax(function: function, functionRange: name.range, event: event, groupBy: groupBy,
                                     filter: filter?.expr, window: window?.expr, range: range(from: name.range.start))
        return try node(.query(query), over: filter?.height ?? 0, window?.height ?? 0, at: name.range)
    }
}
