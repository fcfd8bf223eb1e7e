import Testing
import TipsBytecode
import TipsCompile

/// Instruction-sequence tests: a rule's source and the exact code it lowers to.
@Suite struct LoweringTests {
    static let prelude = """
        enum Color { red, green, blue }
        param flag: Bool = false
        param n: Int = 0
        param on: Int?
        param x: Double = 0.0
        param name: String = ""
        param tags: Set<String> = []
        param color: Color = .red
        param since: Date = date("2026-01-01T00:00:00Z")
        event save
        event buy(price: Double, qty: Int, kind: Color, gift: Bool)

        """

    struct Case: Sendable, CustomStringConvertible {
        let rule: String
        let fuse: Bool
        let code: [String]
        init(_ rule: String, fuse: Bool = true, _ code: [String]) {
            self.rule = rule
            self.fuse = fuse
            self.code = code
        }
        var description: String { (fuse ? "" : "unfused ") + rule }
    }

    static let cases: [Case] = [
        Case("flag", ["LOAD_PARAM 0 ; flag", "RET"]),
        Case("!flag", ["LOAD_PARAM 0 ; flag", "NOT", "RET"]),
        Case("flag == true", ["PARAM_EQ_CONST 8 0 ; flag == true", "RET"]),
        Case("true == flag", ["PARAM_EQ_CONST 8 0 ; flag == true", "RET"]),
        Case("color != .green", ["PARAM_EQ_CONST 8 6 ; color == Color.green", "NOT", "RET"]),
        Case("on == nil", ["PARAM_EQ_CONST 2 2 ; on == nil as Int?", "RET"]),
        Case("name == \"a\"", ["PARAM_EQ_CONST 8 4 ; name == \"a\"", "RET"]),
        Case("count(save within 7d) >= 3", ["COUNT_AT_LEAST 3 0 ; q0 save within 7d >= 3", "RET"]),
        Case("count(save within 7d) > 3", ["COUNT_AT_LEAST 4 0 ; q0 save within 7d >= 4", "RET"]),
        Case("count(save) < 2", ["COUNT_AT_LEAST 2 0 ; q0 save >= 2", "NOT", "RET"]),
        Case("count(save) <= 2", ["COUNT_AT_LEAST 3 0 ; q0 save >= 3", "NOT", "RET"]),
        Case("5 <= count(save)", ["COUNT_AT_LEAST 5 0 ; q0 save >= 5", "RET"]),
        Case("count(buy where price > 10.0 && gift within 7d) >= 1",
             ["COUNT_AT_LEAST 1 0 ; q0 buy where price > 10.0 && gift within 7d >= 1", "RET"]),
        Case("flag == true && count(save within 7d) >= 3",
             ["PARAM_EQ_CONST 8 0 ; flag == true", "JUMP_IF_FALSE_OR_POP 1 ; to 3",
              "COUNT_AT_LEAST 3 0 ; q0 save within 7d >= 3", "RET"]),
        Case("flag == true && count(save within 7d) >= 3", fuse: false,
             ["LOAD_PARAM 0 ; flag", "PUSH_BOOL 1", "EQ", "JUMP_IF_FALSE_OR_POP 3 ; to 7",
              "COUNT_WITHIN 0 ; q0 save within 7d", "PUSH_INT 3", "GE", "RET"]),
        Case("count(save) > 300", ["COUNT_EVENT 0 ; save", "PUSH_INT 300", "GT", "RET"]),
        Case("count(save) >= -1", ["COUNT_EVENT 0 ; save", "PUSH_INT -1", "GE", "RET"]),
        Case("count(save within 1d) == 2", ["COUNT_WITHIN 0 ; q0 save within 1d", "PUSH_INT 2", "EQ", "RET"]),
        Case("count(buy where qty > 2.5) != 0",
             ["COUNT_WHERE 0 ; q0 buy where qty > 2.5", "PUSH_INT 0", "NE", "RET"]),
        Case("n + 1 > 2", ["LOAD_PARAM 1 ; n", "PUSH_INT 1", "ADD_INT", "PUSH_INT 2", "GT", "RET"]),
        Case("x != 1.5", ["LOAD_PARAM 3 ; x", "PUSH_CONST 8 ; 1.5", "NE_DOUBLE", "RET"]),
        Case("n < 2.5", ["LOAD_PARAM 1 ; n", "INT_TO_DOUBLE 0", "PUSH_CONST 8 ; 2.5", "LT_DOUBLE", "RET"]),
        Case("(on ?? 0) > 1", ["LOAD_PARAM 2 ; on", "PUSH_INT 0", "COALESCE", "PUSH_INT 1", "GT", "RET"]),
        Case("-n % 7 == 0", ["LOAD_PARAM 1 ; n", "NEG_INT", "PUSH_INT 7", "REM_INT", "PUSH_INT 0", "EQ", "RET"]),
        Case("name.hasPrefix(\"a\") || tags.contains(\"b\")",
             ["LOAD_PARAM 4 ; name", "PUSH_STRING 22 ; \"a\"", "HAS_PREFIX", "JUMP_IF_TRUE_OR_POP 3 ; to 7",
              "LOAD_PARAM 5 ; tags", "PUSH_STRING 23 ; \"b\"", "SET_CONTAINS", "RET"]),
        Case("name < \"m\"", ["LOAD_PARAM 4 ; name", "PUSH_STRING 22 ; \"m\"", "COMPARE_STRING 2 ; <", "RET"]),
        Case("largestGroup(buy by kind) >= 2", ["LARGEST_GROUP 0 ; q0 buy by kind", "PUSH_INT 2", "GE", "RET"]),
        Case("smallestGroup(buy by qty where !gift within 1h) == 1",
             ["SMALLEST_GROUP 0 ; q0 buy by qty where !gift within 1h", "PUSH_INT 1", "EQ", "RET"]),
        Case("now - (last(save) ?? since) > 3d",
             ["NOW", "LAST_TIME 0 ; q0 save", "LOAD_PARAM 7 ; since", "COALESCE", "SUB_INT",
              "PUSH_CONST 8 ; 3d", "GT", "RET"]),
        Case("first(buy where kind == .blue) == nil",
             ["FIRST_TIME 0 ; q0 buy where kind == Color.blue", "PUSH_CONST 9 ; nil as Date?", "EQ", "RET"]),
        Case("max(n, 3) == min(n, 3)",
             ["LOAD_PARAM 1 ; n", "PUSH_INT 3", "MAX_INT", "LOAD_PARAM 1 ; n", "PUSH_INT 3", "MIN_INT", "EQ", "RET"]),
        Case("x * 2 >= 1.0", ["LOAD_PARAM 3 ; x", "PUSH_CONST 8 ; 2.0", "MUL_DOUBLE", "PUSH_CONST 9 ; 1.0", "GE_DOUBLE", "RET"]),
        Case("tags.count > 1 && !name.isEmpty",
             ["LOAD_PARAM 5 ; tags", "SET_COUNT", "PUSH_INT 1", "GT", "JUMP_IF_FALSE_OR_POP 3 ; to 8",
              "LOAD_PARAM 4 ; name", "IS_EMPTY_STRING", "NOT", "RET"]),
    ]

    @Test(arguments: cases)
    func lowers(_ c: Case) throws {
        let catalog = try TestCatalog(Self.prelude + "tip T {\n    title \"t\"\n    rule \(c.rule)\n}\n",
                                      options: CompileOptions(fuse: c.fuse))
        #expect(catalog.listing() == c.code)
        _ = try Verifier.verify(catalog.bundle)
    }
}
