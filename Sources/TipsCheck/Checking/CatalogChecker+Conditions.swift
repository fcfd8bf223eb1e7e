import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// A `when` condition of a message or an action: conjuncts that test the built-in
    /// `platform` become a set of platforms, the others a Bool expression like a rule's.
    /// Platform tests may only be joined to the rest with `&&`, because the platform is
    /// decided once by the app while the rest changes with the state. `nil` after an error.
    mutating func contentCondition(_ syntax: ExprSyntax) -> ContentCondition? {
        var platforms: Set<String>?
        var rest: [CheckedExpr] = []
        var ok = true
        for conjunct in conjuncts(syntax) {
            if mentionsPlatform(conjunct) {
                guard let set = platformSet(conjunct) else { ok = false; continue }
                platforms = platforms.map { $0.intersection(set) } ?? set
            } else {
                let checked = typeExpr(conjunct, expected: .bool)
                switch checked.type {
                case .bool:
                    rest.append(checked)
                case .error:
                    ok = false
                default:
                    error(.conditionNotBool, "a 'when' condition must be 'Bool', found '\(typeName(checked.type))'",
                          at: checked.range,
                          notes: checked.type == .optional(.bool)
                            ? [Note("unwrap it with '?? false' or compare it with '== true'")] : [])
                    ok = false
                }
            }
        }
        guard ok else { return nil }
        if let platforms, platforms.isEmpty {
            error(.invalidPlatformTest, "this condition holds on no platform", at: syntax.range,
                  notes: [Note("the platform tests joined with '&&' exclude each other")])
            return nil
        }
        let expr = rest.dropFirst().reduce(rest.first) { acc, next in
            acc.map { CheckedExpr(.and($0, next), type: .bool, range: $0.range.union(next.range)) }
        }
        return ContentCondition(platforms: platforms.map { set in ContentCondition.platformNames.filter(set.contains) },
                                expr: expr, range: syntax.range)
    }

    /// The operands of top-level `&&`s (through parentheses), in order.
    private func conjuncts(_ e: ExprSyntax) -> [ExprSyntax] {
        switch e {
        case .binary(.and, let l, let r, _, _): conjuncts(l) + conjuncts(r)
        case .paren(let inner, _) where isAnd(inner): conjuncts(inner)
        default: [e]
        }
    }

    private func isAnd(_ e: ExprSyntax) -> Bool {
        if case .binary(.and, _, _, _, _) = e { return true }
        if case .paren(let inner, _) = e { return isAnd(inner) }
        return false
    }

    /// Whether `name` is the built-in `platform` here: a parameter, constant or tip
    /// argument of that name shadows it.
    func isBuiltinPlatform(_ id: Identifier) -> Bool {
        id.name == "platform" && symbols["platform"] == nil && !currentTipArguments.contains { $0.name == "platform" }
    }

    /// `platform == macOS`, `macOS != platform` in a rule: the platforms on which it holds,
    /// or an error node after reporting a misuse; nil when neither side is the built-in
    /// `platform` (or the position does not test it).
    mutating func platformComparison(_ op: BinaryOperator, _ a: ExprSyntax, _ b: ExprSyntax,
                                     range: SourceRange) -> CheckedExpr? {
        guard platformReadsAllowed else { return nil }
        let caseSide: ExprSyntax
        if case .name(let id) = a, isBuiltinPlatform(id) { caseSide = b }
        else if case .name(let id) = b, isBuiltinPlatform(id) { caseSide = a }
        else { return nil }
        guard op == .equal || op == .notEqual else {
            _ = platformMisuse(.binary(op, a, b, operatorRange: range, range: range))
            return errorNode(range)
        }
        guard let name = platformCase(caseSide) else { return errorNode(range) }
        let names = ContentCondition.platformNames.filter { op == .equal ? $0 == name : $0 != name }
        return CheckedExpr(.platformIn(names), type: .bool, range: range)
    }

    /// Whether the built-in `platform` is read (a parameter named `platform` shadows it).
    private func mentionsPlatform(_ e: ExprSyntax) -> Bool {
        switch e {
        case .name(let id): id.name == "platform" && symbols["platform"] == nil
        case .unary(_, let x, _, _), .paren(let x, _), .member(let x, _, _): mentionsPlatform(x)
        case .binary(_, let l, let r, _, _): mentionsPlatform(l) || mentionsPlatform(r)
        case .methodCall(let x, _, let args, _): mentionsPlatform(x) || args.contains(where: mentionsPlatform)
        case .call(_, let args, _), .setLiteral(let args, _): args.contains(where: mentionsPlatform)
        default: false
        }
    }

    /// The platforms on which a pure platform test holds: `platform == macOS` (or `.macOS`),
    /// `!=`, and `!`, `&&`, `||` of such tests. `nil` after an error.
    private mutating func platformSet(_ e: ExprSyntax) -> Set<String>? {
        let all = Set(ContentCondition.platformNames)
        switch e {
        case .paren(let x, _):
            return platformSet(x)
        case .unary(.not, let x, _, _):
            return platformSet(x).map { all.subtracting($0) }
        case .binary(let op, let l, let r, let opRange, _) where op == .and || op == .or:
            guard mentionsPlatform(l) && mentionsPlatform(r) else {
                error(.invalidPlatformTest, "'platform' can be joined to other conditions only with '&&'", at: opRange,
                      notes: [Note("the platform is fixed while the app runs; write the platform test and the rest "
                                   + "as separate conditions joined with '&&'")])
                return nil
            }
            let a = platformSet(l), b = platformSet(r)
            guard let a, let b else { return nil }
            return op == .and ? a.intersection(b) : a.union(b)
        case .binary(let op, let l, let r, _, _) where op == .equal || op == .notEqual:
            let caseSide: ExprSyntax
            if case .name(let id) = l, id.name == "platform" { caseSide = r }
            else if case .name(let id) = r, id.name == "platform" { caseSide = l }
            else { return platformMisuse(e) }
            guard let name = platformCase(caseSide) else { return nil }
            return op == .equal ? [name] : all.subtracting([name])
        default:
            return platformMisuse(e)
        }
    }

    mutating func platformMisuse(_ e: ExprSyntax) -> Set<String>? {
        error(.invalidPlatformTest, "'platform' can only be compared with '==' or '!=' to a platform",
              at: e.range, notes: [Note("for example 'platform == macOS'; the platforms are "
                                        + ContentCondition.platformNames.joined(separator: ", "))])
        return nil
    }

    /// `macOS` or `.macOS`: a known platform, with a did-you-mean for a near miss.
    mutating func platformCase(_ e: ExprSyntax) -> String? {
        let id: Identifier
        switch e {
        case .name(let i), .enumCase(let i, _): id = i
        default:
            _ = platformMisuse(e)
            return nil
        }
        let names = ContentCondition.platformNames
        if names.contains(id.name) { return id.name }
        let guess = ContentCondition.platformGuess(id.name)
        error(.invalidPlatformTest, "unknown platform '\(id.name)'", at: id.range,
              notes: [guess.map { Note("did you mean '\($0)'?") }
                      ?? Note("the platforms are " + names.joined(separator: ", "))],
              fixIts: guess.map { [.replace(id.range, with: $0, message: "replace with '\($0)'")] } ?? [])
        return nil
    }
}
