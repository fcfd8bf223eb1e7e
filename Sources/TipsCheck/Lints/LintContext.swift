import TipsSource
import TipsSyntax

/// What every lint reads: the declarations of the whole catalog, indexed by name.
///
/// Built from the syntax trees alone, independent of the checker. When a name is declared
/// twice the first declaration wins (the checker reports the duplicate); when a name does
/// not resolve, lints stay silent (the checker reports that too).
struct LintContext {
    let files: [FileSyntax]
    let sources: SourceSet

    private(set) var tips: [TipDeclSyntax] = []
    private(set) var events: [EventDeclSyntax] = []
    private(set) var params: [ParamDeclSyntax] = []
    private(set) var groups: [GroupDeclSyntax] = []
    private(set) var configs: [ConfigDeclSyntax] = []
    private(set) var testingBlocks: [TestingDeclSyntax] = []
    private(set) var constants: [ConstantDeclSyntax] = []
    /// The value of each `let` constant by name (the first declaration wins), so lints that
    /// compare thresholds see through names.
    private(set) var constantValues: [String: ExprSyntax] = [:]

    private(set) var tipsByName: [String: TipDeclSyntax] = [:]
    private(set) var eventsByName: [String: EventDeclSyntax] = [:]
    private(set) var paramsByName: [String: ParamDeclSyntax] = [:]

    init(files: [FileSyntax], sources: SourceSet) {
        self.files = files
        self.sources = sources
        for file in files {
            for decl in file.declarations {
                switch decl {
                case .tip(let t):
                    tips.append(t)
                    if tipsByName[t.name.name] == nil { tipsByName[t.name.name] = t }
                case .event(let e):
                    events.append(e)
                    if eventsByName[e.name.name] == nil { eventsByName[e.name.name] = e }
                case .param(let p):
                    params.append(p)
                    if paramsByName[p.name.name] == nil { paramsByName[p.name.name] = p }
                case .group(let g): groups.append(g)
                case .config(let c): configs.append(c)
                case .testing(let t): testingBlocks.append(t)
                case .constant(let c):
                    constants.append(c)
                    if constantValues[c.name.name] == nil { constantValues[c.name.name] = c.value }
                case .enumeration: break
                }
            }
        }
    }

    /// The same catalog with only the tips declared in `files` to lint (`tips` and
    /// `allEvaluatedExpressions`); every lookup table still covers the whole catalog.
    func restricted(toTipsIn files: Set<FileID>) -> LintContext {
        var copy = self
        copy.tips = tips.filter { files.contains($0.range.file) }
        copy.expressions = ExpressionCache()
        return copy
    }

    /// The source text of `range`, or "" if its file is not in the set.
    func text(_ range: SourceRange) -> String {
        guard range.file.index >= 0, Int(range.file.index) < sources.files.count else { return "" }
        return sources[range.file].text(in: range)
    }

    /// The first config item matching `pick`, with its range (at most one config block is
    /// legal; the checker reports more).
    func configValue<T>(_ pick: (ConfigDeclSyntax.Item) -> T?) -> (value: T, range: SourceRange)? {
        for config in configs {
            for item in config.items {
                if let v = pick(item) { return (v, item.range) }
            }
        }
        return nil
    }

    /// Every expression of a tip that runs at evaluation time: rules, `when` conditions of
    /// messages and actions, and effect values. `invalidate when` filters are left out:
    /// their names are payload fields.
    func evaluatedExpressions(of tip: TipDeclSyntax) -> [ExprSyntax] {
        var out: [ExprSyntax] = []
        for item in tip.items {
            switch item {
            case .rule(let e, _): out.append(e)
            case .experiment(let x):
                // A variant's rules are evaluated for the installs assigned to it.
                for case .variant(let v) in x.members {
                    for case .rule(let e, _) in v.items { out.append(e) }
                }
            case .message(_, let condition?, _), .image(_, let condition?, _), .imageAsset(_, let condition?, _):
                out.append(condition)
            case .action(let a):
                if let condition = a.condition { out.append(condition) }
                for effect in a.effects {
                    switch effect {
                    case .set(_, let e, _): out.append(e)
                    case .donate(_, let values, _): out += values.map(\.value)
                    case .snooze(let interval, let limit, _): out += [interval] + (limit.map { [$0] } ?? [])
                    case .invalidate: break
                    }
                }
            default: break
            }
        }
        return out
    }

    /// Every evaluated expression of the catalog, tip by tip (collected once, on first use:
    /// several lints walk them, and a re-check that lints few tips needs none of them).
    var allEvaluatedExpressions: [ExprSyntax] {
        if let all = expressions.all { return all }
        let all = tips.flatMap(evaluatedExpressions(of:))
        expressions.all = all
        return all
    }

    /// Where ``allEvaluatedExpressions`` is kept once collected.
    private final class ExpressionCache {
        var all: [ExprSyntax]?
    }

    private var expressions = ExpressionCache()

    /// The rules of a tip, in order.
    func rules(of tip: TipDeclSyntax) -> [(expr: ExprSyntax, range: SourceRange)] {
        tip.items.compactMap { if case .rule(let e, let r) = $0 { (e, r) } else { nil } }
    }

    /// The actions of a tip, in order.
    func actions(of tip: TipDeclSyntax) -> [ActionSyntax] {
        tip.items.compactMap { if case .action(let a) = $0 { a } else { nil } }
    }
}
