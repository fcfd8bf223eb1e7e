import TipsSource

/// Characters that start no `.tips` token but start something common in Swift and TipKit:
/// `#Rule(...) { ... }`, `$parameter`, `@Parameter var ...`, `;` and `'single quotes'`. Each
/// is reported once, with the `.tips` spelling, and skipped so the rest of the line does
/// not produce more errors.
extension Lexer {
    /// Handles a Swift habit at the current position; returns false when there is none.
    mutating func lexSwiftHabit() -> Bool {
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "#") where word(at: position + 1) == "Rule":
            lexRuleMacro()
        case UInt8(ascii: "@") where word(at: position + 1) == "Parameter":
            lexParameterWrapper()
        case UInt8(ascii: "$") where byte(at: position + 1).map(Lexer.isWordByte) == true:
            position += 1
            if byte(at: position).map({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) == true {
                report(.unexpectedCharacter, "unexpected '$': closure arguments such as '$0' do not exist in .tips", start, position,
                       notes: [Note("a rule names its parameters and events directly: 'rule hasSeenList', 'rule count(manualSave) >= 3'")])
            } else {
                report(.unexpectedCharacter, "unexpected '$': a parameter is read by its name, without TipKit's '$'", start, position,
                       fixIts: [.replace(range(start, position), with: "", message: "remove '$'")])
            }
        case UInt8(ascii: ";"):
            position += 1
            report(.unexpectedCharacter, "unexpected ';': items need no separator, each starts with its own word", start, position,
                   fixIts: [.replace(range(start, position), with: "", message: "remove ';'")])
        case UInt8(ascii: "'"):
            guard let close = closingQuote(after: position) else { return false }
            let inner = bytes[(position + 1)..<close]
            var fixIts: [FixIt] = []
            if !inner.contains(UInt8(ascii: "\"")) && !inner.contains(UInt8(ascii: "\\")) {
                let text = "\"" + String(decoding: inner, as: UTF8.self) + "\""
                fixIts.append(.replace(range(start, close + 1), with: text, message: "use double quotes"))
            }
            report(.unexpectedCharacter, "strings are written in double quotes, not single quotes", start, start + 1, fixIts: fixIts)
            lexString(quote: UInt8(ascii: "'"))
        default:
            return false
        }
        return true
    }

    /// The longest `#Rule(...) { ... }` read as one macro, in bytes.
    static let maximumMacroLength = 4096

    /// The identifier starting at `i`, if any.
    func word(at i: Int) -> String? {
        var end = i
        while end < bytes.count, Lexer.isWordByte(bytes[end]) { end += 1 }
        return end > i ? String(decoding: bytes[i..<end], as: UTF8.self) : nil
    }

    /// The index of the `'` closing the one at `i`, on the same line.
    func closingQuote(after i: Int) -> Int? {
        var j = i + 1
        while j < bytes.count, bytes[j] != UInt8(ascii: "\n") {
            if bytes[j] == UInt8(ascii: "'") { return j > i + 1 ? j : nil }
            j += 1
        }
        return nil
    }

    /// `#Rule(ARGUMENT) { BODY }`, possibly over several lines; skipped whole.
    mutating func lexRuleMacro() {
        let start = position
        var i = position + 1
        while i < bytes.count, Lexer.isWordByte(bytes[i]) { i += 1 }
        // The argument list, then the closure, each balanced.
        var end = i
        if let close = balanced(from: i, open: UInt8(ascii: "("), close: UInt8(ascii: ")")) {
            end = close
            if let close = balanced(from: close, open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) { end = close }
        } else {
            // Not a macro that can be read whole: skip its line, whose rest would only give
            // follow-on errors ('$', '{').
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        // `rule #Rule(...)` keeps its `rule`; a bare macro needs one.
        let hasRuleWord = tokens.last.map {
            $0.kind == .identifier && String(decoding: bytes[Int($0.range.start)..<Int($0.range.end)], as: UTF8.self) == "rule"
        } ?? false
        var notes: [Note] = []
        var fixIts: [FixIt] = []
        if let rule = TipKitSpelling.rule(fromMacro: text) {
            let replacement = hasRuleWord ? rule : "rule \(rule)"
            notes.append(Note("write: rule \(rule)"))
            fixIts.append(.replace(range(start, end), with: replacement, message: "replace with '\(replacement)'"))
        } else {
            notes.append(Note("a rule names its parameters and events directly: 'rule hasSeenList', 'rule count(manualSave within 1w) >= 3'"))
        }
        for b in bytes[start..<end] where b == UInt8(ascii: "\n") { atLineStart = true }
        position = end
        report(.unexpectedCharacter, "TipKit's '#Rule' macro is written as a 'rule' item in .tips", start, start + 5, notes: notes, fixIts: fixIts)
    }

    /// The index after the `close` matching the `open` that follows `i` (after spaces and
    /// line breaks), or nil.
    func balanced(from i: Int, open: UInt8, close: UInt8) -> Int? {
        // A macro is a few lines; an unbalanced one must not make every later '#Rule' scan
        // to the end of a huge file.
        let limit = min(bytes.count, i + Lexer.maximumMacroLength)
        var j = i
        while j < bytes.count, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t")
            || bytes[j] == UInt8(ascii: "\n") || bytes[j] == UInt8(ascii: "\r") { j += 1 }
        guard j < limit, bytes[j] == open else { return nil }
        var depth = 0
        var inString = false
        while j < limit {
            let b = bytes[j]
            if inString {
                if b == UInt8(ascii: "\\") { j += 1 } else if b == UInt8(ascii: "\"") { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == open {
                depth += 1
            } else if b == close {
                depth -= 1
                if depth == 0 { return j + 1 }
            } else if b == UInt8(ascii: "}") && open == UInt8(ascii: "(") {
                return nil  // a `}` before the `)`: not an argument list.
            }
            j += 1
        }
        return nil
    }

    /// `@Parameter [static] var NAME[: Type] = VALUE`: the rest of the line is skipped.
    mutating func lexParameterWrapper() {
        let start = position
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        var lineEnd = end
        if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let line = String(decoding: bytes[start..<lineEnd], as: UTF8.self)
        var notes: [Note] = []
        var fixIts: [FixIt] = []
        if let param = TipKitSpelling.parameter(fromSwift: line) {
            // Keep a trailing comment: replace only up to it.
            var replaced = lineEnd
            if let comment = line.firstRange(of: "//") {
                replaced = start + line.utf8.distance(from: line.startIndex, to: comment.lowerBound)
                while replaced > start, bytes[replaced - 1] == UInt8(ascii: " ") { replaced -= 1 }
            }
            notes.append(Note("write: \(param)"))
            fixIts.append(.replace(range(start, replaced), with: param, message: "replace with '\(param)'"))
            if let name = param.split(separator: " ").dropFirst().first?.dropLast() { brokenNames.append(String(name)) }
        } else {
            notes.append(Note("write: param NAME: Type = value, as in 'param isPro: Bool = false'"))
        }
        // A comment after the declaration is still a comment.
        if let comment = line.firstRange(of: "//") {
            end = start + line.utf8.distance(from: line.startIndex, to: comment.lowerBound)
        }
        position = end
        report(.unexpectedCharacter, "TipKit's '@Parameter' is written as a 'param' declaration in .tips", start, start + 10,
               notes: notes, fixIts: fixIts)
    }
}
