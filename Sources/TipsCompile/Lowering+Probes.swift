import TipsBytecode
import TipsCheck
import TipsSource

/// The `explain` section: for every rule its text and position, and probes — programs for
/// the leaves of its `&&`/`||`/`!` tree (with both operands of a comparison) and for the
/// event queries nested in them — so the runtime can print `count(manualSave within 7d) =
/// 2, needs >= 3` without the front end. Lowered after everything else: probes intern
/// nothing new the rules did not already use, and never renumber a rule's program.
extension Lowering {
    /// Probes per rule at most (a generated catalog's giant rule stays bounded).
    static let maxProbesPerRule = 32

    mutating func lowerExplanations() {
        guard options.explain else { return }
        var table = ExplainTable()
        for (t, tip) in model.tips.enumerated() {
            loweringTip = t
            table.tips.append(tip.rules.map { explanation(of: $0, into: &table) })
        }
        builder.setExplain(table)
    }

    private mutating func explanation(of rule: CheckedExpr, into table: inout ExplainTable) -> RuleExplanation {
        var probes: [Probe] = []
        leaves(rule, negated: false, into: &probes, &table)
        let at = position(rule.range)
        let file = options.sourceMap ? location(rule.range).file : noIndex
        return RuleExplanation(text: sourceText(rule.range), location: SourceMapEntry(file: file, line: at.line, column: at.column),
                               probes: probes)
    }

    private mutating func leaves(_ e: CheckedExpr, negated: Bool, into probes: inout [Probe], _ table: inout ExplainTable) {
        guard probes.count < Lowering.maxProbesPerRule else { return }
        switch e.kind {
        case .and(let l, let r), .or(let l, let r):
            leaves(l, negated: negated, into: &probes, &table)
            leaves(r, negated: negated, into: &probes, &table)
        case .not(let x):
            leaves(x, negated: !negated, into: &probes, &table)
        case .compare(let op, let domain, let l, let r):
            let at = position(e.range)
            var probe = Probe(kind: .comparison, text: Lowering.unparenthesized(sourceText(e.range)), line: at.line, column: at.column,
                              isNegated: negated, program: probeProgram(e, .bool, &table), relation: Lowering.relation(op))
            probe.left = operand(l, domain, &table)
            probe.right = operand(r, domain, &table)
            probes.append(probe)
            terms(in: l, into: &probes, &table)
            terms(in: r, into: &probes, &table)
        default:
            let at = position(e.range)
            probes.append(Probe(kind: .condition, text: Lowering.unparenthesized(sourceText(e.range)), line: at.line, column: at.column,
                                isNegated: negated, program: probeProgram(e, .bool, &table)))
            for c in e.children { terms(in: c, into: &probes, &table) }
        }
    }

    /// Queries nested in `e` (not `e` itself when it is an operand: its value is shown).
    private mutating func terms(in e: CheckedExpr, into probes: inout [Probe], _ table: inout ExplainTable) {
        for c in e.children {
            guard probes.count < Lowering.maxProbesPerRule else { return }
            if case .query = c.kind {
                let at = position(c.range)
                probes.append(Probe(kind: .term, text: sourceText(c.range), line: at.line, column: at.column,
                                    isNegated: false, program: probeProgram(c, bytecodeType(c.type), &table)))
            } else {
                terms(in: c, into: &probes, &table)
            }
        }
    }

    private mutating func operand(_ e: CheckedExpr, _ domain: ComparisonDomain, _ table: inout ExplainTable) -> ProbeOperand {
        var p = ProgramBuilder()
        lowerOperand(e, domain: domain, into: &p)
        p.emit(.ret)
        let type = e.constantValue == ConstantValue.none ? bytecodeType(domain).optional : bytecodeType(e.type)
        return ProbeOperand(text: sourceText(e.range), program: add(p, type, &table))
    }

    private mutating func probeProgram(_ e: CheckedExpr, _ type: TipsBytecode.ValueType, _ table: inout ExplainTable) -> UInt32 {
        var p = ProgramBuilder()
        lower(e, into: &p)
        p.emit(.ret)
        return add(p, type, &table)
    }

    private mutating func add(_ p: ProgramBuilder, _ type: TipsBytecode.ValueType, _ table: inout ExplainTable) -> UInt32 {
        if p.operandOverflow { operandOverflow = true }
        table.programs.append(p.program(resultType: type, withSourceMap: false))
        return UInt32(table.programs.count - 1)
    }

    /// The source text of `range`, whitespace runs (newlines included) collapsed to one space.
    func sourceText(_ range: SourceRange) -> String {
        guard range.file.index >= 0, Int(range.file.index) < sources.files.count else { return "" }
        let raw = sources.files[Int(range.file.index)].text(in: range)
        return raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// `text` without parentheses that enclose all of it (`(a >= 3)` is `a >= 3`, but
    /// `(a) + (b)` stays): a leaf under `!` keeps its parentheses in the source range.
    static func unparenthesized(_ text: String) -> String {
        var t = Substring(text)
        while t.first == "(", t.last == ")" {
            var depth = 0, inString = false, escaped = false, closesEarly = false
            for (i, ch) in t.enumerated() {
                if inString {
                    if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
                    continue
                }
                if ch == "\"" { inString = true } else if ch == "(" { depth += 1 } else if ch == ")" {
                    depth -= 1
                    if depth == 0 && i < t.count - 1 { closesEarly = true; break }
                }
            }
            guard !closesEarly, depth == 0 else { break }
            t = t.dropFirst().dropLast()
            while t.first == " " { t = t.dropFirst() }
            while t.last == " " { t = t.dropLast() }
        }
        return String(t)
    }

    /// 1-based line and column of the start of `range` (0, 0 when unknown).
    func position(_ range: SourceRange) -> (line: UInt32, column: UInt32) {
        guard range.file.index >= 0, Int(range.file.index) < sources.files.count else { return (0, 0) }
        let at = sources.files[Int(range.file.index)].location(of: range.start)
        return (UInt32(clamping: at.line), UInt32(clamping: at.column))
    }
}
