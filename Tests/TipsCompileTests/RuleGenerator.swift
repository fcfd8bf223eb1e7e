import TipsBenchSupport
import TipsReference

/// Generates random, well-typed rule source over ``RuleGenerator/world``: every operator,
/// optionals, sets, enums, strings, dates and durations, queries with filters, windows and
/// groups, `min`/`max`, `??`, and edge constants (Int.max, Int.min, -0.0, infinities, NaN).
struct RuleGenerator {
    /// The declarations every generated rule may use.
    static let world = """
        enum Color { red, green, blue }
        param b: Bool = false
        param ob: Bool?
        param i: Int = 0
        param oi: Int?
        param d: Double = 0.0
        param od: Double?
        param s: String = ""
        param os: String?
        param t: Date = date("2026-01-01T00:00:00Z")
        param ot: Date?
        param c: Color = .red
        param oc: Color?
        param tags: Set<String> = ["a"]
        event open
        event save limit 5
        event buy(price: Double, qty: Int, kind: Color, item: String, gift: Bool) limit 8 maxAge 30d
        event view(screen: String, n: Int) maxAge 2d

        """ + literalParameters

    /// Types the generator produces expressions of.
    enum Kind: CaseIterable {
        case bool, int, double, string, date, duration, color, set
    }

    struct GenType: Equatable {
        var kind: Kind
        var optional: Bool
        static func of(_ k: Kind, _ optional: Bool = false) -> GenType { GenType(kind: k, optional: optional) }
    }

    /// Parameters that can be the target of `set`, by type.
    static let settable: [(name: String, type: GenType)] = [
        ("b", .of(.bool)), ("ob", .of(.bool, true)), ("i", .of(.int)), ("oi", .of(.int, true)),
        ("d", .of(.double)), ("od", .of(.double, true)), ("s", .of(.string)), ("os", .of(.string, true)),
        ("t", .of(.date)), ("ot", .of(.date, true)), ("c", .of(.color)), ("oc", .of(.color, true)),
        ("tags", .of(.set)),
    ]

    var rng: SeededGenerator

    /// A literal the generator writes, and the parameter that holds its value in the twin
    /// of a rule (so the checker's folding is compared with the same operations at run time).
    struct Literal {
        var text: String
        var type: String
        var value: ReferenceValue
    }

    /// Literal leaves; generated text marks them `⟦index⟧` (see ``plain(_:)``, ``twin(_:)``).
    static let literals: [Literal] = [
        Literal(text: "true", type: "Bool", value: .bool(true)),
        Literal(text: "false", type: "Bool", value: .bool(false)),
        Literal(text: "0", type: "Int", value: .int(0)),
        Literal(text: "1", type: "Int", value: .int(1)),
        Literal(text: "2", type: "Int", value: .int(2)),
        Literal(text: "3", type: "Int", value: .int(3)),
        Literal(text: "7", type: "Int", value: .int(7)),
        Literal(text: "-1", type: "Int", value: .int(-1)),
        Literal(text: "-5", type: "Int", value: .int(-5)),
        Literal(text: "100", type: "Int", value: .int(100)),
        Literal(text: "9223372036854775807", type: "Int", value: .int(.max)),
        Literal(text: "(-9223372036854775807 - 1)", type: "Int", value: .int(.min)),
        Literal(text: "0.0", type: "Double", value: .double(0)),
        Literal(text: "-0.0", type: "Double", value: .double(-0.0)),
        Literal(text: "1.5", type: "Double", value: .double(1.5)),
        Literal(text: "2.5", type: "Double", value: .double(2.5)),
        Literal(text: "-3.25", type: "Double", value: .double(-3.25)),
        Literal(text: "1e308", type: "Double", value: .double(1e308)),
        Literal(text: "0.1", type: "Double", value: .double(0.1)),
        Literal(text: "(1e308 * 10.0)", type: "Double", value: .double(.infinity)),
        Literal(text: "(1e308 * 10.0 - 1e308 * 10.0)", type: "Double", value: .double(.infinity - .infinity)),
        Literal(text: "\"\"", type: "String", value: .string("")),
        Literal(text: "\"a\"", type: "String", value: .string("a")),
        Literal(text: "\"ab\"", type: "String", value: .string("ab")),
        Literal(text: "\"b\"", type: "String", value: .string("b")),
        Literal(text: "\"pen\"", type: "String", value: .string("pen")),
        Literal(text: "\"\\u{E9}\"", type: "String", value: .string("\u{E9}")),
        Literal(text: "\"e\\u{301}\"", type: "String", value: .string("e\u{301}")),
        Literal(text: "\"ü🙂\"", type: "String", value: .string("ü🙂")),
        Literal(text: "date(\"2026-01-01T00:00:00Z\")", type: "Date", value: .date(1_767_225_600_000)),
        Literal(text: "date(\"2026-08-31T00:00:00Z\")", type: "Date", value: .date(1_788_134_400_000)),
        Literal(text: "Color.red", type: "Color", value: .enumCase(0)),
        Literal(text: "Color.green", type: "Color", value: .enumCase(1)),
        Literal(text: "Color.blue", type: "Color", value: .enumCase(2)),
        Literal(text: "[\"a\", \"b\"]", type: "Set<String>", value: .stringSet(["a", "b"])),
        Literal(text: "[\"pen\"]", type: "Set<String>", value: .stringSet(["pen"])),
    ]

    /// The declarations of the twin parameters `k0`, `k1`, ... (their values come from the state).
    static let literalParameters: String = literals.enumerated().map { i, l in
        let initial = switch l.type {
        case "Bool": "false"
        case "Int": "0"
        case "Double": "0.0"
        case "String": "\"\""
        case "Date": "date(\"2026-01-01T00:00:00Z\")"
        case "Color": ".red"
        default: "[\"a\"]"
        }
        return "param k\(i): \(l.type) = \(initial)\n"
    }.joined()

    func literal(_ index: Int) -> String { "⟦\(index)⟧" }

    /// Generated text with its literals written out.
    static func plain(_ marked: String) -> String { replaceMarks(marked) { literals[$0].text } }

    /// Generated text with each literal replaced by its twin parameter.
    static func twin(_ marked: String) -> String { replaceMarks(marked) { "k\($0)" } }

    static func replaceMarks(_ marked: String, _ f: (Int) -> String) -> String {
        var out = ""
        var number: String? = nil
        for ch in marked {
            if ch == "⟦" { number = ""; continue }
            if ch == "⟧", let n = number { out += f(Int(n) ?? 0); number = nil; continue }
            if number != nil { number!.append(ch) } else { out.append(ch) }
        }
        return out
    }

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    /// A rule that reads some state (a constant rule is often folded to false, which the
    /// checker rejects, so those are drawn again).
    /// Whether `platform` may appear: in rules only (effects cannot read it).
    var platformAllowed = false

    mutating func rule() -> String {
        platformAllowed = true
        defer { platformAllowed = false }
        while true {
            let r = expr(.of(.bool), depth: 1 + rng.below(4))
            if Self.readsState(Self.plain(r)) { return r }
        }
    }

    /// Whether `text` names a parameter, `now` or a query (outside string literals).
    static func readsState(_ text: String) -> Bool {
        var words: [String] = []
        var word = ""
        var inString = false
        var escaped = false
        for ch in text {
            if inString {
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
                continue
            }
            if ch == "\"" { inString = true }
            if ch.isLetter || ch.isNumber || ch == "_" { word.append(ch) } else if !word.isEmpty { words.append(word); word = "" }
        }
        if !word.isEmpty { words.append(word) }
        let state: Set<String> = ["b", "ob", "i", "oi", "d", "od", "s", "os", "t", "ot", "c", "oc", "tags", "now",
                                  "count", "first", "last", "largestGroup", "smallestGroup", "platform"]
        return words.contains { state.contains($0) }
    }

    mutating func pick(_ items: [String]) -> String { rng.pick(items) }

    mutating func expr(_ t: GenType, depth: Int) -> String {
        if depth <= 0 || rng.chance(15) { return leaf(t) }
        let d = depth - 1
        if t.optional {
            switch t.kind {
            case .int:
                return pick(["(\(expr(.of(.int, true), depth: d)) + \(expr(.of(.int), depth: d)))",
                             "(\(expr(.of(.int), depth: d)) * \(expr(.of(.int, true), depth: d)))",
                             "(\(expr(.of(.int, true), depth: d)) / \(expr(.of(.int), depth: d)))",
                             "-(\(expr(.of(.int, true), depth: d)))", "oi", expr(.of(.int), depth: d)])
            case .double:
                return pick(["(\(expr(.of(.double, true), depth: d)) * \(expr(.of(.double), depth: d)))",
                             "(\(expr(.of(.int, true), depth: d)) + \(expr(.of(.double), depth: d)))",
                             "(\(expr(.of(.double, true), depth: d)) % \(expr(.of(.double), depth: d)))",
                             "-(\(expr(.of(.double, true), depth: d)))", "od"])
            case .date:
                return pick(["first(\(query(d)))", "last(\(query(d)))", "(\(expr(.of(.date, true), depth: d)) + \(expr(.of(.duration), depth: d)))", "ot"])
            case .duration:
                return pick(["(\(expr(.of(.date, true), depth: d)) - \(expr(.of(.date), depth: d)))",
                             "(\(expr(.of(.duration), depth: d)) + (ot - t))"])
            case .bool: return pick(["ob", expr(.of(.bool), depth: d)])
            case .string: return pick(["os", expr(.of(.string), depth: d)])
            case .color: return pick(["oc", expr(.of(.color), depth: d)])
            case .set: return expr(.of(.set), depth: d)
            }
        }
        switch t.kind {
        case .bool: return boolExpr(d)
        case .int:
            let a = expr(.of(.int), depth: d), b2 = expr(.of(.int), depth: d)
            switch rng.below(12) {
            case 0: return "(\(a) + \(b2))"
            case 1: return "(\(a) - \(b2))"
            case 2: return "(\(a) * \(b2))"
            case 3: return "(\(a) / \(b2))"
            case 4: return "(\(a) % \(b2))"
            case 5: return "-(\(a))"
            case 6: return "\(pick(["min", "max"]))(\(a), \(b2))"
            case 7: return "(\(expr(.of(.int, true), depth: d)) ?? \(b2))"
            case 8: return "(\(expr(.of(.string), depth: d))).count"
            case 9: return "(\(expr(.of(.set), depth: d))).count"
            case 10: return "count(\(query(d)))"
            default: return "\(pick(["largestGroup", "smallestGroup"]))(\(groupQuery(d)))"
            }
        case .double:
            let a = expr(.of(.double), depth: d), b2 = expr(.of(.double), depth: d)
            switch rng.below(9) {
            case 0: return "(\(a) + \(b2))"
            case 1: return "(\(a) - \(expr(.of(.int), depth: d)))"
            case 2: return "(\(expr(.of(.int), depth: d)) * \(b2))"
            case 3: return "(\(a) / \(b2))"
            case 4: return "(\(a) % \(b2))"
            case 5: return "-(\(a))"
            case 6: return "\(pick(["min", "max"]))(\(a), \(b2))"
            case 7: return "(\(expr(.of(.double, true), depth: d)) ?? \(b2))"
            default: return "(\(expr(.of(.int, true), depth: d)) ?? \(b2))"
            }
        case .string:
            return pick(["(\(expr(.of(.string, true), depth: d)) ?? \(expr(.of(.string), depth: d)))", leaf(t)])
        case .date:
            let a = expr(.of(.date), depth: d), u = expr(.of(.duration), depth: d)
            switch rng.below(6) {
            case 0: return "(\(a) + \(u))"
            case 1: return "(\(a) - \(u))"
            case 2: return "(\(u) + \(a))"
            case 3: return "\(pick(["min", "max"]))(\(a), \(expr(.of(.date), depth: d)))"
            case 4: return "(\(expr(.of(.date, true), depth: d)) ?? \(a))"
            default: return leaf(t)
            }
        case .duration:
            let u = expr(.of(.duration), depth: d)
            switch rng.below(9) {
            case 0: return "(\(expr(.of(.date), depth: d)) - \(expr(.of(.date), depth: d)))"
            case 1: return "(\(u) + \(expr(.of(.duration), depth: d)))"
            case 2: return "(\(u) - \(expr(.of(.duration), depth: d)))"
            case 3: return "(\(u) * \(expr(.of(.int), depth: d)))"
            case 4: return "(\(expr(.of(.int), depth: d)) * \(u))"
            case 5: return "(\(u) / \(expr(.of(.int), depth: d)))"
            case 6: return "-(\(u))"
            case 7: return "\(pick(["min", "max"]))(\(u), \(expr(.of(.duration), depth: d)))"
            default: return "(now - (last(\(query(d))) ?? t))"
            }
        case .color:
            return pick(["(\(expr(.of(.color, true), depth: d)) ?? \(expr(.of(.color), depth: d)))", leaf(t)])
        case .set:
            return leaf(t)
        }
    }

    mutating func boolExpr(_ d: Int) -> String {
        switch rng.below(14) {
        case 0: return "(\(expr(.of(.bool), depth: d)) && \(expr(.of(.bool), depth: d)))"
        case 1: return "(\(expr(.of(.bool), depth: d)) || \(expr(.of(.bool), depth: d)))"
        case 2: return "!(\(expr(.of(.bool), depth: d)))"
        case 3, 4, 5: return comparison(d)
        case 6: return "(\(expr(.of(.bool, true), depth: d)) ?? \(expr(.of(.bool), depth: d)))"
        case 7:
            let m = pick(["hasPrefix", "hasSuffix", "contains"])
            return "(\(expr(.of(.string), depth: d))).\(m)(\(expr(.of(.string), depth: d)))"
        case 8: return "(\(expr(.of(.string), depth: d))).isEmpty"
        case 9: return "(\(expr(.of(.set), depth: d))).contains(\(expr(.of(.string), depth: d)))"
        case 10: return "(\(expr(.of(.set), depth: d))).isEmpty"
        case 11 where platformAllowed && rng.chance(25):
            // The platform, on either side, named bare or as a case.
            let name = pick(["iOS", "iPadOS", "macOS", "tvOS", "visionOS", "watchOS"])
            let value = rng.chance(50) ? name : "." + name
            let op = pick(["==", "!="])
            return rng.chance(50) ? "(platform \(op) \(value))" : "(\(value) \(op) platform)"
        case 11, 12:
            // The fused count shapes (and their near misses).
            let k = pick(["0", "1", "2", "3", "5", "254", "255", "256", "-1"])
            let op = pick(["<", "<=", ">", ">=", "==", "!="])
            return rng.chance(50) ? "(count(\(query(d))) \(op) \(k))" : "(\(k) \(op) count(\(query(d))))"
        default:
            // The fused parameter shapes.
            let (p, t) = rng.pick(Self.settable.filter { $0.type.kind != .set })
            let value = rng.chance(20) && t.optional ? "nil" : leaf(.of(t.kind))
            let op = pick(["==", "!="])
            return rng.chance(50) ? "(\(p) \(op) \(value))" : "(\(value) \(op) \(p))"
        }
    }

    mutating func comparison(_ d: Int) -> String {
        let kinds: [Kind] = [.bool, .int, .double, .string, .date, .duration, .color, .int]
        let k = rng.pick(kinds)
        let ordered = k != .bool && k != .color
        let op = ordered ? pick(["==", "!=", "<", "<=", ">", ">="]) : pick(["==", "!="])
        var lt = GenType.of(k, rng.chance(35)), rt = GenType.of(k, rng.chance(35))
        if k == .double && rng.chance(30) { lt.kind = .int }  // mixed: Int promoted
        if k == .color { lt.optional = lt.optional || rng.chance(20) }
        var l = expr(lt, depth: d), r = expr(rt, depth: d)
        if k == .color && !l.hasPrefix("(") && rng.chance(30) { r = pick([".red", ".green", ".blue"]) }
        if (lt.optional || rt.optional) && rng.chance(15) {
            if rng.chance(50) { l = "nil"; r = expr(.of(k, true), depth: d) } else { r = "nil" }
        }
        return "(\(l) \(op) \(r))"
    }

    mutating func window() -> String {
        rng.chance(40) ? "" : " within \(pick(["1h", "1d", "2d", "7d", "500ms", "30d"]))"
    }

    mutating func buyFilter() -> String {
        let terms = ["price > 2.5", "price <= 1.5", "price != 1.5", "price == 0.0", "price >= -0.0",
                     "qty >= 2", "qty > 2.5", "2 < qty", "qty != 9223372036854775807", "qty <= 1.0e300",
                     "kind == .red", "kind != .blue", "Color.green == kind", "item == \"pen\"", "item < \"c\"",
                     "item != \"é\"", "gift", "!gift", "gift == false", "price < (1e308 * 10.0 - 1e308 * 10.0)",
                     "price != (1e308 * 10.0 - 1e308 * 10.0)", "price < 1e308 * 10.0"]
        let n = 1 + rng.below(2)
        return (0..<n).map { _ in rng.pick(terms) }.joined(separator: " && ")
    }

    mutating func query(_ d: Int) -> String {
        switch rng.below(4) {
        case 0: return "open\(window())"
        case 1: return "save\(window())"
        case 2: return "buy\(rng.chance(70) ? " where \(buyFilter())" : "")\(window())"
        default:
            let f = pick(["screen == \"home\"", "n > 3", "n <= 10 && screen != \"cart\"", "screen >= \"d\""])
            return "view\(rng.chance(60) ? " where \(f)" : "")\(window())"
        }
    }

    mutating func groupQuery(_ d: Int) -> String {
        if rng.chance(70) {
            let field = pick(["price", "qty", "kind", "item", "gift"])
            return "buy by \(field)\(rng.chance(50) ? " where \(buyFilter())" : "")\(window())"
        }
        return "view by \(pick(["screen", "n"]))\(window())"
    }

    mutating func leaf(_ t: GenType) -> String {
        if t.optional {
            switch t.kind {
            case .bool: return pick(["ob", leaf(.of(.bool))])
            case .int: return pick(["oi", "oi", leaf(.of(.int))])
            case .double: return pick(["od", "od", leaf(.of(.double))])
            case .string: return pick(["os", leaf(.of(.string))])
            case .date: return pick(["ot", "ot", "last(\(query(0)))", "first(\(query(0)))"])
            case .duration: return "(ot - t)"
            case .color: return pick(["oc", leaf(.of(.color))])
            case .set: return leaf(.of(.set))
            }
        }
        switch t.kind {
        case .bool: return pick([literal(0), literal(1), "b", "b"])
        case .int: return pick([literal(2 + rng.below(10)), "i", "i", "i"])
        case .double: return pick([literal(12 + rng.below(9)), "d", "d", "d"])
        case .string: return pick([literal(21 + rng.below(8)), "s", "s", "s"])
        case .date: return pick(["now", "t", "t", literal(29 + rng.below(2))])
        case .duration: return pick(["1d", "7d", "500ms", "1h", "0ms", "2w"])
        case .color: return pick([literal(31 + rng.below(3)), "c", "c"])
        case .set: return pick(["tags", "tags", literal(34 + rng.below(2))])
        }
    }
}
