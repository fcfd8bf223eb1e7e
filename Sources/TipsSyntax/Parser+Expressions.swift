import TipsSource

/// An expression with the height of its tree (a leaf is 1), so the parser can bound the
/// height without walking subtrees again.
struct ParsedExpression {
    var expr: ExprSyntax
    var height: Int
}

/// Expressions, by precedence climbing. Two limits keep every stage's recursion bounded:
/// `enter()` counts nesting while descending (parentheses, prefixes, member accesses,
/// argument lists, set literals, queries and every operator of a chain), and each node built
/// is checked against the height limit, which catches what the descent cannot see, such as
/// a long chain whose first operand is itself deep (`------a - b - c`).
extension ParserState {
    mutating func parseExpression() throws(ParseAbort) -> ExprSyntax {
        try parseExpressionWithHeight().expr
    }

    mutating func parseExpressionWithHeight() throws(ParseAbort) -> ParsedExpression {
        try parseBinary(precedence: 1)
    }

    /// The tallest tree allowed: `maximumNestingDepth` levels above a leaf.
    static let maximumHeight = Parser.maximumNestingDepth + 1

    /// Builds a node over children of the given heights, or reports E120 at `range` and aborts.
    mutating func node(_ expr: ExprSyntax, over heights: Int..., at range: SourceRange)
        throws(ParseAbort) -> ParsedExpression {
        let height = 1 + (heights.max() ?? 0)
        guard height <= ParserState.maximumHeight else {
            reportTooDeep(at: range)
            throw ParseAbort()
        }
        return ParsedExpression(expr: expr, height: height)
    }

    /// `||` (1), `&&` (2), `+ -` (5) and `* / %` (6): left-associative chains.
    mutating func parseBinary(precedence: Int) throws(ParseAbort) -> ParsedExpression {
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
            lhs = try binary(op, lhs, rhs, opToken)
        }
        return lhs
    }

    mutating func binary(_ op: BinaryOperator, _ lhs: ParsedExpression, _ rhs: ParsedExpression,
                         _ opToken: Token) throws(ParseAbort) -> ParsedExpression {
        try node(.binary(op, lhs.expr, rhs.expr, operatorRange: opToken.range,
                         range: lhs.expr.range.union(rhs.expr.range)),
                 over: lhs.height, rhs.height, at: opToken.range)
    }

    /// `coalesce [ op coalesce ]`: comparisons do not chain; `a < b < c` is reported once
    /// and the rest parsed (left to right) so the error does not cascade.
    mutating func parseComparison() throws(ParseAbort) -> ParsedExpression {
        var lhs = try parseCoalesce()
        var levels = 0
        defer { depth -= levels }
        var first: Token?
        while let op = current.kind.binaryOperator, op.isComparison {
            let opToken = advance()
            if let first {
                error(.chainedComparison, "comparison operators do not chain: '\(text(opToken))' cannot follow '\(text(first))'",
                      at: opToken.range,
                      notes: [Note("combine comparisons with '&&', as in 'a < b && b < c', or add parentheses")])
            } else {
                first = opToken
            }
            try enter()
            levels += 1
            let rhs = try parseCoalesce()
            lhs = try binary(op, lhs, rhs, opToken)
        }
        return lhs
    }

    /// `additive [ ?? coalesce ]`, right-associative; gathered in a loop, folded from the right.
    mutating func parseCoalesce() throws(ParseAbort) -> ParsedExpression {
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
            result = try binary(.coalesce, lhs, result, op)
        }
        return result
    }

    /// `( ! | - ) unary | postfix`; prefixes gathered in a loop so `!!!!...` cannot recurse.
    mutating func parseUnary() throws(ParseAbort) -> ParsedExpression {
        var prefixes: [Token] = []
        var levels = 0
        defer { depth -= levels }
        while current.kind == .bang || current.kind == .minus {
            prefixes.append(advance())
            try enter()
            levels += 1
        }
        var operand: ParsedExpression
        if let minus = prefixes.last, minus.kind == .minus, current.kind == .integer, current.isMinimumMagnitude,
           !current.isMalformed {
            // -9223372036854775808 is Int64.min, whose magnitude alone does not fit.
            let literal = advance()
            prefixes.removeLast()
            operand = ParsedExpression(expr: .integer(Int64.min, minus.range.union(literal.range)), height: 1)
        } else {
            operand = try parsePostfix()
        }
        while let op = prefixes.popLast() {
            operand = try node(.unary(op.kind == .bang ? .not : .negate, operand.expr, operatorRange: op.range,
                                      range: op.range.union(operand.expr.range)),
                               over: operand.height, at: op.range)
        }
        return operand
    }

    /// `primary { . NAME [ ( arguments ) ] }`.
    mutating func parsePostfix() throws(ParseAbort) -> ParsedExpression {
        var base = try parsePrimary()
        var levels = 0
        defer { depth -= levels }
        while current.kind == .dot {
            advance()
            try enter()
            levels += 1
            let member = try expectIdentifier("expected a member name after '.'")
            if current.kind == .leftParen {
                let (arguments, height) = try parseArguments(of: member.name)
                base = try node(.methodCall(base.expr, member, arguments, range: range(from: base.expr.range.start)),
                                over: base.height, height, at: member.range)
            } else {
                base = try node(.member(base.expr, member, range: base.expr.range.union(member.range)),
                                over: base.height, at: member.range)
            }
        }
        return base
    }

    mutating func parsePrimary() throws(ParseAbort) -> ParsedExpression {
        let token = current
        let leaf: ExprSyntax
        switch token.kind {
        case .integer:
            advance()
            if token.isMinimumMagnitude, !token.isMalformed {
                error(.numberOutOfRange, "integer literal '\(text(token))' does not fit in a 64-bit signed integer", at: token.range,
                      notes: [Note("integers range from -9223372036854775808 to 9223372036854775807")])
                leaf = .integer(0, token.range)
            } else {
                leaf = .integer(token.isMalformed ? 0 : token.integerValue, token.range)
            }
        case .double:
            advance()
            leaf = .double(token.isMalformed ? 0 : token.doubleValue, token.range)
        case .duration:
            advance()
            leaf = .duration(token.isMalformed ? 0 : token.durationValue, token.range)
        case .string:
            advance()
            leaf = .string(stringLiteral(token))
        case .kwTrue, .kwFalse:
            advance()
            leaf = .bool(token.kind == .kwTrue, token.range)
        case .kwNil:
            advance()
            leaf = .nilLiteral(token.range)
        case .kwNow:
            advance()
            leaf = .now(token.range)
        case .dot:
            advance()
            let name = try expectIdentifier("expected an enumeration case name after '.'")
            leaf = .enumCase(name, range: token.range.union(name.range))
        case .identifier:
            if startsNextItem(token) {
                leaf = missingExpression()
            } else if peek().kind != .leftParen {
                leaf = .name(identifier(advance()))
            } else if let function = QueryFunction(rawValue: text(token)) {
                return try parseQuery(function)
            } else {
                let name = identifier(advance())
                let (arguments, height) = try parseArguments(of: name.name)
                return try node(.call(name, arguments, range: range(from: token.range.start)), over: height,
                                at: token.range)
            }
        case .leftBracket:
            return try parseSetLiteral()
        case .leftParen:
            let open = advance()
            try enter()
            defer { depth -= 1 }
            let inner = try parseExpressionWithHeight()
            try expect(.rightParen, "expected ')' to match '('", notes: [Note("'(' is here", at: open.range)])
            return try node(.paren(inner.expr, range: range(from: open.range.start)), over: inner.height,
                            at: open.range)
        default:
            leaf = missingExpression()
        }
        return ParsedExpression(expr: leaf, height: 1)
    }

    /// Reports "expected an expression after X" and returns the placeholder for it.
    mutating func missingExpression() -> ExprSyntax {
        let range = missingRange
        if !lineHasError(range) {
            let after = previous.map { "'\(Lexer.printable(text($0), limit: 20))'" } ?? "this point"
            error(.expectedExpression, "expected an expression after \(after)", at: range)
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

    /// `( [expr {, expr}] )` after a function or method name; the `(` is current. Returns the
    /// arguments and the height of the tallest.
    mutating func parseArguments(of function: String) throws(ParseAbort) -> ([ExprSyntax], Int) {
        let open = advance()
        try enter()
        defer { depth -= 1 }
        var arguments: [ExprSyntax] = []
        var height = 0
        if current.kind != .rightParen {
            repeat {
                if !arguments.isEmpty { advance() }
                let argument = try parseExpressionWithHeight()
                arguments.append(argument.expr)
                height = max(height, argument.height)
            } while current.kind == .comma
        }
        try expect(.rightParen, "expected ',' or ')' in the arguments of '\(function)'",
                   notes: [Note("'(' is here", at: open.range)])
        return (arguments, height)
    }

    /// `[ [expr {, expr} [,]] ]`.
    mutating func parseSetLiteral() throws(ParseAbort) -> ParsedExpression {
        let open = advance()
        try enter()
        defer { depth -= 1 }
        var elements: [ExprSyntax] = []
        var height = 0
        while current.kind != .rightBracket {
            let element = try parseExpressionWithHeight()
            elements.append(element.expr)
            height = max(height, element.height)
            if current.kind == .comma {
                advance()
            } else if current.kind != .rightBracket {
                throw fail("expected ',' or ']' in set literal", notes: [Note("'[' is here", at: open.range)])
            }
        }
        advance()
        return try node(.setLiteral(elements, range: range(from: open.range.start)), over: height, at: open.range)
    }
}
