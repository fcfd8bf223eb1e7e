import TipsSource
import TipsSyntax

/// Where every name of a catalog is declared and used, built from the syntax trees.
///
/// The checker resolves names too, but keeps its tables to itself; an editor needs the
/// opposite direction as well (from a declaration to every use), and answers even while
/// the catalog has errors. So the index resolves names the way Docs/language.md describes:
/// a bare name is a payload field inside a `where` filter, else a tip argument inside a
/// reusable tip, else a parameter; `.case` takes its enumeration from the other side of
/// `==`/`!=`, the parameter being defaulted or set, or the field being donated, and
/// otherwise from the only enumeration that has such a case.
struct CatalogIndex: Sendable {
    /// One declaration: the declared name's range and the whole declaration's.
    struct Declaration: Sendable {
        var key: SymbolKey
        var nameRange: SourceRange
        var range: SourceRange
    }

    /// One written name that refers to a declaration.
    struct Occurrence: Sendable {
        var key: SymbolKey
        var range: SourceRange
        var isDeclaration: Bool
    }

    /// An old name written after `renamedFrom`: not a declaration (nothing is declared under
    /// it any more) nor a reference, but editors still say what it is.
    struct OldName: Sendable {
        /// The declaration that was renamed from it.
        var key: SymbolKey
        var name: String
        var range: SourceRange
    }

    private(set) var declarations: [SymbolKey: [Declaration]] = [:]
    /// The `renamedFrom` clause of each renamed declaration (its first one).
    private(set) var renamedFrom: [SymbolKey: OldName] = [:]
    /// Every old name after `renamedFrom`, per file, sorted by position.
    private(set) var oldNames: [FileID: [OldName]] = [:]
    /// Every occurrence, declarations included, per file, sorted by position.
    private(set) var occurrences: [FileID: [Occurrence]] = [:]

    let trees: [FileSyntax]
    // Lookup tables filled from the first declaration of each name.
    private(set) var parameters: [String: ParamDeclSyntax] = [:]
    private(set) var events: [String: EventDeclSyntax] = [:]
    private(set) var enumerations: [String: EnumDeclSyntax] = [:]
    private(set) var tips: [String: TipDeclSyntax] = [:]
    private(set) var groups: [String: GroupDeclSyntax] = [:]
    private(set) var constants: [String: ConstantDeclSyntax] = [:]

    init(trees: [FileSyntax]) {
        self.trees = trees
        for tree in trees {
            for decl in tree.declarations { collect(decl) }
        }
        for tree in trees {
            for decl in tree.declarations { resolve(decl) }
        }
        for key in occurrences.keys {
            occurrences[key]?.sort { $0.range.start < $1.range.start }
        }
        for key in oldNames.keys {
            oldNames[key]?.sort { $0.range.start < $1.range.start }
        }
    }

    /// The old name after `renamedFrom` under byte `offset` of `file` (or ending there).
    func oldName(in file: FileID, at offset: Int32) -> OldName? {
        guard let list = oldNames[file] else { return nil }
        return list.first { $0.range.start <= offset && offset < $0.range.end } ?? list.first { $0.range.end == offset }
    }

    /// The occurrence under byte `offset` of `file` (a cursor just after a name counts too).
    func occurrence(in file: FileID, at offset: Int32) -> Occurrence? {
        guard let list = occurrences[file] else { return nil }
        return list.first { $0.range.start <= offset && offset < $0.range.end }
            ?? list.first { $0.range.end == offset }
    }

    /// Every occurrence of `key`, in file and position order.
    func occurrences(of key: SymbolKey) -> [Occurrence] {
        occurrences.keys.sorted().flatMap { file in occurrences[file]!.filter { $0.key == key } }
    }

    // MARK: - Declarations

    private mutating func declare(_ key: SymbolKey, _ name: Identifier, range: SourceRange) {
        declarations[key, default: []].append(Declaration(key: key, nameRange: name.range, range: range))
        add(key, name.range, isDeclaration: true)
    }

    private mutating func renamed(_ key: SymbolKey, from old: Identifier?) {
        guard let old, old.range.length > 0 else { return }
        let entry = OldName(key: key, name: old.name, range: old.range)
        if renamedFrom[key] == nil { renamedFrom[key] = entry }
        oldNames[old.range.file, default: []].append(entry)
    }

    private mutating func add(_ key: SymbolKey, _ range: SourceRange, isDeclaration: Bool = false) {
        guard range.length > 0 else { return }
        occurrences[range.file, default: []].append(Occurrence(key: key, range: range, isDeclaration: isDeclaration))
    }

    private mutating func collect(_ decl: DeclSyntax) {
        switch decl {
        case .param(let p):
            declare(SymbolKey(.parameter, p.name.name), p.name, range: p.range)
            renamed(SymbolKey(.parameter, p.name.name), from: p.renamedFrom)
            if parameters[p.name.name] == nil { parameters[p.name.name] = p }
        case .event(let e):
            declare(SymbolKey(.event, e.name.name), e.name, range: e.range)
            renamed(SymbolKey(.event, e.name.name), from: e.renamedFrom)
            for f in e.fields { declare(SymbolKey(.payloadField, f.name.name, in: e.name.name), f.name, range: f.range) }
            if events[e.name.name] == nil { events[e.name.name] = e }
        case .enumeration(let e):
            declare(SymbolKey(.enumeration, e.name.name), e.name, range: e.range)
            for (i, c) in e.cases.enumerated() {
                declare(SymbolKey(.enumCase, c.name, in: e.name.name), c, range: c.range)
                if i < e.renamedFrom.count { renamed(SymbolKey(.enumCase, c.name, in: e.name.name), from: e.renamedFrom[i]) }
            }
            if enumerations[e.name.name] == nil { enumerations[e.name.name] = e }
        case .tip(let t):
            declare(SymbolKey(.tip, t.name.name), t.name, range: t.range)
            renamed(SymbolKey(.tip, t.name.name), from: t.renamedFrom)
            for a in t.arguments { declare(SymbolKey(.tipArgument, a.name.name, in: t.name.name), a.name, range: a.range) }
            if tips[t.name.name] == nil { tips[t.name.name] = t }
        case .group(let g):
            declare(SymbolKey(.group, g.name.name), g.name, range: g.range)
            if groups[g.name.name] == nil { groups[g.name.name] = g }
        case .constant(let c):
            declare(SymbolKey(.constant, c.name.name), c.name, range: c.range)
            if constants[c.name.name] == nil { constants[c.name.name] = c }
        case .config, .testing:
            break
        }
    }

    // MARK: - References

    /// What a name inside an expression may refer to besides parameters.
    private struct Scope {
        /// The tip whose body is being read, and its argument types by name.
        var tip: String?
        var arguments: [String: TypeSyntax] = [:]
        /// The event whose payload fields a `where` filter reads.
        var filterEvent: String?
    }

    private mutating func resolve(_ decl: DeclSyntax) {
        switch decl {
        case .param(let p):
            type(p.type)
            if let d = p.defaultValue { expression(d, Scope(), expected: enumName(of: p.type)) }
        case .event(let e):
            for f in e.fields { type(f.type) }
            if let l = e.limit { expression(l, Scope()) }
            if let m = e.maxAge { expression(m, Scope()) }
        case .tip(let t):
            for a in t.arguments { type(a.type) }
            var scope = Scope(tip: t.name.name)
            for a in t.arguments where scope.arguments[a.name.name] == nil { scope.arguments[a.name.name] = a.type }
            for item in t.items { tipItem(item, scope) }
        case .group(let g):
            for m in g.members { add(SymbolKey(.tip, m.name), m.range) }
        case .testing(let t):
            for item in t.items {
                switch item {
                case .show(let names, _), .hide(let names, _):
                    for n in names { add(SymbolKey(.tip, n.name), n.range) }
                case .showAll, .hideAll:
                    break
                }
            }
        case .config(let c):
            for item in c.items {
                switch item {
                case .displayFrequency(.custom(let e), _), .donationLimit(let e, _), .donationMaxAge(let e, _),
                     .displayBudget(let e, _, _):
                    expression(e, Scope())
                case .displayFrequency(.named, _):
                    break
                }
            }
        case .constant(let c):
            if let t = c.type { type(t) }
            expression(c.value, Scope(), expected: c.type.flatMap { enumName(of: $0) })
        case .enumeration:
            break
        }
    }

    private mutating func type(_ t: TypeSyntax) {
        if enumerations[t.name.name] != nil { add(SymbolKey(.enumeration, t.name.name), t.name.range) }
    }

    private func enumName(of t: TypeSyntax?) -> String? {
        guard let t, enumerations[t.name.name] != nil else { return nil }
        return t.name.name
    }

    private mutating func text(_ t: TextSyntax?, _ scope: Scope) {
        switch t {
        case .literal(let s): string(s, scope)
        case .localized(let l):
            string(l.key, scope)
            if let f = l.fallback { string(f, scope) }
        case nil: break
        }
    }

    private mutating func string(_ s: StringLiteralSyntax, _ scope: Scope) {
        guard let tip = scope.tip else { return }
        for case .interpolation(let id) in s.segments where scope.arguments[id.name] != nil {
            add(SymbolKey(.tipArgument, id.name, in: tip), id.range)
        }
    }

    private mutating func tipItem(_ item: TipItemSyntax, _ scope: Scope) {
        switch item {
        case .id(let s, _): string(s, scope)
        case .title(let t, _): text(t, scope)
        case .message(let t, let condition, _):
            text(t, scope)
            if let condition { expression(condition, scope) }
        case .image(let s, let condition, _), .imageAsset(let s, let condition, _):
            string(s, scope)
            if let condition { expression(condition, scope) }
        case .rule(let e, _), .maxDisplayCount(let e, _), .maxDisplayDuration(let e, _), .priority(let e, _),
             .resetEligibility(let e, _): expression(e, scope)
        case .ignoresDisplayFrequency, .ignoresDisplayBudget: break
        case .experiment(let e):
            for case .variant(let v) in e.members {
                for inner in v.items { tipItem(inner, scope) }
            }
        case .goal(let event, let filter, let window, _):
            add(SymbolKey(.event, event.name), event.range)
            if let window { expression(window, scope) }
            if let filter {
                var inner = scope
                inner.filterEvent = event.name
                expression(filter, inner)
            }
        case .invalidateWhen(let event, let filter, _, _):
            add(SymbolKey(.event, event.name), event.range)
            if let filter {
                var inner = scope
                inner.filterEvent = event.name
                expression(filter, inner)
            }
        case .action(let a):
            if let condition = a.condition { expression(condition, scope) }
            text(a.title, scope)
            for effect in a.effects {
                switch effect {
                case .invalidate: break
                case .snooze(let interval, let limit, _):
                    expression(interval, scope)
                    if let limit { expression(limit, scope) }
                case .set(let name, let value, _):
                    add(SymbolKey(.parameter, name.name), name.range)
                    expression(value, scope, expected: enumName(of: parameters[name.name]?.type))
                case .donate(let event, let values, _):
                    add(SymbolKey(.event, event.name), event.range)
                    let fields = events[event.name]?.fields ?? []
                    for v in values {
                        let field = fields.first { $0.name.name == v.field.name }
                        if field != nil { add(SymbolKey(.payloadField, v.field.name, in: event.name), v.field.range) }
                        expression(v.value, scope, expected: enumName(of: field?.type))
                    }
                }
            }
        }
    }

    /// The key a bare name resolves to in `scope`, if any.
    private func key(forName name: String, _ scope: Scope) -> SymbolKey? {
        if let event = scope.filterEvent, events[event]?.fields.contains(where: { $0.name.name == name }) == true {
            return SymbolKey(.payloadField, name, in: event)
        }
        if let tip = scope.tip, scope.arguments[name] != nil { return SymbolKey(.tipArgument, name, in: tip) }
        if parameters[name] != nil { return SymbolKey(.parameter, name) }
        if constants[name] != nil { return SymbolKey(.constant, name) }
        return nil
    }

    /// The declared type of a bare name in `scope`.
    private func declaredType(ofName name: String, _ scope: Scope) -> TypeSyntax? {
        switch key(forName: name, scope) {
        case let k? where k.kind == .payloadField:
            return events[k.container!]?.fields.first { $0.name.name == name }?.type
        case let k? where k.kind == .tipArgument:
            return scope.arguments[name]
        case let k? where k.kind == .parameter:
            return parameters[name]?.type
        default:
            return nil
        }
    }

    /// The enumeration an expression evidently has, for `.case` on the other side of `==`.
    private func enumeration(of expr: ExprSyntax, _ scope: Scope) -> String? {
        switch expr {
        case .name(let id): return enumName(of: declaredType(ofName: id.name, scope))
        case .member(.name(let base), _, _) where enumerations[base.name] != nil && key(forName: base.name, scope) == nil:
            return base.name
        case .paren(let inner, _): return enumeration(of: inner, scope)
        case .binary(.coalesce, let l, let r, _, _): return enumeration(of: l, scope) ?? enumeration(of: r, scope)
        default: return nil
        }
    }

    /// The enumeration that declares case `name`: `expected` if it has one, else the only one.
    private func enumeration(forCase name: String, expected: String?) -> String? {
        if let expected, enumerations[expected]?.cases.contains(where: { $0.name == name }) == true { return expected }
        let owners = enumerations.values.filter { $0.cases.contains { $0.name == name } }
        return owners.count == 1 ? owners[0].name.name : nil
    }

    private mutating func expression(_ expr: ExprSyntax, _ scope: Scope, expected: String? = nil) {
        switch expr {
        case .integer, .double, .duration, .bool, .nilLiteral, .now, .missing:
            break
        case .string(let s):
            string(s, scope)
        case .name(let id):
            if let k = key(forName: id.name, scope) { add(k, id.range) }
        case .enumCase(let id, _):
            if let e = enumeration(forCase: id.name, expected: expected) { add(SymbolKey(.enumCase, id.name, in: e), id.range) }
        case .member(let base, let member, _):
            if case .name(let b) = base, key(forName: b.name, scope) == nil, let e = enumerations[b.name] {
                add(SymbolKey(.enumeration, b.name), b.range)
                if e.cases.contains(where: { $0.name == member.name }) {
                    add(SymbolKey(.enumCase, member.name, in: b.name), member.range)
                }
            } else {
                expression(base, scope)
            }
        case .methodCall(let base, _, let args, _):
            expression(base, scope)
            for a in args { expression(a, scope) }
        case .call(_, let args, _):
            for a in args { expression(a, scope, expected: expected) }
        case .query(let q):
            add(SymbolKey(.event, q.event.name), q.event.range)
            let fields = events[q.event.name]?.fields ?? []
            if let by = q.groupBy, fields.contains(where: { $0.name.name == by.name }) { add(SymbolKey(.payloadField, by.name, in: q.event.name), by.range) }
            if let filter = q.filter {
                var inner = scope
                inner.filterEvent = q.event.name
                expression(filter, inner)
            }
            if let window = q.window { expression(window, scope) }
        case .setLiteral(let elements, _):
            for e in elements { expression(e, scope) }
        case .unary(_, let operand, _, _):
            expression(operand, scope, expected: expected)
        case .binary(let op, let l, let r, _, _):
            // `where productID == productID` in a reusable tip: as the checker reads it, the
            // left name is the payload field and the right one the tip's argument.
            if op.isComparison, let event = scope.filterEvent, let tip = scope.tip,
               case .name(let left) = l, case .name(let right) = r,
               key(forName: left.name, scope)?.kind == .payloadField, scope.arguments[right.name] != nil {
                add(SymbolKey(.payloadField, left.name, in: event), left.range)
                add(SymbolKey(.tipArgument, right.name, in: tip), right.range)
                return
            }
            switch op {
            case .equal, .notEqual:
                expression(l, scope, expected: enumeration(of: r, scope))
                expression(r, scope, expected: enumeration(of: l, scope))
            case .coalesce:
                let e = enumeration(of: l, scope) ?? expected
                expression(l, scope, expected: e)
                expression(r, scope, expected: e)
            default:
                expression(l, scope)
                expression(r, scope)
            }
        case .paren(let inner, _):
            expression(inner, scope, expected: expected)
        }
    }
}
