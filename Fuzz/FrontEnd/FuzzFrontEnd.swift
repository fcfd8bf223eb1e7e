// libFuzzer entry point for the front end: lexer, parser and checker on arbitrary bytes.
//
// Built by scripts/fuzz-frontend.sh, which compiles this file together with the sources of
// TipsSource, TipsSyntax and TipsCheck as one module (their `import` lines removed), so it
// is not part of Package.swift's build.
import TipsCheck
import TipsSource
import TipsSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontEnd(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let file = SourceFile(id: FileID(0), path: "fuzz.tips", bytes: bytes)
    let result = Parser.parse(file)

    // Invariants beyond "does not trap": every range lies in the file, every diagnostic has
    // a syntax code and a message that reads after `error: `, and the tree is no deeper than
    // the nesting limit allows.
    let size32 = Int32(clamping: bytes.count)
    for diagnostic in result.diagnostics {
        precondition(diagnostic.range.start >= 0 && diagnostic.range.end <= size32, "diagnostic out of file")
        precondition(diagnostic.code.hasPrefix("E1"), "unexpected code \(diagnostic.code)")
        precondition(FuzzMessages.startsLikeAMessage(diagnostic.message), "bad message: \(diagnostic.message)")
    }
    // The parser (E120 and up) reports at most one error per line, and none on a line where
    // the lexer already reported one.
    var lexicalLines = Set<Int>()
    for diagnostic in result.diagnostics where diagnostic.code < "E120" {
        lexicalLines.insert(file.lineIndex(of: diagnostic.range.start))
    }
    var parserLines = Set<Int>()
    for diagnostic in result.diagnostics where diagnostic.code >= "E120" {
        let line = file.lineIndex(of: diagnostic.range.start)
        precondition(!lexicalLines.contains(line) && parserLines.insert(line).inserted, "two errors on a line")
    }
    if bytes.count <= Parser.maximumFileSize {
        for comment in result.tree.comments {
            precondition(comment.range.start >= 0 && comment.range.end <= size32, "comment out of file")
        }
        for declaration in result.tree.declarations {
            precondition(declaration.range.start >= 0 && declaration.range.end <= size32, "declaration out of file")
            FuzzTreeCheck.check(declaration, fileSize: size32)
        }
    }
    // Parsing is a pure function of the bytes.
    precondition(Parser.parse(file).diagnostics == result.diagnostics, "parse is not deterministic")

    var sources = SourceSet()
    sources.add(path: "fuzz.tips", bytes: bytes)
    _ = Checker.check(sources)
    return 0
}

/// How a diagnostic message starts: it follows `error: ` on its line, so it starts in lower
/// case (or with a quote, a digit, punctuation), unless its first word is one of the proper
/// nouns that are always capitalised: the TipKit-habit errors start "TipKit's ...".
enum FuzzMessages {
    static let properNouns: Set<Substring> = ["TipKit"]

    static func startsLikeAMessage(_ message: String) -> Bool {
        guard let first = message.first else { return false }
        guard first.isUppercase else { return true }
        return properNouns.contains(message.prefix { $0.isLetter })
    }
}

/// Walks the expressions of a declaration, checking ranges and the height bound.
enum FuzzTreeCheck {
    static func check(_ declaration: DeclSyntax, fileSize: Int32) {
        var expressions: [ExprSyntax] = []
        switch declaration {
        case .param(let p): expressions += p.defaultValue.map { [$0] } ?? []
        case .event(let e): expressions += [e.limit, e.maxAge].compactMap { $0 }
        case .constant(let c): expressions.append(c.value)
        case .config(let c):
            for item in c.items {
                switch item {
                case .displayFrequency(.custom(let e), _), .donationLimit(let e, _), .donationMaxAge(let e, _),
                     .displayBudget(let e, _, _):
                    expressions.append(e)
                case .displayFrequency(.named, _): break
                }
            }
        case .tip(let t):
            for item in t.items {
                switch item {
                case .rule(let e, _), .maxDisplayCount(let e, _), .maxDisplayDuration(let e, _), .priority(let e, _):
                    expressions.append(e)
                case .invalidateWhen(_, let filter, _, _): expressions += filter.map { [$0] } ?? []
                case .action(let a):
                    for effect in a.effects {
                        switch effect {
                        case .set(_, let e, _): expressions.append(e)
                        case .donate(_, let values, _): expressions += values.map(\.value)
                        case .snooze(let interval, let limit, _): expressions += [interval] + (limit.map { [$0] } ?? [])
                        case .invalidate: break
                        }
                    }
                default: break
                }
            }
        case .enumeration, .group, .testing: break
        }
        for expression in expressions {
            let height = self.height(expression, fileSize: fileSize)
            precondition(height <= Parser.maximumNestingDepth + 1, "tree deeper than the nesting limit: \(height)")
        }
    }

    static func height(_ e: ExprSyntax, fileSize: Int32) -> Int {
        precondition(e.range.start >= 0 && e.range.end <= fileSize, "expression out of file")
        let children: [ExprSyntax]
        switch e {
        case .member(let base, _, _): children = [base]
        case .methodCall(let base, _, let arguments, _): children = [base] + arguments
        case .call(_, let arguments, _): children = arguments
        case .query(let q): children = [q.filter, q.window].compactMap { $0 }
        case .setLiteral(let elements, _): children = elements
        case .unary(_, let operand, _, _): children = [operand]
        case .binary(_, let l, let r, _, _): children = [l, r]
        case .paren(let inner, _): children = [inner]
        default: children = []
        }
        for child in children {
            precondition(child.range.start >= e.range.start && child.range.end <= e.range.end, "child outside parent")
        }
        return 1 + (children.map { height($0, fileSize: fileSize) }.max() ?? 0)
    }
}
