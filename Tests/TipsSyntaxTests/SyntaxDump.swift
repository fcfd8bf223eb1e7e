import Testing
import TipsSource
@testable import TipsSyntax

/// A compact S-expression rendering of syntax trees, so parser tests read as tables:
/// `(binary && (name a) (query count manualSave within (duration 604800000)))`.
enum SyntaxDump {
    static func file(_ tree: FileSyntax) -> String {
        tree.declarations.map(declaration).joined(separator: " ")
    }

    static func declaration(_ decl: DeclSyntax) -> String {
        switch decl {
        case .config(let d):
            return list("config", d.items.map { item in
                switch item {
                case .displayFrequency(.named(let n), _): list("displayFrequency", [n.name])
                case .displayFrequency(.custom(let e), _): list("displayFrequency", [expr(e)])
                case .donationLimit(let e, _): list("donationLimit", [expr(e)])
                case .donationMaxAge(let e, _): list("donationMaxAge", [expr(e)])
                case .displayBudget(let e, let unit, _): list("displayBudget", [expr(e), unit.name])
                }
            })
        case .enumeration(let d):
            return list("enum", [d.name.name] + d.cases.map(\.name))
        case .param(let d):
            return list(d.isTransient ? "transient-param" : "param",
                        [d.name.name, type(d.type)] + (d.defaultValue.map { [expr($0)] } ?? [])
                            + (d.key.map { [list("key", [string($0)])] } ?? []))
        case .event(let d):
            var parts = [d.name.name]
            if d.hasPayloadClause && d.fields.isEmpty { parts.append("()") }
            parts += d.fields.map { list("field", [$0.name.name, type($0.type)]) }
            if let l = d.limit { parts.append(list("limit", [expr(l)])) }
            if let m = d.maxAge { parts.append(list("maxAge", [expr(m)])) }
            if let k = d.key { parts.append(list("key", [string(k)])) }
            return list("event", parts)
        case .tip(let d):
            return list("tip", [d.name.name] + d.arguments.map { list("arg", [$0.name.name, type($0.type)]) }
                        + d.items.map(tipItem))
        case .group(let d):
            return list("group", [d.name.name] + (d.priority.map { [$0.rawValue] } ?? []) + (d.together == nil ? [] : ["together"])
                        + d.members.map(\.name))
        case .testing(let d):
            return list("testing", d.items.map { item in
                switch item {
                case .showAll: "showAll"
                case .hideAll: "hideAll"
                case .show(let names, _): list("show", names.map(\.name))
                case .hide(let names, _): list("hide", names.map(\.name))
                }
            })
        case .constant(let d):
            return list("let", [d.name.name] + (d.type.map { [type($0)] } ?? []) + [expr(d.value)])
        }
    }

    static func tipItem(_ item: TipItemSyntax) -> String {
        switch item {
        case .id(let s, _): list("id", [string(s)])
        case .title(let t, _): list("title", [text(t)])
        case .message(let t, let c, _): list("message", [text(t)] + (c.map { ["when", expr($0)] } ?? []))
        case .image(let s, let c, _): list("image", [string(s)] + (c.map { ["when", expr($0)] } ?? []))
        case .imageAsset(let s, let c, _): list("image-asset", [string(s)] + (c.map { ["when", expr($0)] } ?? []))
        case .rule(let e, _): list("rule", [expr(e)])
        case .action(let a): action(a)
        case .invalidateWhen(let event, let filter, let reason, _):
            list("invalidateWhen", [event.name] + (filter.map { ["where", expr($0)] } ?? [])
                 + (reason.map { ["reason", $0.name] } ?? []))
        case .goal(let event, let filter, let window, _):
            list("goal", [event.name] + (filter.map { ["where", expr($0)] } ?? [])
                 + (window.map { ["within", expr($0)] } ?? []))
        case .experiment(let e):
            list("experiment", [e.name.name] + e.members.map { member in
                switch member {
                case .salt(let s, _): list("salt", [string(s)])
                case .holdout(let share, _): list("holdout", share.map { [$0.text] } ?? [])
                case .variant(let v): list("variant", [v.name.name] + (v.share.map { [$0.text] } ?? []) + v.items.map(tipItem))
                }
            })
        case .maxDisplayCount(let e, _): list("maxDisplayCount", [expr(e)])
        case .maxDisplayDuration(let e, _): list("maxDisplayDuration", [expr(e)])
        case .ignoresDisplayFrequency(let b, _): list("ignoresDisplayFrequency", ["\(b)"])
        case .priority(let e, _): list("priority", [expr(e)])
        case .ignoresDisplayBudget(let b, _): list("ignoresDisplayBudget", ["\(b)"])
        case .resetEligibility(let e, _): list("resetEligibility", [expr(e)])
        }
    }

    static func action(_ a: ActionSyntax) -> String {
        var parts = [string(a.id)]
        if let c = a.condition { parts.append(list("when", [expr(c)])) }
        if let t = a.title { parts.append(list("title", [text(t)])) }
        for effect in a.effects {
            switch effect {
            case .invalidate(let reason, _): parts.append(list("invalidate", reason.map { [$0.name] } ?? []))
            case .set(let name, let value, _): parts.append(list("set", [name.name, expr(value)]))
            case .donate(let event, let values, _):
                parts.append(list("donate", [event.name] + values.map { list($0.field.name, [expr($0.value)]) }))
            case .snooze(let interval, let limit, _):
                parts.append(list("snooze", [expr(interval)] + (limit.map { ["limit", expr($0)] } ?? [])))
            }
        }
        return list("action", parts)
    }

    static func type(_ t: TypeSyntax) -> String {
        t.name.name + (t.argument.map { "<\($0.name)>" } ?? "") + (t.isOptional ? "?" : "")
    }

    static func text(_ t: TextSyntax) -> String {
        switch t {
        case .literal(let s): return string(s)
        case .localized(let l):
            return list("localized", [string(l.key)] + (l.table.map { ["table", string($0)] } ?? [])
                        + (l.fallback.map { ["default", string($0)] } ?? []))
        }
    }

    static func string(_ s: StringLiteralSyntax) -> String {
        if let plain = s.plainText { return plain.debugDescription }
        return list("string", s.segments.map { segment in
            switch segment {
            case .text(let t): t.debugDescription
            case .interpolation(let name): "\\(\(name.name))"
            }
        })
    }

    static func expr(_ e: ExprSyntax) -> String {
        switch e {
        case .integer(let v, _): return list("int", ["\(v)"])
        case .double(let v, _): return list("double", ["\(v)"])
        case .duration(let v, _): return list("duration", ["\(v)"])
        case .string(let s): return string(s)
        case .bool(let b, _): return "\(b)"
        case .nilLiteral: return "nil"
        case .now: return "now"
        case .name(let n): return list("name", [n.name])
        case .enumCase(let n, _): return list("case", [n.name])
        case .member(let base, let n, _): return list("member", [expr(base), n.name])
        case .methodCall(let base, let n, let args, _): return list("method", [expr(base), n.name] + args.map(expr))
        case .call(let n, let args, _): return list("call", [n.name] + args.map(expr))
        case .query(let q):
            var parts = [q.function.rawValue, q.event.name]
            if let g = q.groupBy { parts += ["by", g.name] }
            if let f = q.filter { parts += ["where", expr(f)] }
            if let w = q.window { parts += ["within", expr(w)] }
            return list("query", parts)
        case .setLiteral(let elements, _): return list("set", elements.map(expr))
        case .unary(let op, let operand, _, _): return list("unary", [op.rawValue, expr(operand)])
        case .binary(let op, let l, let r, _, _): return list("binary", [op.rawValue, expr(l), expr(r)])
        case .paren(let inner, _): return list("paren", [expr(inner)])
        case .missing: return "missing"
        }
    }

    static func list(_ head: String, _ parts: [String]) -> String {
        parts.isEmpty ? "(\(head))" : "(\(head) \(parts.joined(separator: " ")))"
    }

    /// Diagnostics as `line:col code message`, in output order.
    /// Also checks the message style of docs/design.md: lower-case start, no trailing period.
    static func diagnostics(_ diagnostics: [Diagnostic], in file: SourceFile) -> [String] {
        for d in diagnostics {
            #expect(d.message.first?.isUppercase == false, "message starts upper-case: \(d.message)")
            #expect(d.message.last != ".", "message ends with a period: \(d.message)")
        }
        return diagnostics.sortedForOutput().map { "\(file.location(of: $0.range.start)) \($0.code) \($0.message)" }
    }
}

/// Parses `text` as a file named `test.tips`.
func parse(_ text: String) -> (ParseResult, SourceFile) {
    let file = SourceFile(id: FileID(0), path: "test.tips", text: text)
    return (Parser.parse(file), file)
}

/// Parses `text` as the default value of a parameter and dumps the expression.
func dumpExpression(_ text: String) -> (String, [String]) {
    let (result, file) = parse("param p: Int = " + text)
    let errors = SyntaxDump.diagnostics(result.diagnostics, in: file)
    guard case .param(let p)? = result.tree.declarations.first, let value = p.defaultValue else {
        return ("<none>", errors)
    }
    return (SyntaxDump.expr(value), errors)
}
