import TipsSource
import TipsSyntax

/// Syntax trees with every source range zeroed, so two parses of differently laid out text
/// compare equal exactly when they mean the same thing. Comments are dropped: they are
/// compared separately, as a multiset of texts. Missing a range here makes equal trees
/// compare unequal (a loud failure), never the reverse.
enum StrippedTree {
    static let zero = SourceRange(file: FileID(0), start: 0, end: 0)

    static func file(_ f: FileSyntax) -> FileSyntax {
        FileSyntax(file: FileID(0), declarations: f.declarations.map(decl), comments: [])
    }

    static func decl(_ d: DeclSyntax) -> DeclSyntax {
        switch d {
        case .config(let c):
            return .config(ConfigDeclSyntax(items: c.items.map(configItem), range: zero))
        case .enumeration(let e):
            return .enumeration(EnumDeclSyntax(name: id(e.name), cases: e.cases.map(id), range: zero))
        case .param(let p):
            return .param(ParamDeclSyntax(name: id(p.name), type: type(p.type), defaultValue: p.defaultValue.map(expr),
                                          isTransient: p.isTransient, key: p.key.map(string), range: zero))
        case .event(let e):
            let fields = e.fields.map { EventDeclSyntax.Field(name: id($0.name), type: type($0.type), range: zero) }
            return .event(EventDeclSyntax(name: id(e.name), fields: fields, hasPayloadClause: e.hasPayloadClause,
                                          limit: e.limit.map(expr), maxAge: e.maxAge.map(expr), key: e.key.map(string), range: zero))
        case .tip(let t):
            let arguments = t.arguments.map { TipDeclSyntax.Argument(name: id($0.name), type: type($0.type), range: zero) }
            return .tip(TipDeclSyntax(name: id(t.name), arguments: arguments, items: t.items.map(tipItem), range: zero))
        case .group(let g):
            return .group(GroupDeclSyntax(name: id(g.name), priority: g.priority,
                                          priorityRange: g.priorityRange.map { _ in zero },
                                          together: g.together.map { _ in zero },
                                          members: g.members.map(id), range: zero))
        case .testing(let t):
            return .testing(TestingDeclSyntax(items: t.items.map(testingItem), range: zero))
        case .constant(let c):
            return .constant(ConstantDeclSyntax(name: id(c.name), type: c.type.map(type), value: expr(c.value), range: zero))
        }
    }

    static func configItem(_ item: ConfigDeclSyntax.Item) -> ConfigDeclSyntax.Item {
        switch item {
        case .displayFrequency(.named(let name), _): .displayFrequency(.named(id(name)), range: zero)
        case .displayFrequency(.custom(let e), _): .displayFrequency(.custom(expr(e)), range: zero)
        case .donationLimit(let e, _): .donationLimit(expr(e), range: zero)
        case .donationMaxAge(let e, _): .donationMaxAge(expr(e), range: zero)
        case .displayBudget(let e, let unit, _): .displayBudget(expr(e), unit: id(unit), range: zero)
        }
    }

    static func testingItem(_ item: TestingDeclSyntax.Item) -> TestingDeclSyntax.Item {
        switch item {
        case .showAll: .showAll(zero)
        case .hideAll: .hideAll(zero)
        case .show(let names, _): .show(names.map(id), range: zero)
        case .hide(let names, _): .hide(names.map(id), range: zero)
        }
    }

    static func tipItem(_ item: TipItemSyntax) -> TipItemSyntax {
        switch item {
        case .id(let s, _): .id(string(s), range: zero)
        case .title(let t, _): .title(text(t), range: zero)
        case .message(let t, let c, _): .message(text(t), condition: c.map(expr), range: zero)
        case .image(let s, let c, _): .image(string(s), condition: c.map(expr), range: zero)
        case .imageAsset(let s, let c, _): .imageAsset(string(s), condition: c.map(expr), range: zero)
        case .rule(let e, _): .rule(expr(e), range: zero)
        case .action(let a): .action(action(a))
        case .invalidateWhen(let event, let filter, let reason, _):
            .invalidateWhen(event: id(event), filter: filter.map(expr), reason: reason.map(id), range: zero)
        case .goal(let event, let filter, let window, _):
            .goal(event: id(event), filter: filter.map(expr), window: window.map(expr), range: zero)
        case .experiment(let e):
            .experiment(ExperimentSyntax(name: id(e.name), members: e.members.map { member in
                switch member {
                case .salt(let s, _): .salt(string(s), range: zero)
                case .holdout(let share, _): .holdout(share.map(Self.share), range: zero)
                case .variant(let v):
                    .variant(VariantSyntax(name: id(v.name), share: v.share.map(Self.share), items: v.items.map(tipItem),
                                           range: zero))
                }
            }, range: zero))
        case .maxDisplayCount(let e, _): .maxDisplayCount(expr(e), range: zero)
        case .maxDisplayDuration(let e, _): .maxDisplayDuration(expr(e), range: zero)
        case .ignoresDisplayFrequency(let b, _): .ignoresDisplayFrequency(b, range: zero)
        case .priority(let e, _): .priority(expr(e), range: zero)
        case .ignoresDisplayBudget(let b, _): .ignoresDisplayBudget(b, range: zero)
        case .resetEligibility(let e, _): .resetEligibility(after: expr(e), range: zero)
        }
    }

    static func share(_ s: ShareSyntax) -> ShareSyntax { ShareSyntax(number: s.number, isPercent: s.isPercent, range: zero) }

    static func action(_ a: ActionSyntax) -> ActionSyntax {
        ActionSyntax(id: string(a.id), title: a.title.map(text), effects: a.effects.map(effect), range: zero,
                     condition: a.condition.map(expr))
    }

    static func effect(_ e: EffectSyntax) -> EffectSyntax {
        switch e {
        case .invalidate(let reason, _): .invalidate(reason: reason.map(id), range: zero)
        case .set(let name, let value, _): .set(id(name), expr(value), range: zero)
        case .donate(let event, let values, _):
            .donate(id(event), values.map { FieldValueSyntax(field: id($0.field), value: expr($0.value), range: zero) },
                    range: zero)
        case .snooze(let interval, let limit, _): .snooze(interval: expr(interval), limit: limit.map(expr), range: zero)
        }
    }

    static func text(_ t: TextSyntax) -> TextSyntax {
        switch t {
        case .literal(let s): .literal(string(s))
        case .localized(let l):
            .localized(LocalizedTextSyntax(key: string(l.key), table: l.table.map(string),
                                           fallback: l.fallback.map(string), range: zero))
        }
    }

    static func string(_ s: StringLiteralSyntax) -> StringLiteralSyntax {
        StringLiteralSyntax(segments: s.segments.map { segment in
            switch segment {
            case .text(let t): .text(t)
            case .interpolation(let name): .interpolation(id(name))
            }
        }, range: zero)
    }

    static func type(_ t: TypeSyntax) -> TypeSyntax {
        TypeSyntax(name: id(t.name), argument: t.argument.map(id), isOptional: t.isOptional, range: zero)
    }

    static func id(_ i: Identifier) -> Identifier { Identifier(i.name, range: zero) }

    static func expr(_ e: ExprSyntax) -> ExprSyntax {
        switch e {
        case .integer(let v, _): .integer(v, zero)
        case .double(let v, _): .double(v, zero)
        case .duration(let v, _): .duration(v, zero)
        case .string(let s): .string(string(s))
        case .bool(let b, _): .bool(b, zero)
        case .nilLiteral: .nilLiteral(zero)
        case .now: .now(zero)
        case .name(let i): .name(id(i))
        case .enumCase(let i, _): .enumCase(id(i), range: zero)
        case .member(let base, let m, _): .member(expr(base), id(m), range: zero)
        case .methodCall(let base, let m, let args, _): .methodCall(expr(base), id(m), args.map(expr), range: zero)
        case .call(let f, let args, _): .call(id(f), args.map(expr), range: zero)
        case .query(let q):
            .query(EventQuerySyntax(function: q.function, functionRange: zero, event: id(q.event),
                                    groupBy: q.groupBy.map(id), filter: q.filter.map(expr),
                                    window: q.window.map(expr), range: zero))
        case .setLiteral(let elements, _): .setLiteral(elements.map(expr), range: zero)
        case .unary(let op, let operand, _, _): .unary(op, expr(operand), operatorRange: zero, range: zero)
        case .binary(let op, let l, let r, _, _):
            .binary(op, expr(l), expr(r), operatorRange: zero, range: zero)
        case .paren(let inner, _): .paren(expr(inner), range: zero)
        case .missing: .missing(zero)
        }
    }
}
