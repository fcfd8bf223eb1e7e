import TipsSource
import TipsSyntax

/// W122 and W123: events and parameters exist only to be read by rules. One that nothing
/// reads is dead weight in the persisted state, and often a sign that a rule names a
/// different (misspelt or renamed) declaration.
enum UnusedDeclarationLints {
    static func run(_ context: LintContext) -> [Diagnostic] {
        unusedEvents(context) + unusedParams(context) + unusedConstants(context)
    }

    /// W124: a constant that no expression of the catalog names (a rule, an option, a
    /// window, a filter, a default, a setting or another constant).
    static func unusedConstants(_ context: LintContext) -> [Diagnostic] {
        guard !context.constants.isEmpty else { return [] }
        var expressions: [ExprSyntax] = context.constants.map(\.value)
        for tip in context.tips {
            for item in tip.items {
                switch item {
                case .rule(let e, _), .maxDisplayCount(let e, _), .maxDisplayDuration(let e, _), .priority(let e, _): expressions.append(e)
                case .invalidateWhen(_, let filter?, _, _): expressions.append(filter)
                case .goal(_, let filter, let window, _):
                    if let filter { expressions.append(filter) }
                    if let window { expressions.append(window) }
                case .message(_, let condition?, _), .image(_, let condition?, _), .imageAsset(_, let condition?, _):
                    expressions.append(condition)
                case .action(let a):
                    if let condition = a.condition { expressions.append(condition) }
                    for effect in a.effects {
                        switch effect {
                        case .set(_, let e, _): expressions.append(e)
                        case .donate(_, let values, _): expressions += values.map(\.value)
                        case .snooze(let interval, let limit, _): expressions += [interval] + (limit.map { [$0] } ?? [])
                        case .invalidate: break
                        }
                    }
                case .experiment(let x):
                    for case .variant(let v) in x.members {
                        for inner in v.items {
                            switch inner {
                            case .rule(let e, _), .maxDisplayCount(let e, _), .maxDisplayDuration(let e, _), .priority(let e, _): expressions.append(e)
                            default: break
                            }
                        }
                    }
                default: break
                }
            }
        }
        for p in context.params { if let e = p.defaultValue { expressions.append(e) } }
        for e in context.events { expressions += [e.limit, e.maxAge].compactMap { $0 } }
        for config in context.configs {
            for item in config.items {
                switch item {
                case .displayFrequency(.custom(let e), _), .donationLimit(let e, _), .donationMaxAge(let e, _),
                     .displayBudget(let e, _, _):
                    expressions.append(e)
                case .displayFrequency(.named, _): break
                }
            }
        }
        var read: Set<String> = []
        for expr in expressions {
            expr.lintForEachNode { if case .name(let id) = $0 { read.insert(id.name) } }
        }
        var out: [Diagnostic] = []
        var reported: Set<String> = []
        for c in context.constants where !read.contains(c.name.name) {
            guard reported.insert(c.name.name).inserted else { continue }
            out.append(.warning(.unusedConstant, "constant '\(c.name.name)' is never used",
                                at: c.name.range, notes: [Note("use it in a rule, an option or another constant, or remove it")]))
        }
        return out
    }

    /// W122: an event is read by a query anywhere or by `invalidate when`; being donated by
    /// an action does not count as a use.
    static func unusedEvents(_ context: LintContext) -> [Diagnostic] {
        // Stop reading as soon as every event is read (the usual case): a keystroke in a big
        // catalog pays for this lint, and the notes below are only for events nobody reads.
        var unread = Set(context.events.map(\.name.name))
        for tip in context.tips where !unread.isEmpty {
            for case .invalidateWhen(let event, _, _, _) in tip.items { unread.remove(event.name) }
            for case .goal(let event, _, _, _) in tip.items { unread.remove(event.name) }
            for expr in context.evaluatedExpressions(of: tip) {
                for query in expr.lintQueries { unread.remove(query.event.name) }
            }
        }
        guard !unread.isEmpty else { return [] }
        let read = Set(context.events.map(\.name.name)).subtracting(unread)
        var donatedBy: [String: SourceRange] = [:]
        for tip in context.tips {
            for case .action(let action) in tip.items {
                for case .donate(let event, _, let range) in action.effects where donatedBy[event.name] == nil {
                    donatedBy[event.name] = range
                }
            }
        }
        var out: [Diagnostic] = []
        var reported: Set<String> = []
        for event in context.events where !read.contains(event.name.name) {
            guard reported.insert(event.name.name).inserted else { continue }
            var notes = [Note("query it in a rule or with 'invalidate when', or remove it")]
            if let at = donatedBy[event.name.name] {
                notes.insert(Note("it is donated here, but nothing reads the donations", at: at), at: 0)
            }
            out.append(.warning(.unusedEvent,
                                "event '\(event.name.name)' is never queried",
                                at: event.name.range, notes: notes))
        }
        return out
    }

    /// W123: a parameter is read by a rule or an effect's value; `set p = ...` alone is a
    /// write, not a use.
    static func unusedParams(_ context: LintContext) -> [Diagnostic] {
        // As for events: stop once every parameter is read.
        var unread = Set(context.params.map(\.name.name))
        for tip in context.tips where !unread.isEmpty {
            for expr in context.evaluatedExpressions(of: tip) {
                for name in expr.lintParameterNames { unread.remove(name.name) }
            }
        }
        guard !unread.isEmpty else { return [] }
        let read = Set(context.params.map(\.name.name)).subtracting(unread)
        var setBy: [String: SourceRange] = [:]
        for tip in context.tips {
            for action in context.actions(of: tip) {
                for case .set(let param, _, let range) in action.effects where setBy[param.name] == nil {
                    setBy[param.name] = range
                }
            }
        }
        var out: [Diagnostic] = []
        var reported: Set<String> = []
        for param in context.params where !read.contains(param.name.name) {
            guard reported.insert(param.name.name).inserted else { continue }
            var notes = [Note("read it in a rule, or remove it")]
            if let at = setBy[param.name.name] {
                notes.insert(Note("it is set here, but no rule reads it", at: at), at: 0)
            }
            out.append(.warning(.unusedParam,
                                "parameter '\(param.name.name)' is never read",
                                at: param.name.range, notes: notes))
        }
        return out
    }
}
