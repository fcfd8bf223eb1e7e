import TipsSource

/// Expressions, by precedence climbing. Operator chains are parsed with loops, and every
/// operator, prefix, member access and bracket counts one level of nesting, so the depth
/// limit bounds the height of the tree (and so the recursion of every later stage).
extension ParserState {
    mutating func parseExpression() throws(ParseAbort) -> ExprSyntax {
        try parseBinary(precedence: 1)
    }

    /// `||` (1), `&&` (2), `+ -` (5) and `* / %` (6): left-associative chains.
    mutating func parseBinary(precedence: Int) throws(ParseAbort) -> ExprSyntax {
        switch precedence {
        case 3: return try parseComparison()
        case 4: return try parseCoalesce()
        case 7: return try parseUnary()
        default: break
        }
        var lhs = try parseBinary(precedence: precedence + 1)
        var levels = 0
        defer { depth -= levels }
        while let op = current.kind.binaryOperator, op.precedence == precedence {
            let opToken = advance()
            try enter()
            levels += 1
            let rhs = try parseBinary(precedence: precedence + 1)
            lhs = .binary(op, lhs, rhs, operatorRange: opToken.range, range: lhs.range.union(rhs.range))
        }
        return lhs
    }

    /// `coalesce [ op coalesce ]`: comparisons do not chain; `a < b < c` is reported once
    /// and the rest parsed (left to right) so the error does not cascade.
    mutating func parseComparison() throws(ParseAbort) -> ExprSyntax {
        var lhs = try parseCoalesce()
        var levels = 0
        defer { depth -= levels }
        var first: Token?
        while let op = current.kind.binaryOperator, op.isComparison {
            let opToken = advance()
            if let first {
                error("E125", "comparison operators do not chain: '\(text(opToken))' cannot follow '\(text(first))'",
                      at: opToken.range,
                      notes: [Note("combine comparisons with '&&', as in 'a < b && b < c', or add parentheses")])
            } else {
                first = opToken
            }
            try enter()
            levels += 1
            let rhs = try parseCoalesce()
            lhs = .binary(op, lhs, rhs, operatorRange: opToken.range, range: lhs.range.union(rhs.range))
        }
        return lhs
    }

    /// `additive [ ?? coalesce ]`, right-associative; gathered in a loop, folded from the right.
    mutating func parseCoalesce() throws(ParseAbort) -> ExprSyntax {
        var operands = [try parseBinary(precedence: 5)]
        var operators: [Token] = []
        var levels = 0
        defer { depth -= levels }
        while current.kind == .questionQuestion {
            operators.append(advance())
            try enter()
            levels += 1
            operands.append(try parseBinary(precedence: 5))
        }
        var result = operands.removeLast()
        while let op = operators.popLast(), let lhs = operands.popLast() {
            result = .binary(.coalesce, lhs, result, operatorRange: op.range, range: lhs.range.union(result.range))
        }
        return result
    }

    /// `( ! | - ) unary | postfix`; prefixes gathered in a loop so `!!!!...` cannot recurse.
    mutating func parseUnary() throws(ParseAbort) -> ExprSyntax {
        var prefixes: [Token] = []
        var levels = 0
        defer { depth -= levels }
        while current.kind == .bang || current.kind == .minus {
            prefixes.append(advance())
            try enter()
            levels += 1
        }
        var operand: ExprSyntax
        if let minus = prefixes.last, minus.kind == .minus, current.kind == .integer, current.isMinimumMagnitude,
           !current.isMalformed {
            // -9223372036854775808 is Int64.min, whose magnitude alone does not fit.
            let literal = advance()
            prefixes.removeLast()
            operand = .integer(Int64.min, minus.range.union(literal.range))
        } else {
            operand = try parsePostfix()
        }
        while let op = prefixes.popLast() {
            operand = .unary(op.kind == .bang ? .not : .negate, operand, operatorRange: op.range,
                             range: op.range.union(operand.range))
        }
        return operand
    }

    /// `primary { . NAME [ ( arguments ) ] }`.
    mutating func parsePostfix() throws(ParseAbort) -> ExprSyntax {
        var expr = try parsePrimary()
        var levels = 0
        defer { depth -= levels }
        while current.kind == .dot {
            advance()
            try enter()
            levels += 1
            let member = try expectIdentifier("expected a member name after '.'")
            if current.kind == .leftParen {
                let arguments = try parseArguments(of: member.name)
                expr = .methodCall(expr, member, arguments, range: range(from: expr.range.start))
            } else {
                expr = .member(expr, member, range: expr.range.union(member.range))
            }
        }
        return expr
    }

    mutating func parsePrimary() throws(ParseAbort) -> ExprSyntax {
        let token = current
        switch token.kind {
        case .integer:
            advance()
            if token.isMinimumMagnitude, !token.isMalformed {
                error("E108", "integer literal '\(text(token))' does not fit in a 64-bit signed integer", at: token.range,
                      notes: [Note("integers range from -9223372036854775808 to 9223372036854775807")])
                return .integer(0, token.range)
            }
            return .integer(token.isMalformed ? 0 : token.integerValue, token.range)
        case .double:
            advance()
            return .double(token.isMalformed ? 0 : token.doubleValue, token.range)
        case .duration:
            advance()
            return .duration(token.isMalformed ? 0 : token.durationValue, token.range)
        case .string:
            advance()
            return .string(stringLiteral(token))
        case .kwTrue, .kwFalse:
            advance()
            return .bool(token.kind == .kwTrue, token.range)
        case .kwNil:
            advance()
            return .nilLiteral(token.range)
        case .kwNow:
            advance()
            return .now(token.range)
        case .dot:
            advance()
            let name = try expectIdentifier("expected an enumeration case name after '.'")
            return .enumCase(name, range: token.range.union(name.range))
        case .identifier:
            if startsNextItem(token) { return missingExpression() }
            guard peek().kind == .leftParen else { return .name(identifier(advance())) }
            if let function = QueryFunction(rawValue: text(token)) { return .query(try parseQuery(function)) }
            let name = identifier(advance())
            let arguments = try parseArguments(of: name.name)
            return .call(name, arguments, range: range(from: token.range.start))
        case .leftBracket:
            return try parseSetLiteral()
        case .leftParen:
            let open = advance()
            try enter()
            defer { depth -= 1 }
            let inner = try parseExpression()
            try expect(.rightParen, "expected ')' to match '('", notes: [Note("'(' is here", at: open.range)])
            return .paren(inner, range: range(from: open.range.start))
        default:
            return missingExpression()
        }
    }

    /// Reports "expected an expression after X" and returns the placeholder for it.
    mutating func missingExpression() -> ExprSyntax {
        let range = missingRange
        if !lineHasError(range) {
            let after = previous.map { "'\(Lexer.printable(text($0), limit: 20))'" } ?? "this point"
            error("E123", "expected an expression after \(after)", at: range)
        }
        return .missing(.point(file, lastEnd))
    }

    /// Whether `token`, where an operand is expected, is rather the word of the next item:
    /// `rule a &&` followed by a line `rule b`. Contextual words may be names, so this holds
    /// only when reading the word as a name could not parse anyway: it starts a line, is an
    /// item word of the enclosing block, and is followed on its line by something that can
    /// start an operand but cannot continue an expression.
    func startsNextItem(_ token: Token) -> Bool {
        guard token.isAtLineStart, let block,
              isItemWord(token, block) || block.outerWords.contains(text(token)) else { return false }
        let next = peek()
        guard !next.isAtLineStart else { return false }
        switch next.kind {
        case .identifier, .integer, .double, .duration, .string, .kwTrue, .kwFalse, .kwNil, .kwNow,
             .leftBracket, .bang:
            return true
        default:
            return false
        }
    }

    /// `( [expr {, expr}] )` after a function or method name; the `(` is current.
    mutating func parseArguments(of function: String) throws(ParseAbort) -> [ExprSyntax] {
        let open = advance()
        try enter()
        defer { depth -= 1 }
        var arguments: [ExprSyntax] = []
        if current.kind != .rightParen {
            arguments.append(try parseExpression())
            while current.kind == .comma {
                advance()
                arguments.append(try parseExpression())
            }
        }
        try expect(.rightParen, "expected ',' or ')' in the arguments of '\(function)'",
                   notes: [Note("'(' is here", at: open.range)])
        return arguments
    }

    /// `[ [expr {, expr} [,]] ]`.
    mutating func parseSetLiteral() throws(ParseAbort) -> ExprSyntax {
        let open = advance()
        try enter()
        defer { depth -= 1 }
        var elements: [ExprSyntax] = []
        while current.kind != .rightBracket {
            elements.append(try parseExpression())
            if current.kind == .comma {
                advance()
            } else if current.kind != .rightBracket {
                throw fail("expected ',' or ']' in set literal", notes: [Note("'[' is here", at: open.range)])
            }
        }
        advance()
        return .setLiteral(elements, range: range(from: open.range.start))
    }

    /// `FUNCTION ( EVENT [by FIELD] [where expr] [within expr] )`; the name is current.
    mutating func parseQuery(_ function: QueryFunction) throws(ParseAbort) -> EventQuerySyntax {
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
                error("E126", "'by' is only allowed in 'largestGroup' and 'smallestGroup', not in '\(function.rawValue)'",
                      at: by.range.union(field.range),
                      fixIts: [.replace(by.range.union(field.range), with: "", message: "remove 'by \(field.name)'")])
            }
        }
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
        if current.kind != .rightParen {
            var notes = [Note("'(' is here", at: open.range)]
            if isWord(current, "where") || isWord(current, "by") {
                notes.insert(Note("the clauses go in the order 'by', 'where', 'within'"), at: 0)
            }
            throw fail("expected ')' to end '\(function.rawValue)(...)'", notes: notes)
        }
        advance()
        if isGroup, groupBy == nil {
            error("E126", "'\(function.rawValue)' needs 'by FIELD' after the event name", at: name.range,
                  notes: [Note("for example \(function.rawValue)(\(event.name) by category)")])
        }
        return EventQuerySyntax(function: function, functionRange: name.range, event: event, groupBy: groupBy,
                                filter: filter, window: window, range: range(from: name.range.start))
    }
}
