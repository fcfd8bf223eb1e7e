import TipsRuntime
import TipsSource
import TipsTime

extension LineParser {
    /// A value: `true`, `false`, `nil`, `42`, `-3.5`, `"text"`, `.case`, `["a", "b"]`, an
    /// instant (`2026-03-02T09:00:00Z` or `date("...")`), `now`, `now - 3d`.
    mutating func value() throws(ScenarioFailure) -> ScenarioValue {
        guard let t = peek else { throw fail(.malformedStep, "expected a value, found the end of the line", here) }
        index += 1
        func lit(_ v: TipValue, _ r: SourceRange = t.range) -> ScenarioValue { ScenarioValue(.literal(v), range: r) }
        switch t.kind {
        case .int(let v): return lit(.int(v))
        case .double(let v): return lit(.double(v))
        case .string(let v): return lit(.string(v))
        case .instant(let v): return lit(.date(v))
        case .duration:
            throw fail(.malformedStep, "a duration is not a value; write a number or an instant", t.range)
        case .punct("-"):
            guard let n = peek else { throw fail(.malformedStep, "expected a number after '-'", here) }
            index += 1
            switch n.kind {
            case .int(let v): return lit(.int(0 &- v), t.range.union(n.range))
            case .double(let v): return lit(.double(-v), t.range.union(n.range))
            default: throw fail(.malformedStep, "expected a number after '-', found '\(file.text(in: n.range))'", n.range)
            }
        case .punct("."):
            let c = try name("an enumeration case after '.'")
            return lit(.enumCase(c.text), t.range.union(c.range))
        case .punct("["):
            var items = Set<String>()
            while let s = peek, case .string(let v) = s.kind {
                items.insert(v)
                index += 1
                if peek?.isPunct(",") == true { index += 1 } else { break }
            }
            let close = try expectPunct("]", "a string or ']'")
            return lit(.stringSet(items), t.range.union(close.range))
        case .word("true"): return lit(.bool(true))
        case .word("false"): return lit(.bool(false))
        case .word("nil"): return lit(.null)
        case .word("now"):
            guard let op = peek, op.isPunct("+") || op.isPunct("-") else {
                return ScenarioValue(.now(offset: 0), range: t.range)
            }
            index += 1
            let d = try duration("a duration after '\(file.text(in: op.range))'")
            return ScenarioValue(.now(offset: op.isPunct("-") ? 0 &- d : d), range: t.range.union(tokens[index - 1].range))
        case .word("date"):
            _ = try expectPunct("(", "'(' after 'date'")
            guard let s = peek, case .string(let text) = s.kind else { throw fail(.malformedStep, "expected an ISO-8601 instant in quotes", here) }
            guard let instant = ISO8601.parse(text, secondsOptional: true) else {
                throw fail(.invalidScenarioLiteral, "invalid instant '\(text)'; write 2026-03-02T09:00:00Z", s.range)
            }
            index += 1
            let close = try expectPunct(")", "')'")
            return lit(.date(instant), t.range.union(close.range))
        case .word(let w):
            throw fail(.malformedStep, "expected a value, found '\(w)'", t.range,
                       notes: [Note("an enumeration case is written with a dot: '.\(w)'")],
                       fixIts: [.replace(t.range, with: ".\(w)", message: "insert '.'")])
        default:
            throw fail(.malformedStep, "expected a value, found '\(file.text(in: t.range))'", t.range)
        }
    }
}
