import TipsCheck

/// A plain recursive interpreter of the checked model: the oracle the VM is tested against
/// and the baseline it is measured against. It follows the design notes literally and
/// shares no code with the compiler or the VM; clarity wins over speed everywhere.
public struct ReferenceEvaluator: Sendable {
    /// The catalog whose expressions are evaluated.
    public let model: CatalogModel

    public init(model: CatalogModel) {
        self.model = model
    }

    /// A state with every parameter at its default and no donations.
    public func initialState(now: Int64) -> ReferenceState {
        ReferenceState(now: now, parameters: model.parameters.map { ReferenceEvaluator.value(of: $0.defaultValue) },
                       donations: model.events.map { _ in [] })
    }

    /// Rule `rule` of tip `tip`.
    public func evaluateRule(tip: Int, rule: Int, in state: ReferenceState) -> Bool {
        evaluate(model.tips[tip].rules[rule], in: state) == .bool(true)
    }

    /// Whether every rule of tip `tip` holds (a tip without rules is eligible).
    public func rulesHold(tip: Int, in state: ReferenceState) -> Bool {
        model.tips[tip].rules.indices.allSatisfy { evaluateRule(tip: tip, rule: $0, in: state) }
    }

    /// The value of `expr` in `state`.
    public func evaluate(_ expr: CheckedExpr, in state: ReferenceState) -> ReferenceValue {
        switch expr.kind {
        case .constant(let c):
            return ReferenceEvaluator.value(of: c)
        case .parameter(let i):
            return state.parameters[i]
        case .now:
            return .date(state.now)
        case .platformIn(let names):
            return .bool(names.contains(state.platform))
        case .calendar(let field):
            return ReferenceEvaluator.calendar(field, at: state.now, zone: state.timeZone)
        case .lifetime(let instant):
            let t = instant == .installed ? state.installedAt : state.appUpdatedAt
            return t.map { .date($0) } ?? .none
        case .argument(let i):
            return state.arguments.indices.contains(i) ? state.arguments[i] : .none
        case .not(let x):
            return .bool(!bool(evaluate(x, in: state)))
        case .negate(_, let x):
            switch evaluate(x, in: state) {
            case .int(let v): return .int(0 &- v)
            case .double(let v): return .double(-v)
            case .duration(let v): return .duration(0 &- v)
            default: return .none
            }
        case .intToDouble(let x):
            if case .int(let v) = evaluate(x, in: state) { return .double(Double(v)) }
            return .none
        case .and(let l, let r):
            return .bool(bool(evaluate(l, in: state)) && bool(evaluate(r, in: state)))
        case .or(let l, let r):
            return .bool(bool(evaluate(l, in: state)) || bool(evaluate(r, in: state)))
        case .arithmetic(let op, let l, let r):
            let a = evaluate(l, in: state)
            let b = evaluate(r, in: state)
            if a == .none || b == .none { return .none }
            return ReferenceEvaluator.arithmetic(op, a, b)
        case .compare(let op, _, let l, let r):
            return .bool(ReferenceEvaluator.compare(op, evaluate(l, in: state), evaluate(r, in: state)))
        case .coalesce(let l, let r):
            let a = evaluate(l, in: state)
            return a == .none ? evaluate(r, in: state) : a
        case .builtin(let b, let args):
            return ReferenceEvaluator.builtin(b, args.map { evaluate($0, in: state) })
        case .query(let q):
            return query(q, in: state)
        }
    }

    private func bool(_ v: ReferenceValue) -> Bool {
        v == .bool(true)
    }

    /// The value of a model constant.
    public static func value(of c: ConstantValue) -> ReferenceValue {
        switch c {
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .duration(let ms): .duration(ms)
        case .date(let ms): .date(ms)
        case .enumCase(_, let i): .enumCase(i)
        case .stringSet(let s): .stringSet(s)
        case .none: .none
        }
    }
}
