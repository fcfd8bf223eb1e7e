import Testing
import TipsSource
@testable import TipsSyntax

struct ExpressionParserTests {
    @Test(arguments: [
        ("42", "(int 42)"),
        ("-42", "(unary - (int 42))"),
        ("-9223372036854775808", "(int -9223372036854775808)"),
        ("3.5", "(double 3.5)"),
        ("7d", "(duration 604800000)"),
        ("\"s\"", "\"s\""),
        ("true", "true"),
        ("nil", "nil"),
        ("now", "now"),
        ("a", "(name a)"),
        (".books", "(case books)"),
        ("Category.books", "(member (name Category) books)"),
        ("tags.count", "(member (name tags) count)"),
        ("tags.contains(\"x\")", "(method (name tags) contains \"x\")"),
        ("s.isEmpty.x", "(member (member (name s) isEmpty) x)"),
        ("date(\"2026-01-01T00:00:00Z\")", "(call date \"2026-01-01T00:00:00Z\")"),
        ("min(a, b)", "(call min (name a) (name b))"),
        ("f()", "(call f)"),
        ("[\"a\", \"b\",]", "(set \"a\" \"b\")"),
        ("[]", "(set)"),
        ("(a)", "(paren (name a))"),
        ("a || b && c", "(binary || (name a) (binary && (name b) (name c)))"),
        ("a && b || c", "(binary || (binary && (name a) (name b)) (name c))"),
        ("a == b && c != d", "(binary && (binary == (name a) (name b)) (binary != (name c) (name d)))"),
        ("a < b + c * d", "(binary < (name a) (binary + (name b) (binary * (name c) (name d))))"),
        ("a - b - c", "(binary - (binary - (name a) (name b)) (name c))"),
        ("a / b % c", "(binary % (binary / (name a) (name b)) (name c))"),
        ("a ?? b ?? c", "(binary ?? (name a) (binary ?? (name b) (name c)))"),
        ("a ?? b + c", "(binary ?? (name a) (binary + (name b) (name c)))"),
        ("a ?? b == c", "(binary == (binary ?? (name a) (name b)) (name c))"),
        ("!a && -b < c", "(binary && (unary ! (name a)) (binary < (unary - (name b)) (name c)))"),
        ("!!a", "(unary ! (unary ! (name a)))"),
        ("-x.count", "(unary - (member (name x) count))"),
        ("now - last(e) >= 2d", "(binary >= (binary - now (query last e)) (duration 172800000))"),
        ("count(e)", "(query count e)"),
        ("count(manualSave within 7d)", "(query count manualSave within (duration 604800000))"),
        ("count(v where category == .books && price > 10 within 1h30m)",
         "(query count v where (binary && (binary == (name category) (case books)) (binary > (name price) (int 10))) within (duration 5400000))"),
        ("largestGroup(v by category)", "(query largestGroup v by category)"),
        ("smallestGroup(v by c where !f within 7d)", "(query smallestGroup v by c where (unary ! (name f)) within (duration 604800000))"),
        ("first(e) ?? now", "(binary ?? (query first e) now)"),
        ("count", "(name count)"),
        ("count + first", "(binary + (name count) (name first))"),
        ("within", "(name within)"),
        ("a && count(manualSave within 7d)", "(binary && (name a) (query count manualSave within (duration 604800000)))"),
    ])
    func expressions(source: String, expected: String) {
        let (dump, errors) = dumpExpression(source)
        #expect(dump == expected)
        #expect(errors == [])
    }

    @Test func everyNodeKeepsItsExactRange() {
        let text = "param p: Int = -(a + b.c(1, 2)) ?? count(e where x within 7d)"
        let (result, file) = parse(text)
        guard case .param(let p)? = result.tree.declarations.first, let value = p.defaultValue else {
            Issue.record("no parameter")
            return
        }
        var seen: [String] = []
        func walk(_ e: ExprSyntax) {
            seen.append(file.text(in: e.range))
            switch e {
            case .unary(_, let x, _, _), .paren(let x, _), .member(let x, _, _): walk(x)
            case .binary(_, let l, let r, let op, _):
                seen.append("op:" + file.text(in: op))
                walk(l)
                walk(r)
            case .methodCall(let x, _, let args, _):
                walk(x)
                args.forEach(walk)
            case .query(let q):
                seen.append("fn:" + file.text(in: q.functionRange))
                q.filter.map(walk)
                q.window.map(walk)
            default: break
            }
        }
        walk(value)
        #expect(seen == [
            "-(a + b.c(1, 2)) ?? count(e where x within 7d)", "op:??",
            "-(a + b.c(1, 2))", "(a + b.c(1, 2))", "a + b.c(1, 2)", "op:+", "a", "b.c(1, 2)", "b", "1", "2",
            "count(e where x within 7d)", "fn:count", "x", "7d",
        ])
        #expect(file.text(in: p.range) == text.dropFirst(0))
        #expect(file.text(in: p.type.range) == "Int")
    }
}
