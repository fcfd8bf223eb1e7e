import Testing
import TipsBenchSupport
import TipsSource
@testable import TipsSyntax

/// Hostile input: the parser must stay within its limits, never trap, and always finish.
struct RobustnessTests {
    @Test(arguments: [
        ("(", "1", ")"),
        ("!", "a", ""),
        ("-", "1", ""),
        ("- ", "1", ""),
        ("[", "1", "]"),
        ("f(", "1", ")"),
        ("a.", "b", ""),
        ("a + ", "a", ""),
        ("a ?? ", "a", ""),
        ("a && ", "a", ""),
        ("count(e where ", "a", ")"),
    ])
    func hundredThousandDeepNestingIsReportedNotRecursed(open: String, middle: String, close: String) {
        let depth = 100_000
        let text = "param p: Int = " + String(repeating: open, count: depth) + middle
            + String(repeating: close, count: depth) + "\nparam q: Int = 1\n"
        let (result, file) = parse(text)
        let errors = SyntaxDump.diagnostics(result.diagnostics, in: file)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("E120 nesting is too deep (more than 64 levels)") == true)
        // The declaration after the deep one is still parsed.
        #expect(SyntaxDump.file(result.tree).hasSuffix("(param q Int (int 1))"))
    }

    @Test(arguments: [63, 64])
    func nestingUpToTheLimitIsAccepted(depth: Int) {
        // The parameter's expression starts at depth 0; each parenthesis adds one level.
        let text = "param p: Int = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        let (result, _) = parse(text)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func nestingOneBeyondTheLimitIsAnError() {
        let text = "param p: Int = " + String(repeating: "(", count: 65) + "1" + String(repeating: ")", count: 65)
        let (result, _) = parse(text)
        #expect(result.diagnostics.map(\.code) == ["E120"])
    }

    /// The descent sees 60 levels at most, but the chain stacks its operators on the deep
    /// first operand: the tree would be 70 high.
    @Test(arguments: ["-", "!"])
    func longChainOverADeepFirstOperandIsCaught(prefix: String) {
        let text = "param p: Int = " + String(repeating: prefix, count: 60) + "a" + String(repeating: " - b", count: 10)
        let (result, file) = parse(text)
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file).map { $0.contains("E120") } == [true])
    }

    @Test func treesAtTheHeightLimitAreAccepted() {
        let text = "param p: Int = " + String(repeating: "-", count: 32) + "a" + String(repeating: " - b", count: 32)
        let (result, _) = parse(text)
        #expect(result.diagnostics.isEmpty)
        guard case .param(let p)? = result.tree.declarations.first, let value = p.defaultValue else { return }
        #expect(height(value) == Parser.maximumNestingDepth + 1)
    }

    @Test func deeplyNestedBlocksInsideATipDoNotRecurse() {
        let text = "tip T { " + String(repeating: "{", count: 100_000) + "\n title \"x\" }"
        let (result, _) = parse(text)
        #expect(result.diagnostics.count >= 1)
    }

    @Test func fileLargerThanFourMebibytesIsRejectedUnparsed() {
        let text = "tip T { }" + String(repeating: " ", count: Parser.maximumFileSize)
        let (result, file) = parse(text)
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file)
                == ["1:1 E101 file is larger than 4 MiB (\(Parser.maximumFileSize + 9) bytes)"])
        #expect(result.tree.declarations.isEmpty)
    }

    @Test func fileOfExactlyFourMebibytesIsParsed() {
        let head = "tip T { title \"x\" }\n/*"
        let text = head + String(repeating: "x", count: Parser.maximumFileSize - head.utf8.count - 2) + "*/"
        #expect(text.utf8.count == Parser.maximumFileSize)
        let (result, _) = parse(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.tree.declarations.count == 1)
        #expect(result.tree.comments.count == 1)
    }

    @Test func manyDeclarationsParse() {
        let one = "tip T { title \"x\" rule a && count(e within 7d) > 2 }\n"
        let (result, _) = parse(String(repeating: one, count: 5_000))
        #expect(result.diagnostics.isEmpty)
        #expect(result.tree.declarations.count == 5_000)
    }

    /// A few thousand random inputs: raw bytes mixed with fragments of the language, so the
    /// parser gets past the lexer into every production. Parsing must finish without trapping,
    /// and every reported range must lie inside the file.
    @Test func randomInputNeverCrashes() {
        let fragments = [
            "tip ", "T", "{", "}", "(", ")", "[", "]", ",", ":", ".", "=", "?", "<", ">=", "==", "&&", "||", "!",
            "-", "+", "*", "??", "title ", "rule ", "\"s\\(x)\"", "\"", "\\u{41}", "7d", "1h30m", "1_000", "3.5",
            "count(", "largestGroup(", " by ", " where ", " within ", "action ", "invalidate ", "when ", "set ",
            "donate ", "param ", "event ", "enum ", "group ", "config ", "testing ", "transient ", "localized(",
            "//c\n", "/*", "*/", "\n", " ", "\u{FF}", "é", "9999999999999999999999", "nil", "now", "true",
        ]
        var random = SeededGenerator(seed: 0x7195)
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            let pieces = Int(random.next() % 60)
            for _ in 0..<pieces {
                if random.next() % 4 == 0 {
                    bytes.append(UInt8(truncatingIfNeeded: random.next()))
                } else {
                    bytes += Array(fragments[Int(random.next() % UInt64(fragments.count))].utf8)
                }
            }
            let file = SourceFile(id: FileID(0), path: "random.tips", bytes: bytes)
            let result = Parser.parse(file)
            for d in result.diagnostics {
                #expect(d.range.start >= 0 && Int(d.range.end) <= bytes.count, "\(bytes)")
                #expect(d.code.hasPrefix("E1"))
            }
            for decl in result.tree.declarations {
                #expect(decl.range.start >= 0 && Int(decl.range.end) <= bytes.count, "\(bytes)")
                if case .param(let p) = decl, let value = p.defaultValue {
                    #expect(height(value) <= Parser.maximumNestingDepth + 1, "\(bytes)")
                }
                if case .tip(let t) = decl {
                    for case .rule(let value, _) in t.items {
                        #expect(height(value) <= Parser.maximumNestingDepth + 1, "\(bytes)")
                    }
                }
            }
        }
    }
}

/// The height of an expression tree; a leaf is 1.
func height(_ e: ExprSyntax) -> Int {
    switch e {
    case .member(let base, _, _): 1 + height(base)
    case .methodCall(let base, _, let args, _): 1 + ([base] + args).map(height).max()!
    case .call(_, let args, _), .setLiteral(let args, _): 1 + (args.map(height).max() ?? 0)
    case .query(let q): 1 + ([q.filter, q.window].compactMap { $0 }.map(height).max() ?? 0)
    case .unary(_, let x, _, _), .paren(let x, _): 1 + height(x)
    case .binary(_, let l, let r, _, _): 1 + max(height(l), height(r))
    default: 1
    }
}

