import TipsSource
import TipsSyntax

/// What may be written at the cursor of a scenario file (Docs/testing.md), read from the
/// cursor's line: a scenario step is one line, so the words before the cursor on it say
/// which step it is and which of its parts comes next.
struct ScenarioCompletion {
    typealias Item = CompletionContext.Item

    /// The words before the cursor on its line; a name with arguments (`TIP(a: 1)`) is one.
    var words: [String] = []
    /// The innermost unclosed `(`: the name before it and the words inside, when the cursor
    /// is inside one.
    var open: (name: String, inside: [String])?
    /// Inside a string or a comment: nothing to offer.
    var quiet = false
    let index: CatalogIndex?

    /// `line` is the cursor's line up to the cursor; `index` the catalog's names (nil outside
    /// a catalog, when only step keywords are offered).
    init(line: String, index: CatalogIndex?) {
        self.index = index
        var (tokens, quiet) = Self.tokens(line)
        self.quiet = quiet
        // The word being typed is the client's filter, not a word before the cursor.
        if !line.isEmpty, let last = line.unicodeScalars.last, Self.isWordScalar(last), case .word = tokens.last {
            tokens.removeLast()
        }
        var stack: [(name: String, inside: [String])] = []
        for token in tokens {
            switch token {
            case .word(let w):
                if stack.isEmpty { words.append(w) } else { stack[stack.count - 1].inside.append(w) }
            case .punctuation("("):
                let name = stack.isEmpty ? words.popLast() ?? "" : stack[stack.count - 1].inside.popLast() ?? ""
                stack.append((name, []))
            case .punctuation(")"):
                guard let closed = stack.popLast() else { continue }
                let whole = closed.name + "(...)"
                if stack.isEmpty { words.append(whole) } else { stack[stack.count - 1].inside.append(whole) }
            case .punctuation(let p):
                if stack.isEmpty { words.append(p) } else { stack[stack.count - 1].inside.append(p) }
            }
        }
        open = stack.last
    }

    func items() -> [Item] {
        if quiet { return [] }
        guard let step = words.first else {
            return Self.steps.map { Item(label: $0, kind: .keyword, detail: "step") }
        }
        guard let index else { return [] }
        if let open { return inParentheses(open, step: step, index: index) }
        let n = words.count
        let tipSteps: Set<String> = ["begin", "end", "display", "close", "invalidate", "action", "reset", "explain"]
        switch step {
        case "set":
            if n == 1 { return parameters(index) }
            if n == 2 { return [keyword("=")] }
            if n == 3, words[2] == "=" { return values(of: index.parameters[words[1]]?.type, index) }
        case "donate":
            if n == 1 { return events(index) }
        case "platform":
            if n == 1 { return Keywords.platforms.map { Item(label: $0, kind: .enumMember, detail: "platform") } }
        case "override":
            if n == 1 { return ["showAll", "hideAll", "show", "hide", "clear"].map(keyword) }
            if ["show", "hide"].contains(words[1]), n == 2 || words.last == "," { return tips(index) }
        case "expect":
            return expectItems(index)
        case _ where tipSteps.contains(step):
            if n == 1 { return tips(index) + (step == "reset" ? [keyword("store")] : []) }
            if n == 2 {
                switch step {
                case "display": return [keyword("for")]
                case "end": return [keyword("after")]
                case "invalidate": return Self.reasons.map { Item(label: $0, kind: .enumMember, detail: "reason") } + [keyword("reason")]
                case "action":
                    return actionIDs(of: words[1], index).map { Item(label: "\"\($0)\"", kind: .value, detail: "action of \(words[1])") }
                default: break
                }
            }
            if n == 3, step == "invalidate", words[2] == "reason" {
                return Self.reasons.map { Item(label: $0, kind: .enumMember, detail: "reason") }
            }
        default:
            break
        }
        return []
    }

    func expectItems(_ index: CatalogIndex) -> [Item] {
        let n = words.count
        if n == 1 {
            return tips(index) + ["group", "param", "explain", "converted", "observed"].map(keyword)
        }
        switch words[1] {
        case "group":
            if n == 2 { return groups(index) }
            if n == 3 { return [keyword("current")] }
            if n == 4, words[3] == "current" {
                let members = index.groups[words[2]]?.members.map(\.name) ?? []
                return members.map { Item(label: $0, kind: .class, detail: "member of \(words[2])") } + [keyword("none")]
            }
        case "param":
            if n == 2 { return parameters(index) }
            if n == 3 { return ["==", "="].map(keyword) }
            if n == 4 { return values(of: index.parameters[words[2]]?.type, index) }
        case "explain":
            if n == 2 { return tips(index) }
            if n == 3 { return [keyword("contains")] }
        case "converted":
            if n == 2 { return tips(index) }
        case "observed":
            if n == 2 { return tips(index) }
            if n == 3 || words.last == "," { return statuses() }
        default:
            if n == 2 { return statuses() }
        }
        return []
    }

    /// Inside `donate EVENT(` (payload fields, then values) or `TIP(` (the tip's arguments).
    func inParentheses(_ open: (name: String, inside: [String]), step: String, index: CatalogIndex) -> [Item] {
        let atName = open.inside.isEmpty || open.inside.last == ","
        let afterColon = open.inside.last == ":"
        if step == "donate", let event = index.events[open.name] {
            if atName {
                return event.fields.map { Item(label: $0.name.name + ":", kind: .field, detail: typeText($0.type)) }
            }
            if afterColon, open.inside.count >= 2 {
                let field = open.inside[open.inside.count - 2]
                return values(of: event.fields.first { $0.name.name == field }?.type, index)
            }
            return []
        }
        if let tip = index.tips[open.name] {
            if atName {
                return tip.arguments.map { Item(label: $0.name.name + ":", kind: .variable, detail: typeText($0.type)) }
            }
            if afterColon, open.inside.count >= 2 {
                let name = open.inside[open.inside.count - 2]
                return values(of: tip.arguments.first { $0.name.name == name }?.type, index)
            }
        }
        return []
    }

    // MARK: Candidates

    func keyword(_ word: String) -> Item { Item(label: word, kind: .keyword, detail: nil) }

    func tips(_ index: CatalogIndex) -> [Item] {
        index.tips.keys.sorted().map { name in
            let arguments = index.tips[name]!.arguments
            return Item(label: name, kind: .class, detail: arguments.isEmpty ? "tip" : "reusable tip (\(arguments.count) arguments)")
        }
    }

    func events(_ index: CatalogIndex) -> [Item] {
        index.events.keys.sorted().map { name in
            let fields = index.events[name]!.fields
            return Item(label: name, kind: .event, detail: fields.isEmpty ? "event" : "event with \(fields.map(\.name.name).joined(separator: ", "))")
        }
    }

    func parameters(_ index: CatalogIndex) -> [Item] {
        index.parameters.keys.sorted().map { Item(label: $0, kind: .variable, detail: typeText(index.parameters[$0]!.type)) }
    }

    func groups(_ index: CatalogIndex) -> [Item] {
        index.groups.keys.sorted().map { Item(label: $0, kind: .module, detail: "group") }
    }

    func statuses() -> [Item] {
        ["pending", "available", "invalidated", "snoozed"].map { Item(label: $0, kind: .enumMember, detail: "status") }
            + Self.reasons.map { Item(label: "invalidated(\($0))", kind: .enumMember, detail: "status") }
    }

    /// Literal values of a declared type: cases, `true`/`false`, `now`, `[]`, `nil`.
    func values(of type: TypeSyntax?, _ index: CatalogIndex) -> [Item] {
        guard let type else { return [] }
        var out: [Item] = []
        let name = type.name.name
        if let e = index.enumerations[name] {
            out += e.cases.map { Item(label: "." + $0.name, kind: .enumMember, detail: name) }
        }
        switch name {
        case "Bool": out += ["true", "false"].map(keyword)
        case "Date": out += ["now", "date(\"\")"].map(keyword)
        case "Set": out.append(keyword("[]"))
        default: break
        }
        if type.isOptional { out.append(keyword("nil")) }
        return out
    }

    func actionIDs(of tip: String, _ index: CatalogIndex) -> [String] {
        let name = tip.hasSuffix("(...)") ? String(tip.dropLast(5)) : tip
        guard let decl = index.tips[name] else { return [] }
        return decl.items.compactMap { item in
            if case .action(let a) = item { return a.id.plainText }
            return nil
        }
    }

    func typeText(_ t: TypeSyntax) -> String {
        t.name.name + (t.argument.map { "<\($0.name)>" } ?? "") + (t.isOptional ? "?" : "")
    }
}
