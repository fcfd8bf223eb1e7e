import Testing
import TipsCheck
import TipsSource

/// `expression → type or error code`, each checked as the rule of a tip in a small catalog.
struct ExpressionTypeTests {
    static let prelude = """
        enum Category { books, music, movies }
        enum Size { small, large }
        param flag: Bool = false
        param optFlag: Bool?
        param n: Int = 0
        param optN: Int?
        param x: Double = 1.5
        param name: String = ""
        param optName: String?
        param tags: Set<String> = ["a", "b"]
        param since: Date = date("2026-01-01T00:00:00Z")
        param wait: Duration = 1d
        param cat: Category = .books
        event opened
        event viewed(category: Category, price: Double, pages: Int, premium: Bool, title: String) limit 50

        """

    /// The rule's type name (as the language writes it), or the first error code.
    static func typeOrError(_ expr: String) -> String {
        let result = TestSupport.check(prelude + "tip T {\n    title \"t\"\n    rule \(expr)\n}\n")
        let errors = result.diagnostics.filter { $0.severity == .error && !["E301", "E418"].contains($0.code) }
        if let first = errors.first { return first.code }
        guard let rule = result.model.tips.first?.rules.first else { return "no rule" }
        return name(rule.type, result.model)
    }

    static func name(_ t: ValueType, _ model: CatalogModel) -> String {
        switch t {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .date: "Date"
        case .duration: "Duration"
        case .stringSet: "Set<String>"
        case .enumeration(let i): model.enums[i].name
        case .optional(let w): name(w, model) + "?"
        case .error: "error"
        }
    }

    static let cases: [(String, String)] = [
        // Literals and names.
        ("true", "Bool"), ("42", "Int"), ("1.5", "Double"), ("\"s\"", "String"), ("7d", "Duration"),
        ("now", "Date"), ("flag", "Bool"), ("optFlag", "Bool?"), ("n", "Int"), ("tags", "Set<String>"),
        ("cat", "Category"), ("Category.music", "Category"), ("date(\"2026-02-03T04:05:06Z\")", "Date"),
        // Arithmetic and promotion.
        ("n + 1", "Int"), ("n + x", "Double"), ("x * 2", "Double"), ("n % 3", "Int"), ("-n", "Int"),
        ("-x", "Double"), ("-wait", "Duration"), ("optN + 1", "Int?"), ("optN + x", "Double?"),
        ("wait + 1h", "Duration"), ("wait * 2", "Duration"), ("2 * wait", "Duration"), ("wait / 2", "Duration"),
        ("now - since", "Duration"), ("since + 1d", "Date"), ("1d + since", "Date"), ("now - 1d", "Date"),
        ("optN ?? 0", "Int"), ("optN ?? x", "Double"), ("optN ?? optN", "Int?"), ("optFlag ?? false", "Bool"),
        ("min(n, 3)", "Int"), ("max(n, x)", "Double"), ("min(wait, 1h)", "Duration"), ("max(now, since)", "Date"),
        // Strings and sets.
        ("name.count", "Int"), ("name.isEmpty", "Bool"), ("name.hasPrefix(\"a\")", "Bool"),
        ("name.hasSuffix(\"a\")", "Bool"), ("name.contains(\"a\")", "Bool"), ("tags.contains(\"x\")", "Bool"),
        ("tags.count", "Int"), ("tags.isEmpty", "Bool"), ("(optName ?? \"\").count", "Int"),
        // Comparisons.
        ("n > 1", "Bool"), ("n > 1.5", "Bool"), ("name < \"b\"", "Bool"), ("cat == .music", "Bool"),
        (".music != cat", "Bool"), ("optN == nil", "Bool"), ("nil == optN", "Bool"), ("optN > 3", "Bool"),
        ("now - since > 3d", "Bool"), ("flag == true", "Bool"), ("optFlag == true", "Bool"),
        ("flag && n > 1 || !flag", "Bool"), ("now - last(opened) > 3d", "Bool"), ("last(opened) > since", "Bool"),
        ("cat == Category.music", "Bool"), ("optN + optN", "Int?"), ("-optN", "Int?"), ("(n)", "Int"),
        ("x > n", "Bool"), ("n <= optN ?? 3", "Bool"), ("name != \"\"", "Bool"),
        // Queries.
        ("count(opened)", "Int"), ("count(opened within 7d)", "Int"), ("last(opened)", "Date?"),
        ("first(viewed where category == .books)", "Date?"),
        ("count(viewed where category == .books && price > 10 within 7d)", "Int"),
        ("count(viewed where 10 < price && premium && !premium)", "Int"),
        ("largestGroup(viewed by category)", "Int"), ("smallestGroup(viewed by title within 1h)", "Int"),
        ("now - (last(opened) ?? since)", "Duration"),
        // Errors.
        ("name + \"x\"", "E300"), ("flag + 1", "E300"), ("cat < .music", "E300"), ("n == name", "E300"),
        ("wait + 1", "E300"), ("optFlag && flag", "E303"), ("!optFlag", "E303"), ("optName.count", "E303"),
        (".books", "E304"), ("nil == nil", "E304"), ("nil", "Bool?"), ("n == .books", "E304"), ("date(name)", "E305"),
        ("date(\"2026-13-01\")", "E306"), ("min(n)", "E307"), ("min(name, name)", "E307"),
        ("name.hasPrefix(1)", "E307"), ("nope", "E202"), ("count(nope)", "E201"), ("Category.jazz", "E204"),
        ("count(viewed where nope == 1)", "E205"), ("foo(1)", "E208"), ("n.count", "E209"),
        ("opened", "E211"), ("count(n)", "E211"), ("count(viewed where price > n)", "E305"),
        ("count(viewed where category == .jazz)", "E204"), ("count(viewed where price > \"x\")", "E300"),
        ("count(viewed where price > 1 || premium)", "E408"), ("count(viewed where pages)", "E408"),
        ("count(opened within 0d)", "E409"), ("count(opened within 7)", "E302"),
        ("largestGroup(viewed)", "E126"), ("count(viewed by category)", "E126"),
        ("[\"a\"].contains(name)", "Bool"), ("count(viewed where title > 1)", "E300"), ("tags == tags", "E300"),
        ("since + now", "E300"), ("wait / wait", "E300"), ("wait * 1.5", "E300"), ("flag < true", "E300"),
        ("count(viewed where premium < true)", "E300"), ("count(viewed where pages > 1.5)", "Int"),
        ("count(viewed where price == nil)", "E300"), ("tags.contains(n)", "E307"), ("cat.count", "E209"),
        ("date(\"2026-01-01T00:00:00Z\", 1)", "E305"), ("max(1, 2, 3)", "E307"), ("manualSave(1)", "E208"),
    ]

    @Test("expression types", arguments: cases)
    func expressionType(_ expr: String, _ expected: String) {
        #expect(Self.typeOrError(expr) == expected, "\(expr)")
    }

    @Test("a non-Bool rule is E301; a Bool? rule says how to unwrap it")
    func ruleMustBeBool() {
        for expr in ["n", "optFlag", "name"] {
            let result = TestSupport.check(Self.prelude + "tip T {\n title \"t\"\n rule \(expr)\n}\n")
            #expect(result.diagnostics.filter { $0.severity == .error }.map(\.code) == ["E301"], "\(expr)")
        }
    }
}
