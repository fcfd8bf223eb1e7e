import TipsSource

/// Top-level declarations and the blank lines between them.
extension FormatWriter {
    /// Prints the whole file: the declarations, with the comments before, between and after them.
    mutating func file(_ tree: FileSyntax) {
        var previous: DeclSyntax?
        for (index, decl) in tree.declarations.enumerated() {
            let r = decl.range
            // One blank line between declarations, above the comments that lead into the
            // next one; simple declarations (param, event, enum, group) may stay together:
            // between two of them there is a blank line only where the author left one.
            if let previous, !Self.staysTogether(previous, decl) { blankLine() }
            ownLineComments(before: r.start, indent: 0)
            if hasBlankLine(from: lastEnd, to: r.start) { blankLine() }
            declaration(decl)
            lastEnd = max(lastEnd, r.end)
            let next = index + 1 < tree.declarations.count ? tree.declarations[index + 1].range.start : Int32.max
            trailingComments(after: r.end, before: next)
            previous = decl
        }
        ownLineComments(before: Int32.max, indent: 0)
    }

    /// Whether two consecutive declarations may go without a blank line between them: both
    /// are one-line kinds (param, event, enum, group), which authors like to keep in small
    /// groups (a param next to the event it counts, as in the language reference).
    static func staysTogether(_ a: DeclSyntax, _ b: DeclSyntax) -> Bool {
        isSimple(a) && isSimple(b)
    }

    private static func isSimple(_ d: DeclSyntax) -> Bool {
        switch d {
        case .param, .event, .enumeration, .group, .constant: true
        case .config, .tip, .testing: false
        }
    }

    /// Prints one declaration at the top level.
    mutating func declaration(_ decl: DeclSyntax) {
        switch decl {
        case .config(let d): config(d)
        case .enumeration(let d): enumeration(d)
        case .param(let d): param(d)
        case .event(let d): event(d)
        case .tip(let d): tip(d, indent: 0)
        case .group(let d): group(d)
        case .testing(let d): testing(d)
        case .constant(let d): constant(d)
        }
    }

    mutating func constant(_ d: ConstantDeclSyntax) {
        hoistComments(before: d.range.end, indent: 0)
        line("let \(d.name.name)\(d.type.map { ": \(type($0))" } ?? "") = \(expr(d.value))", indent: 0)
    }

    mutating func config(_ d: ConfigDeclSyntax) {
        let (open, close) = braces(of: d.range, after: d.range.start)
        hoistComments(before: open, indent: 0)
        block(header: "config", indent: 0, open: open, close: close, members: d.items,
              range: { $0.range }) { writer, item, indent in
            writer.hoistComments(before: item.range.end, indent: indent)
            writer.line(writer.configItem(item), indent: indent)
        }
    }

    func configItem(_ item: ConfigDeclSyntax.Item) -> String {
        switch item {
        case .displayFrequency(.named(let name), _): "displayFrequency \(name.name)"
        case .displayFrequency(.custom(let e), _): "displayFrequency \(expr(e))"
        case .donationLimit(let e, _): "donationLimit \(expr(e))"
        case .donationMaxAge(let e, _): "donationMaxAge \(expr(e))"
        case .displayBudget(let e, let unit, _): "displayBudget \(expr(e)) per \(unit.name)"
        }
    }

    mutating func enumeration(_ d: EnumDeclSyntax) {
        let (open, close) = braces(of: d.range, after: d.name.range.end)
        hoistComments(before: open, indent: 0)
        guard d.renamedFrom.count == d.cases.count else {
            nameList(header: "enum \(d.name.name)", names: d.cases, open: open, close: close)
            return
        }
        let header = "enum \(d.name.name)"
        let elements = zip(d.cases, d.renamedFrom).map { c, old in
            (text: old.map { "\(c.name) renamedFrom \($0.name)" } ?? c.name,
             range: old.map { c.range.union($0.range) } ?? c.range)
        }
        list(single: "\(header) { \(elements.map(\.text).joined(separator: ", ")) }", header: header, closer: "}",
             indent: 0, open: open, close: close, elements: elements, opening: " {")
    }

    mutating func group(_ d: GroupDeclSyntax) {
        let (open, close) = braces(of: d.range, after: d.together?.end ?? d.priorityRange?.end ?? d.name.range.end)
        hoistComments(before: open, indent: 0)
        let priority = d.priority.map { " \($0.rawValue)" } ?? ""
        let together = d.together == nil ? "" : " together"
        nameList(header: "group \(d.name.name)\(priority)\(together)", names: d.members, open: open, close: close)
    }

    /// `header { a, b, c }`, wrapped one name a line if too long or commented.
    mutating func nameList(header: String, names: [Identifier], open: Int32, close: Int32) {
        if names.isEmpty {
            block(header: header, indent: 0, open: open, close: close, members: [Identifier](),
                  range: { $0.range }) { _, _, _ in }
            return
        }
        let single = "\(header) { \(names.map(\.name).joined(separator: ", ")) }"
        list(single: single, header: header, closer: "}", indent: 0, open: open, close: close,
             elements: names.map { ($0.name, $0.range) }, opening: " {")
    }

    mutating func param(_ d: ParamDeclSyntax) {
        hoistComments(before: d.range.end, indent: 0)
        var text = d.isTransient ? "transient param " : "param "
        text += "\(d.name.name): \(type(d.type))"
        if let value = d.defaultValue { text += " = \(expr(value))" }
        if let key = d.key { text += " key \(string(key))" }
        if let old = d.renamedFrom { text += " renamedFrom \(old.name)" }
        line(text, indent: 0)
    }

    mutating func event(_ d: EventDeclSyntax) {
        // Limits in the order written.
        var limits: [(SourceRange, String)] = []
        if let limit = d.limit { limits.append((limit.range, " limit \(expr(limit))")) }
        if let maxAge = d.maxAge { limits.append((maxAge.range, " maxAge \(expr(maxAge))")) }
        if let old = d.renamedFrom { limits.append((old.range, " renamedFrom \(old.name)")) }
        if let key = d.key { limits.append((key.range, " key \(string(key))")) }
        let tail = limits.sorted { $0.0.start < $1.0.start }.map(\.1).joined()
        let header = "event \(d.name.name)"
        guard d.hasPayloadClause, let last = d.fields.last,
              let open = find("(", from: d.name.range.end, to: d.range.end) else {
            hoistComments(before: d.range.end, indent: 0)
            line(header + (d.hasPayloadClause ? "()" : "") + tail, indent: 0)
            return
        }
        let close = find(")", from: last.range.end, to: d.range.end) ?? last.range.end
        let fields = d.fields.map { (text: "\($0.name.name): \(type($0.type))", range: $0.range) }
        let single = "\(header)(\(fields.map(\.text).joined(separator: ", ")))\(tail)"
        if !hasComments(in: Self.span(open + 1, close)) && fits(single, indent: 0) {
            hoistComments(before: d.range.end, indent: 0)
            line(single, indent: 0)
            return
        }
        // Comments outside the parentheses go before the declaration.
        hoistComments(in: Self.span(d.range.start, open), indent: 0)
        hoistComments(in: Self.span(close, d.range.end), indent: 0)
        list(single: single, header: header, closer: ")" + tail, indent: 0, open: open, close: close,
             elements: fields, opening: "(")
    }

    mutating func testing(_ d: TestingDeclSyntax) {
        let (open, close) = braces(of: d.range, after: d.range.start)
        hoistComments(before: open, indent: 0)
        block(header: "testing", indent: 0, open: open, close: close, members: d.items,
              range: { $0.range }) { writer, item, indent in
            writer.hoistComments(before: item.range.end, indent: indent)
            let text = switch item {
            case .showAll: "showAll"
            case .hideAll: "hideAll"
            case .show(let names, _): "show " + names.map(\.name).joined(separator: ", ")
            case .hide(let names, _): "hide " + names.map(\.name).joined(separator: ", ")
            }
            writer.line(text, indent: indent)
        }
    }

    /// `Int`, `Set<String>`, `Category?`.
    func type(_ t: TypeSyntax) -> String {
        var text = t.name.name
        if let argument = t.argument { text += "<\(argument.name)>" }
        if t.isOptional { text += "?" }
        return text
    }
}
