import TipsCheck
import TipsSource
import TipsSyntax
import TipsText

extension LanguageServer {
    /// LSP `CompletionItemKind` numbers.
    enum CompletionKind: Int {
        case function = 3, field = 5, variable = 6, `class` = 7, module = 9, unit = 11, value = 12, `enum` = 13,
             keyword = 14, enumMember = 20, event = 23, typeParameter = 25
    }

    /// `textDocument/completion`: what may be written at the cursor, read from the tokens
    /// before it (the tree of a half-typed file is not reliable there).
    mutating func completion(_ params: JSON) throws(RPCError) -> JSON {
        let (analysis, file, offset) = try locate(params)
        let items = CompletionContext(source: analysis.sources[file], offset: offset, index: analysis.index).items()
        return .object(["isIncomplete": false, "items": .array(items.map { item in
            var members: [(String, JSON)] = [("label", .string(item.label)), ("kind", .int(item.kind.rawValue))]
            if let detail = item.detail { members.append(("detail", .string(detail))) }
            if let doc = Keywords.meanings[item.label], item.kind == .keyword || item.kind == .function {
                members.append(("documentation", .object(["kind": "markdown", "value": .string(doc)])))
            }
            return .object(members)
        })])
    }
}

/// The completion candidates at one offset of one file.
struct CompletionContext {
    struct Item {
        var label: String
        var kind: LanguageServer.CompletionKind
        var detail: String?
    }

    let source: SourceFile
    let offset: Int32
    let index: CatalogIndex
    /// Tokens that end at or before the cursor, without the word being typed.
    var before: [Token] = []
    var tokens: [Token] = []
    /// Whether the cursor starts a new item (first word on its line, or right after a brace).
    var atItemStart = false
    var insideCommentOrString = false

    init(source: SourceFile, offset: Int32, index: CatalogIndex) {
        self.source = source
        self.offset = offset
        self.index = index
        let lexed = Lexer.tokenize(source)
        tokens = lexed.tokens.filter { $0.kind != .eof }
        insideCommentOrString = lexed.comments.contains { c in
            c.range.start < offset && (offset < c.range.end || (c.kind == .line && offset == c.range.end))
        } || tokens.contains { $0.kind == .string && $0.range.start < offset && offset < $0.range.end }
        before = tokens.filter { $0.range.end <= offset }
        var typed: Token?
        if let last = before.last, last.range.end == offset, last.kind == .identifier || Self.isWord(last.kind) {
            typed = before.removeLast()
        }
        if let typed {
            atItemStart = typed.isAtLineStart || before.last.map { $0.kind == .leftBrace || $0.kind == .rightBrace } ?? true
        } else if let last = before.last {
            let gap = source.bytes[Int(last.range.end)..<Int(max(last.range.end, offset))]
            atItemStart = gap.contains(0x0A) || last.kind == .leftBrace || last.kind == .rightBrace
        } else {
            atItemStart = true
        }
    }

    static func isWord(_ kind: TokenKind) -> Bool {
        switch kind {
        case .kwConfig, .kwEnum, .kwParam, .kwTransient, .kwEvent, .kwTip, .kwGroup, .kwTesting,
             .kwTrue, .kwFalse, .kwNil, .kwNow: true
        default: false
        }
    }

    func text(_ t: Token) -> String { source.text(in: t.range) }

    func items() -> [Item] {
        guard !insideCommentOrString else { return [] }
        let prev = before.last
        // A number right before the cursor: the unit of a duration.
        if let prev, prev.range.end == offset, prev.kind == .integer {
            return Keywords.durationUnits.map { Item(label: text(prev) + $0.0, kind: .unit, detail: $0.1) }
        }
        if let prev, prev.kind == .dot { return afterDot() }
        // `platform == ` in a `when` condition: the platforms.
        if let prev, [.equalEqual, .bangEqual].contains(prev.kind), before.count >= 2,
           text(before[before.count - 2]) == "platform", index.parameters["platform"] == nil {
            return Keywords.platforms.map { Item(label: $0, kind: .enumMember, detail: "platform") }
        }
        if let word = prev.map(text), prev?.kind == .identifier {
            switch word {
            case "when" where before.count >= 2 && text(before[before.count - 2]) != "invalidate":
                // A message's or action's condition: an expression, or the platform.
                return [Item(label: "platform", kind: .keyword, detail: "the platform the app runs on")]
                    + allExpressionItems()
            case "when", "donate", "goal": return events()
            case "set": return parameters()
            case "reason":
                return ["actionPerformed", "displayCountExceeded", "displayDurationExceeded", "tipClosed"]
                    .map { Item(label: $0, kind: .enumMember, detail: "invalidation reason") }
            case "displayFrequency": return Keywords.frequencies.map { Item(label: $0, kind: .value, detail: "display frequency") }
            case "ignoresDisplayFrequency" where !atItemStart, "ignoresDisplayBudget" where !atItemStart:
                return [keyword("true"), keyword("false")]
            case "resetEligibility" where !atItemStart:
                return [keyword("after")]
            case "per" where !atItemStart && enclosingBlock() == "config":
                return Keywords.budgetUnits.map { Item(label: $0.0, kind: .value, detail: $0.1) }
            default: break
            }
        }
        if let goal = goalItems() { return goal }
        if let paren = openParen() { return inParentheses(paren) }
        if let prev, prev.kind == .colon { return types() }
        switch enclosingBlock() {
        case nil:
            return atItemStart ? Keywords.declarations.map(keyword) : declarationClauses()
        case "enum"?:
            // After a case name: `pro renamedFrom premium`.
            guard let prev, prev.kind == .identifier, before.count >= 2,
                  [.comma, .leftBrace].contains(before[before.count - 2].kind) else { return [] }
            return [keyword("renamedFrom")]
        case "tip"?:
            return atItemStart ? Keywords.tipItems.map(keyword) : expressionItems()
        case "action"?:
            return atItemStart ? Keywords.actionItems.map(keyword) : expressionItems()
        case "config"?:
            if atItemStart { return Keywords.configItems.map(keyword) }
            // `displayBudget 3 |`: the unit's `per`.
            if before.count >= 2, prev?.kind == .integer || prev?.kind == .identifier,
               text(before[before.count - 2]) == "displayBudget" {
                return [keyword("per")]
            }
            return []
        case "group"?:
            return tips(reusable: false)
        case "testing"?:
            if let prev, prev.kind == .comma || ["show", "hide"].contains(text(prev)) { return tips(reusable: true) }
            return Keywords.testingItems.map(keyword)
        default:
            return []
        }
    }

    /// Inside a top-level declaration's head: a constant value after `=`, `limit` or
    /// `maxAge`, and the clauses that may follow (`limit`, `maxAge`, `renamedFrom`).
    func declarationClauses() -> [Item] {
        let heads: [TokenKind] = [.kwEvent, .kwParam, .kwTip, .kwEnum, .kwConfig, .kwGroup, .kwTesting]
        guard let prev = before.last, let head = before.lastIndex(where: { t in
            heads.contains(t.kind)
                || (t.kind == .identifier && text(t) == "let" && t.isAtLineStart)
        }) else { return [] }
        let word = prev.kind == .identifier ? text(prev) : ""
        if prev.kind == .assign || word == "limit" || word == "maxAge" {
            return constants() + Keywords.literals.filter { $0 != "now" }.map(keyword)
        }
        let values: [TokenKind] = [.identifier, .rightParen, .integer, .double, .duration, .string, .kwTrue, .kwFalse, .kwNil, .question]
        guard values.contains(prev.kind), word != "renamedFrom", word != "key" else { return [] }
        let rest = before[(head + 1)...]
        switch before[head].kind {
        case .kwEvent: return Keywords.eventItems.map(keyword)
        case .kwParam where rest.contains { $0.kind == .colon }: return [keyword("renamedFrom"), keyword("key")]
        case .kwTip where rest.count == 1 || prev.kind == .rightParen: return [keyword("renamedFrom")]
        // `group G |`: a priority or `together`; `group G ordered |`: `together`.
        case .kwGroup where rest.count == 1: return Keywords.groupClauses.map(keyword)
        case .kwGroup where rest.count == 2 && ["firstAvailable", "ordered"].contains(word): return [keyword("together")]
        default: return []
        }
    }

    // MARK: - Candidates

    func constants() -> [Item] {
        index.constants.keys.sorted().map { name in
            Item(label: name, kind: .value, detail: constantType(name).map { "constant: \($0)" } ?? "constant")
        }
    }

    /// A constant's declared type, or the type its literal value evidently has.
    func constantType(_ name: String) -> String? {
        guard let c = index.constants[name] else { return nil }
        if let t = c.type { return source(of: t) }
        switch c.value {
        case .integer: return "Int"
        case .double: return "Double"
        case .duration: return "Duration"
        case .string: return "String"
        case .bool: return "Bool"
        case .call(let f, _, _) where f.name == "date": return "Date"
        default: return nil
        }
    }

    func keyword(_ word: String) -> Item { Item(label: word, kind: .keyword, detail: nil) }

    func events() -> [Item] {
        index.events.keys.sorted().map { name in
            let fields = index.events[name]!.fields.map { "\($0.name.name): \(source(of: $0.type))" }
            return Item(label: name, kind: .event, detail: fields.isEmpty ? "event" : "event(" + fields.joined(separator: ", ") + ")")
        }
    }

    func parameters() -> [Item] {
        index.parameters.keys.sorted().map { Item(label: $0, kind: .variable, detail: source(of: index.parameters[$0]!.type)) }
    }

    func tips(reusable: Bool) -> [Item] {
        index.tips.keys.sorted().filter { reusable || index.tips[$0]!.arguments.isEmpty }
            .map { Item(label: $0, kind: .class, detail: "tip") }
    }

    func types() -> [Item] {
        (Keywords.builtinTypes.map { Item(label: $0 == "Set" ? "Set<String>" : $0, kind: .typeParameter, detail: "type") })
            + index.enumerations.keys.sorted().map { Item(label: $0, kind: .enum, detail: "enum") }
    }

    func fields(of event: String) -> [Item] {
        (index.events[event]?.fields ?? []).map { Item(label: $0.name.name, kind: .field, detail: source(of: $0.type)) }
    }

    func cases(of enumeration: String) -> [Item] {
        (index.enumerations[enumeration]?.cases ?? []).map { Item(label: $0.name, kind: .enumMember, detail: enumeration) }
    }

    /// Type text of a declaration, as written (types live in other files too).
    func source(of type: TypeSyntax) -> String {
        var s = type.name.name
        if let a = type.argument { s += "<\(a.name)>" }
        return s + (type.isOptional ? "?" : "")
    }

    /// The declared type the value at the cursor should have: the type of the name on the
    /// other side of `==`, `!=`, `<`, ..., `??`, or of the parameter being `set`.
    func expectedType() -> TypeSyntax? {
        guard before.count >= 2 else { return nil }
        let op = before[before.count - 1].kind
        let comparisons: [TokenKind] = [.equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual,
                                        .assign, .questionQuestion]
        guard comparisons.contains(op), before[before.count - 2].kind == .identifier else { return nil }
        return typeOfName(text(before[before.count - 2]))
    }

    /// Names usable in an expression: parameters, the tip's arguments, functions, literals;
    /// when the expected type is known, only what has it (an enumeration's cases first).
    func expressionItems(filterEvent: String? = nil) -> [Item] {
        if let type = expectedType() { return typedItems(type.name.name, filterEvent: filterEvent) }
        return allExpressionItems(filterEvent: filterEvent)
    }

    /// Values of type `name` (a base type name: `Int`, `Bool`, an enumeration, ...).
    func typedItems(_ name: String, filterEvent: String?) -> [Item] {
        let numeric = ["Int", "Double"]
        func fits(_ t: TypeSyntax) -> Bool {
            t.name.name == name || (numeric.contains(name) && numeric.contains(t.name.name))
        }
        var out: [Item] = []
        if index.enumerations[name] != nil {
            out += (index.enumerations[name]?.cases ?? []).map { Item(label: "." + $0.name, kind: .enumMember, detail: name) }
        }
        if let filterEvent {
            out += (index.events[filterEvent]?.fields ?? []).filter { fits($0.type) }
                .map { Item(label: $0.name.name, kind: .field, detail: source(of: $0.type)) }
        }
        if let tip = currentTip() {
            out += tip.arguments.filter { fits($0.type) }
                .map { Item(label: $0.name.name, kind: .variable, detail: "argument: " + source(of: $0.type)) }
        }
        out += index.parameters.keys.sorted().filter { fits(index.parameters[$0]!.type) }
            .map { Item(label: $0, kind: .variable, detail: source(of: index.parameters[$0]!.type)) }
        out += constants().filter { item in
            constantType(item.label).map { $0 == name || (numeric.contains(name) && numeric.contains($0)) } ?? true
        }
        switch name {
        case "Bool": out += ["true", "false"].map(keyword)
        case "Int", "Double":
            out += ["count", "largestGroup", "smallestGroup"].map { Item(label: $0, kind: .function, detail: "event query") }
            out += ["min", "max"].map { Item(label: $0, kind: .function, detail: nil) }
        case "Date":
            out += ["first", "last"].map { Item(label: $0, kind: .function, detail: "event query") }
            out += [Item(label: "date", kind: .function, detail: nil), keyword("now"), keyword("nil")]
        default:
            break
        }
        return out
    }

    func allExpressionItems(filterEvent: String? = nil) -> [Item] {
        var out: [Item] = []
        if let filterEvent { out += fields(of: filterEvent) }
        if let tip = currentTip() {
            out += tip.arguments.map { Item(label: $0.name.name, kind: .variable, detail: "argument: " + source(of: $0.type)) }
        }
        out += parameters()
        out += constants()
        out += Keywords.queryFunctions.map { Item(label: $0, kind: .function, detail: "event query") }
        out += Keywords.functions.map { Item(label: $0, kind: .function, detail: nil) }
        out += Keywords.literals.map(keyword)
        out += Keywords.calendarValues.map { Item(label: $0.0, kind: .variable, detail: $0.1) }
        out += index.enumerations.keys.sorted().map { Item(label: $0, kind: .enum, detail: "enum") }
        return out
    }

    // MARK: - Context

    /// After `.`: cases of `Enum.`, members of a string or set, or cases from context.
    func afterDot() -> [Item] {
        let receiver = before.count >= 2 ? before[before.count - 2] : nil
        if let receiver, receiver.kind == .identifier {
            let name = text(receiver)
            if let type = typeOfName(name) {
                if index.enumerations[type.name.name] != nil { return [] }
                if type.name.name == "Set" {
                    return Keywords.setMembers.map { Item(label: $0.0, kind: .function, detail: $0.1) }
                }
                if type.name.name == "String" {
                    return Keywords.stringMembers.map { Item(label: $0.0, kind: .function, detail: $0.1) }
                }
                return []
            }
            if index.enumerations[name] != nil { return cases(of: name) }
        }
        // `.case` alone: the enumeration of the name on the other side of `==`, `=` or `:`.
        if before.count >= 3, [.equalEqual, .bangEqual, .assign, .colon].contains(before[before.count - 2].kind),
           before[before.count - 3].kind == .identifier,
           let type = typeOfName(text(before[before.count - 3])), index.enumerations[type.name.name] != nil {
            return cases(of: type.name.name)
        }
        // `month == .`, `weekday >= .`: the built-ins' names (unless a parameter hides them).
        if before.count >= 3, [.equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual].contains(before[before.count - 2].kind),
           before[before.count - 3].kind == .identifier {
            let name = text(before[before.count - 3])
            if index.parameters[name] == nil, name == "month" || name == "weekday" {
                let names = name == "month" ? CalendarRead.monthNames : CalendarRead.weekdayNames
                return names.map { Item(label: $0, kind: .enumMember, detail: name) }
            }
        }
        return index.enumerations.keys.sorted().flatMap(cases(of:))
    }

    /// The declared type of a name: a parameter, a field of the event being queried, or an argument.
    func typeOfName(_ name: String) -> TypeSyntax? {
        if let event = queryEvent(), let f = index.events[event]?.fields.first(where: { $0.name.name == name }) { return f.type }
        if let a = currentTip()?.arguments.first(where: { $0.name.name == name }) { return a.type }
        if let p = index.parameters[name] { return p.type }
        return nil
    }

    /// The index in `before` of the innermost unclosed `(`.
    func openParen() -> Int? {
        var depth = 0
        for i in before.indices.reversed() {
            switch before[i].kind {
            case .rightParen: depth += 1
            case .leftParen:
                if depth == 0 { return i }
                depth -= 1
            case .leftBrace, .rightBrace: return nil
            default: break
            }
        }
        return nil
    }

    /// The event of the query or donation whose parentheses hold the cursor.
    func queryEvent() -> String? {
        guard let p = openParen(), p > 0, p + 1 < before.count, before[p - 1].kind == .identifier,
              Keywords.queryFunctions.contains(text(before[p - 1])) else { return nil }
        return text(before[p + 1])
    }

    func inParentheses(_ p: Int) -> [Item] {
        let function = p > 0 ? before[p - 1] : nil
        let inside = before[(p + 1)...]
        guard let function, function.kind == .identifier else {
            // `event e(` and `tip T(`: names then types; after `:` handled by the caller.
            if let prev = before.last, prev.kind == .colon { return types() }
            return p >= 2 && (before[p - 2].kind == .kwEvent || before[p - 2].kind == .kwTip) ? [] : expressionItems()
        }
        let name = text(function)
        if p >= 2, text(before[p - 2]) == "donate" {
            if let prev = before.last, prev.kind == .colon { return expressionItems() }
            return fields(of: name)
        }
        if before.last?.kind == .colon, p >= 2, before[p - 2].kind == .kwEvent || before[p - 2].kind == .kwTip {
            return types()
        }
        guard Keywords.queryFunctions.contains(name) else { return expressionItems() }
        guard let event = inside.first else { return events() }
        let words = inside.filter { $0.kind == .identifier }.map(text)
        if text(before.last!) == "by" { return fields(of: text(event)) }
        if before.last?.range == event.range { return ["by", "where", "within"].map(keyword) }
        if words.contains("within") { return [] }
        if words.contains("where") {
            // A filter's conditions start with one of the event's fields (a parameter may
            // follow a comparison, where the typed values below offer it).
            if let last = before.last, text(last) == "where" || last.kind == .ampAmp || last.kind == .pipePipe {
                return fields(of: text(event))
            }
            return expressionItems(filterEvent: text(event)) + [keyword("within")]
        }
        return ["where", "within"].map(keyword)
    }

    /// The word that opened the innermost unclosed `{`: `tip`, `action`, `config`, `group`,
    /// `testing` or `enum`; `nil` at top level.
    /// In a tip's `goal EVENT [where FILTER] within D` line, after its event: `where` and
    /// `within`; in the filter, the event's payload fields (and values that fit them), then
    /// `within`. Nil outside a goal line (`goal` itself completes in `items()`).
    func goalItems() -> [Item]? {
        guard let start = before.lastIndex(where: { $0.kind == .identifier && text($0) == "goal" && $0.isAtLineStart }),
              start + 1 < before.count, enclosingBlock() == "tip" else { return nil }
        let rest = before[(start + 1)...]
        // Another item began since (a later line).
        if rest.dropFirst().contains(where: { $0.isAtLineStart || $0.kind == .leftBrace || $0.kind == .rightBrace }) { return nil }
        let event = before[start + 1]
        guard event.kind == .identifier else { return nil }
        let words = rest.filter { $0.kind == .identifier }.map(text)
        if words.contains("within") { return [] }
        if words.contains("where") {
            let prev = before.last.map(text)
            if prev == "where" || before.last?.kind == .ampAmp || before.last?.kind == .pipePipe { return fields(of: text(event)) }
            return expressionItems(filterEvent: text(event)) + [keyword("within")]
        }
        return before.last?.range == event.range ? ["where", "within"].map(keyword) : nil
    }

    func enclosingBlock() -> String? {
        var depth = 0
        for i in before.indices.reversed() {
            switch before[i].kind {
            case .rightBrace: depth += 1
            case .leftBrace:
                if depth > 0 { depth -= 1; continue }
                for j in stride(from: i - 1, through: max(0, i - 64), by: -1) {
                    switch before[j].kind {
                    case .kwTip: return "tip"
                    case .kwConfig: return "config"
                    case .kwGroup: return "group"
                    case .kwTesting: return "testing"
                    case .kwEnum: return "enum"
                    case .identifier where text(before[j]) == "action": return "action"
                    case .leftBrace, .rightBrace: return nil
                    default: continue
                    }
                }
                return nil
            default: break
            }
        }
        return nil
    }

    /// The tip whose body holds the cursor.
    func currentTip() -> TipDeclSyntax? {
        for tree in index.trees where tree.file == source.id {
            for case .tip(let t) in tree.declarations where t.range.start < offset && offset <= t.range.end { return t }
        }
        return nil
    }
}
