import TipsSource

/// Tips, their items, and actions.
extension FormatWriter {
    mutating func tip(_ d: TipDeclSyntax, indent: Int) {
        let name = "tip \(d.name.name)"
        let renamed = d.renamedFrom.map { " renamedFrom \($0.name)" } ?? ""
        guard let last = d.arguments.last,
              let argOpen = find("(", from: d.name.range.end, to: d.range.end) else {
            let (open, close) = braces(of: d.range, after: d.renamedFrom?.range.end ?? d.name.range.end)
            hoistComments(before: open, indent: indent)
            tipBody(d, header: name + renamed, indent: indent, open: open, close: close)
            return
        }
        let argClose = find(")", from: last.range.end, to: d.range.end) ?? last.range.end
        let (open, close) = braces(of: d.range, after: d.renamedFrom?.range.end ?? argClose)
        let arguments = d.arguments.map { (text: "\($0.name.name): \(type($0.type))", range: $0.range) }
        let header = "\(name)(\(arguments.map(\.text).joined(separator: ", ")))" + renamed
        if !hasComments(in: Self.span(argOpen + 1, argClose)) && fits(header + " {", indent: indent) {
            hoistComments(before: open, indent: indent)
            tipBody(d, header: header, indent: indent, open: open, close: close)
            return
        }
        // One argument a line; comments outside the parentheses go before the tip.
        hoistComments(in: Self.span(d.range.start, argOpen), indent: indent)
        hoistComments(in: Self.span(argClose, open), indent: indent)
        line(name + "(", indent: indent)
        lastEnd = max(lastEnd, argOpen + 1)
        trailingComments(after: argOpen + 1, before: d.arguments.first?.range.start ?? argClose, onlyAtLineEnd: true)
        atBlockStart = true
        members(arguments, indent: indent + 1, close: argClose, range: { $0.range }) { writer, argument, indent in
            writer.hoistComments(before: argument.range.end, indent: indent)
            writer.line(argument.text + ",", indent: indent)
        }
        ownLineComments(before: argClose, indent: indent + 1)
        tipBody(d, header: ")" + renamed, indent: indent, open: open, close: close)
    }

    private mutating func tipBody(_ d: TipDeclSyntax, header: String, indent: Int, open: Int32, close: Int32) {
        block(header: header, indent: indent, open: open, close: close, members: d.items,
              range: { $0.range }) { writer, item, indent in
            writer.tipItem(item, indent: indent)
        }
    }

    mutating func tipItem(_ item: TipItemSyntax, indent: Int) {
        if case .action(let action) = item {
            self.action(action, indent: indent)
            return
        }
        if case .experiment(let e) = item {
            experiment(e, indent: indent)
            return
        }
        hoistComments(before: item.range.end, indent: indent)
        let text: String
        switch item {
        case .id(let s, _): text = "id \(string(s))"
        case .title(let t, _): text = "title \(self.text(t))"
        case .message(let t, let condition, _):
            text = "message \(self.text(t))" + (condition.map { " when \(expr($0))" } ?? "")
        case .image(let s, let condition, _):
            text = "image \(string(s))" + (condition.map { " when \(expr($0))" } ?? "")
        case .imageAsset(let s, let condition, _):
            text = "image asset \(string(s))" + (condition.map { " when \(expr($0))" } ?? "")
        case .rule(let e, _): text = "rule \(expr(e))"
        case .action, .experiment: text = ""
        case .invalidateWhen(let event, let filter, let reason, _):
            var t = "invalidate when \(event.name)"
            if let filter { t += " where \(expr(filter))" }
            if let reason { t += " reason \(reason.name)" }
            text = t
        case .goal(let event, let filter, let window, _):
            var t = "goal \(event.name)"
            if let filter { t += " where \(expr(filter))" }
            if let window { t += " within \(expr(window))" }
            text = t
        case .maxDisplayCount(let e, _): text = "maxDisplayCount \(expr(e))"
        case .maxDisplayDuration(let e, _): text = "maxDisplayDuration \(expr(e))"
        case .ignoresDisplayFrequency(let value, _):
            // The bare form means true, so true is written bare; false must stay explicit.
            text = value ? "ignoresDisplayFrequency" : "ignoresDisplayFrequency false"
        case .priority(let e, _): text = "priority \(expr(e))"
        case .resetEligibility(let e, _): text = "resetEligibility after \(expr(e))"
        case .ignoresDisplayBudget(let value, _):
            text = value ? "ignoresDisplayBudget" : "ignoresDisplayBudget false"
        }
        line(text, indent: indent)
    }

    /// `experiment NAME { ... }`: salt and holdout lines, and each variant's block of tip items.
    mutating func experiment(_ e: ExperimentSyntax, indent: Int) {
        let (open, close) = braces(of: e.range, after: e.name.range.end)
        hoistComments(before: open, indent: indent)
        block(header: "experiment \(e.name.name)", indent: indent, open: open, close: close, members: e.members,
              range: { $0.range }) { writer, member, indent in
            switch member {
            case .salt(let s, _):
                writer.hoistComments(before: member.range.end, indent: indent)
                writer.line("salt \(writer.string(s))", indent: indent)
            case .holdout(let share, _):
                writer.hoistComments(before: member.range.end, indent: indent)
                writer.line("holdout" + (share.map { " " + $0.text } ?? ""), indent: indent)
            case .variant(let v):
                let (vOpen, vClose) = writer.braces(of: v.range, after: v.share?.range.end ?? v.name.range.end)
                writer.hoistComments(before: vOpen, indent: indent)
                writer.block(header: "variant \(v.name.name)" + (v.share.map { " " + $0.text } ?? ""), indent: indent,
                             open: vOpen, close: vClose, members: v.items, range: { $0.range }) { w, item, indent in
                    w.tipItem(item, indent: indent)
                }
            }
        }
    }

    /// A line of an action body: its title or one effect. The tree keeps the title apart
    /// from the effects, so they are merged back in source order.
    enum ActionMember {
        case title(TextSyntax)
        case effect(EffectSyntax)

        var range: SourceRange {
            switch self {
            case .title(let t): t.range
            case .effect(let e): e.range
            }
        }
    }

    mutating func action(_ a: ActionSyntax, indent: Int) {
        let (open, close) = braces(of: a.range, after: a.condition?.range.end ?? a.id.range.end)
        hoistComments(before: open, indent: indent)
        var members = a.effects.map(ActionMember.effect)
        if let title = a.title { members.append(.title(title)) }
        members.sort { $0.range.start < $1.range.start }
        block(header: "action \(string(a.id))" + (a.condition.map { " when \(expr($0))" } ?? ""), indent: indent, open: open, close: close, members: members,
              range: { $0.range }) { writer, member, indent in
            writer.hoistComments(before: member.range.end, indent: indent)
            writer.line(writer.actionMember(member), indent: indent)
        }
    }

    func actionMember(_ member: ActionMember) -> String {
        switch member {
        case .title(let t):
            return "title \(text(t))"
        case .effect(.invalidate(let reason, _)):
            return reason.map { "invalidate reason \($0.name)" } ?? "invalidate"
        case .effect(.set(let name, let value, _)):
            return "set \(name.name) = \(expr(value))"
        case .effect(.donate(let event, let values, _)):
            guard !values.isEmpty else { return "donate \(event.name)" }
            let list = values.map { "\($0.field.name): \(expr($0.value))" }.joined(separator: ", ")
            return "donate \(event.name)(\(list))"
        case .effect(.snooze(let interval, let limit, _)):
            return "snooze \(expr(interval))" + (limit.map { " limit \(expr($0))" } ?? "")
        }
    }

    /// A title or message: a literal, or `localized("key", table: "T", default: "text")`.
    func text(_ t: TextSyntax) -> String {
        switch t {
        case .literal(let s):
            return string(s)
        case .localized(let l):
            var out = "localized(\(string(l.key))"
            if let table = l.table { out += ", table: \(string(table))" }
            if let fallback = l.fallback { out += ", default: \(string(fallback))" }
            return out + ")"
        }
    }
}
