import TipsSource
import TipsTime

/// Splits one line of a scenario file into tokens. `#` (or `//`) starts a comment that runs
/// to the end of the line. The first problem on a line is reported and ends the line: the
/// parser then skips it, so later lines are still checked.
struct ScenarioLexer {
    let bytes: [UInt8]
    let file: FileID

    /// The tokens of the line `start..<end` (byte offsets), or the diagnostic of its first
    /// lexical error.
    func tokens(from start: Int, to end: Int) -> Result<[ScenarioToken], ScenarioFailure> {
        var out: [ScenarioToken] = []
        var i = start
        func range(_ a: Int, _ b: Int) -> SourceRange { SourceRange(file: file, start: Int32(a), end: Int32(b)) }
        while i < end {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0D { i += 1; continue }
            if b == UInt8(ascii: "#") { break }
            if b == UInt8(ascii: "/"), i + 1 < end, bytes[i + 1] == UInt8(ascii: "/") { break }
            if Self.isWordStart(b) {
                let s = i
                while i < end, Self.isWordStart(bytes[i]) || Self.isDigit(bytes[i]) { i += 1 }
                out.append(ScenarioToken(kind: .word(text(s, i)), range: range(s, i)))
                continue
            }
            if Self.isDigit(b) {
                let s = i
                // A number may start the file: there is no byte before it then.
                while i < end, Self.isNumberPart(bytes[i], previous: i > 0 ? bytes[i - 1] : 0x20) { i += 1 }
                let t = text(s, i)
                guard let kind = Self.classify(t) else {
                    return .failure(ScenarioFailure(.invalidScenarioLiteral, "invalid number, duration or instant '\(t)'", range(s, i)))
                }
                out.append(ScenarioToken(kind: kind, range: range(s, i)))
                continue
            }
            if b == UInt8(ascii: "\"") {
                switch string(at: i, end: end) {
                case .success(let (value, next)):
                    out.append(ScenarioToken(kind: .string(value), range: range(i, next)))
                    i = next
                case .failure(let f):
                    return .failure(f)
                }
                continue
            }
            if b == UInt8(ascii: "="), i + 1 < end, bytes[i + 1] == UInt8(ascii: "=") {
                out.append(ScenarioToken(kind: .punct("=="), range: range(i, i + 2)))
                i += 2
                continue
            }
            if "()[],:=.-+/".utf8.contains(b) {
                out.append(ScenarioToken(kind: .punct(String(UnicodeScalar(b))), range: range(i, i + 1)))
                i += 1
                continue
            }
            // One whole (possibly multi-byte) character in the message and the range.
            var e = i + 1
            while e < end, bytes[e] & 0xC0 == 0x80 { e += 1 }
            return .failure(ScenarioFailure(.unexpectedScenarioCharacter, "unexpected character '\(text(i, e))'", range(i, e)))
        }
        return .success(out)
    }

    private func text(_ a: Int, _ b: Int) -> String { String(decoding: bytes[a..<b], as: UTF8.self) }

    static func isWordStart(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == UInt8(ascii: "_")
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    /// Characters that continue a token starting with a digit: digits, letters (units, `T`,
    /// `Z`, exponents), `_`, `.`, `:` (times), and `-`/`+` inside dates, offsets and exponents.
    static func isNumberPart(_ b: UInt8, previous: UInt8) -> Bool {
        if isDigit(b) || isWordStart(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: ":") { return true }
        if b == UInt8(ascii: "-") || b == UInt8(ascii: "+") {
            return isDigit(previous) || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")
        }
        return false
    }

    /// An instant, an integer, a double or a duration; nil when it is none of them.
    static func classify(_ t: String) -> ScenarioToken.Kind? {
        let u = Array(t.utf8)
        if u.count >= 10, u[4] == UInt8(ascii: "-") {
            return ISO8601.parse(t, secondsOptional: true).map { .instant($0) }
        }
        if u.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "_") }) {
            return Int64(t.filter { $0 != "_" }).map { .int($0) }
        }
        if isDoubleLiteral(u), let d = Double(t.filter { $0 != "_" }), d.isFinite { return .double(d) }
        return DurationText.parse(t).map { .duration($0) }
    }

    /// `digits.digits[e[±]digits]` or `digits e[±]digits` (underscores between digits allowed).
    static func isDoubleLiteral(_ u: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Bool {
            let s = i
            while i < u.count, isDigit(u[i]) || (u[i] == UInt8(ascii: "_") && i > s) { i += 1 }
            return i > s
        }
        guard digits() else { return false }
        var fractional = false
        if i < u.count, u[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() else { return false }
            fractional = true
        }
        if i < u.count, u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E") {
            i += 1
            if i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() else { return false }
            fractional = true
        }
        return fractional && i == u.count
    }

    /// A string literal starting at the quote at `start`: its value and the offset after it.
    private func string(at start: Int, end: Int) -> Result<(String, Int), ScenarioFailure> {
        var i = start + 1
        var value: [UInt8] = []
        func range(_ a: Int, _ b: Int) -> SourceRange { SourceRange(file: file, start: Int32(a), end: Int32(b)) }
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { return .success((String(decoding: value, as: UTF8.self), i + 1)) }
            if b == UInt8(ascii: "\\") {
                guard i + 1 < end else { break }
                let e = bytes[i + 1]
                switch e {
                case UInt8(ascii: "\""): value.append(e)
                case UInt8(ascii: "\\"): value.append(e)
                case UInt8(ascii: "n"): value.append(0x0A)
                case UInt8(ascii: "t"): value.append(0x09)
                case UInt8(ascii: "r"): value.append(0x0D)
                case UInt8(ascii: "0"): value.append(0)
                case UInt8(ascii: "u"):
                    // \u{1F600}: 1 to 8 hex digits naming a Unicode scalar.
                    var j = i + 2
                    guard j < end, bytes[j] == UInt8(ascii: "{") else {
                        return .failure(ScenarioFailure(.invalidScenarioEscape, "invalid escape '\\u' (write \\u{1F600})", range(i, i + 2)))
                    }
                    j += 1
                    let hexStart = j
                    while j < end, bytes[j] != UInt8(ascii: "}") { j += 1 }
                    let hex = String(decoding: bytes[hexStart..<j], as: UTF8.self)
                    guard j < end, (1...8).contains(hex.count), let v = UInt32(hex, radix: 16),
                          let scalar = Unicode.Scalar(v) else {
                        return .failure(ScenarioFailure(.invalidScenarioEscape, "invalid Unicode escape", range(i, min(j + 1, end))))
                    }
                    value.append(contentsOf: Array(String(Character(scalar)).utf8))
                    i = j + 1
                    continue
                default:
                    var k = i + 2
                    while k < end, bytes[k] & 0xC0 == 0x80 { k += 1 }
                    return .failure(ScenarioFailure(.invalidScenarioEscape, "invalid escape '\(String(decoding: bytes[i..<k], as: UTF8.self))'",
                                                    range(i, k)))
                }
                i += 2
                continue
            }
            value.append(b)
            i += 1
        }
        return .failure(ScenarioFailure(.unterminatedScenarioString, "unterminated string", range(start, end)))
    }
}

/// A problem found while reading a scenario file: code, message and where.
struct ScenarioFailure: Error, Sendable {
    var code: DiagnosticCode
    var message: String
    var range: SourceRange
    var notes: [Note] = []
    var fixIts: [FixIt] = []

    init(_ code: DiagnosticCode, _ message: String, _ range: SourceRange, notes: [Note] = [], fixIts: [FixIt] = []) {
        self.code = code
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    var diagnostic: Diagnostic { .error(code, message, at: range, notes: notes, fixIts: fixIts) }
}
