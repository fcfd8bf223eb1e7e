import TipsBytecode
import TipsCommandLine
import TipsJournal
import TipsTime

/// Values typed on the command line for `tipc journal ... donate` and `set`.
///
/// Without definitions the spelling gives the type: `true`/`false`, an integer (`3`,
/// `-2`), a decimal (`2.5`, `1e-3`), an ISO-8601 instant (a date), a double-quoted string
/// (`"inbox"`, with `\"`, `\\`, `\n`, `\t`, `\uXXXX` escapes), `.case` (an enum case), a set
/// of strings `[a, "b c"]`, or `nil`. With definitions the declared type decides, and the
/// spelling may be looser: a bare word is a String, `pro` or `Plan.pro` an enum case, `3` a
/// Double.
enum JournalLiteral {
    /// A value that can't be read; `message` reads after `tipc: error: `.
    struct Failure: Error {
        var message: String
    }

    /// The value `text` spells, typed by its spelling.
    static func infer(_ text: String) throws(Failure) -> JournalValue {
        if text == "nil" { return .null }
        if text == "true" || text == "false" { return .bool(text == "true") }
        if let i = integer(text) { return .int(i) }
        if let d = decimal(text) { return .double(d) }
        if let ms = ISO8601.parse(text) { return .date(ms) }
        if text.hasPrefix("\"") { return .string(try unquote(text)) }
        if text.hasPrefix("[") { return .set(try set(text)) }
        if text.hasPrefix("."), isIdentifier(text.dropFirst()) { return .enumCase(String(text.dropFirst())) }
        if integerShaped(text) { throw Failure(message: "integer '\(text)' is out of range") }
        throw Failure(message: "cannot tell the type of '\(text)': write a string in double quotes (\"\(text)\"), "
                      + "an enum case with a dot (.\(text)), or give --defs or --bundle")
    }

    /// `text` read as a value of `type`, for `what` ("parameter 'plan'").
    static func parse(_ text: String, as type: ValueType, what: String, in definitions: Definitions) throws(Failure) -> JournalValue {
        let typeName = definitions.typeName(type)
        func wrong(_ hint: String = "") -> Failure {
            Failure(message: "invalid value '\(text)' for \(what): expected \(typeName)\(hint)")
        }
        if text == "nil" {
            guard type.isOptional else { throw Failure(message: "\(what) is \(typeName) and cannot be nil") }
            return .null
        }
        switch type.kind {
        case .bool:
            guard text == "true" || text == "false" else { throw wrong(" (true or false)") }
            return .bool(text == "true")
        case .int:
            guard let i = integer(text) else { throw wrong(integerShaped(text) ? " (out of range)" : "") }
            return .int(i)
        case .double:
            if let i = integer(text) { return .double(Double(i)) }
            guard let d = decimal(text) else { throw wrong() }
            return .double(d)
        case .string:
            return .string(text.hasPrefix("\"") ? try unquote(text) : text)
        case .date:
            guard let ms = ISO8601.parse(text) else { throw wrong(", an ISO-8601 instant such as 2026-01-08T09:00:00Z") }
            return .date(ms)
        case .duration:
            throw Failure(message: "\(what) is a Duration, which the journal doesn't store")
        case .stringSet:
            guard text.hasPrefix("[") else { throw wrong(", written [a, b]") }
            return .set(try set(text))
        case .enumeration:
            let cases = definitions.cases(of: type)
            var name = Substring(text)
            let enumName = definitions.typeName(type.nonOptional)
            if name.hasPrefix(enumName + ".") { name = name.dropFirst(enumName.count + 1) } else if name.hasPrefix(".") { name = name.dropFirst() }
            guard cases.contains(String(name)) else {
                var message = "'\(name)' is not a case of \(enumName) (cases: \(cases.joined(separator: ", ")))"
                if let guess = CommandSuggestion.closest(to: String(name), among: cases) { message += "; did you mean '\(guess)'?" }
                throw Failure(message: message)
            }
            return .enumCase(String(name))
        }
    }

    // MARK: - Spellings

    /// A decimal integer in the 64-bit range.
    static func integer(_ text: String) -> Int64? {
        integerShaped(text) ? Int64(text) : nil
    }

    static func integerShaped(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A finite decimal with a fraction or an exponent (`2.5`, `-0.5`, `1e-3`).
    static func decimal(_ text: String) -> Double? {
        guard text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
              text.first.map({ $0 == "-" || ($0.isASCII && $0.isNumber) }) == true,
              text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let d = Double(text), d.isFinite else { return nil }
        return d
    }

    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }

    /// The text of a double-quoted string.
    static func unquote(_ text: String) throws(Failure) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
            throw Failure(message: "unterminated string \(text)")
        }
        var out = String.UnicodeScalarView()
        var i = 1
        while i < scalars.count - 1 {
            let c = scalars[i]
            i += 1
            if c == "\"" { throw Failure(message: "unescaped '\"' inside the string \(text)") }
            guard c == "\\" else { out.append(c); continue }
            guard i < scalars.count - 1 else { throw Failure(message: "unfinished escape in \(text)") }
            let e = scalars[i]
            i += 1
            switch e {
            case "\"": out.append("\"")
            case "\\": out.append("\\")
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "u":
                guard i + 4 <= scalars.count - 1, let v = UInt32(String(String.UnicodeScalarView(scalars[i..<(i + 4)])), radix: 16),
                      let scalar = Unicode.Scalar(v) else {
                    throw Failure(message: "invalid \\u escape in \(text)")
                }
                out.append(scalar)
                i += 4
            default:
                throw Failure(message: "unknown escape '\\\(e)' in \(text)")
            }
        }
        return String(out)
    }

    /// `text` without leading and trailing spaces.
    static func trimmed(_ text: String) -> String {
        var s = Substring(text)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }

    /// A set of strings: `[a, "b c"]`, members bare or double-quoted, `[]` empty.
    static func set(_ text: String) throws(Failure) -> Set<String> {
        guard text.hasPrefix("["), text.hasSuffix("]"), text.count >= 2 else {
            throw Failure(message: "invalid set \(text): write [a, b]")
        }
        let inner = text.dropFirst().dropLast()
        var members: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for ch in inner {
            if inQuotes {
                current.append(ch)
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inQuotes = false }
            } else if ch == "," {
                members.append(current)
                current = ""
            } else {
                if ch == "\"" { inQuotes = true }
                current.append(ch)
            }
        }
        if inQuotes { throw Failure(message: "unterminated string in \(text)") }
        members.append(current)
        var out = Set<String>()
        for raw in members {
            let member = trimmed(raw)
            if member.isEmpty {
                if members.count == 1 { return [] }
                throw Failure(message: "empty member in \(text)")
            }
            out.insert(member.hasPrefix("\"") ? try unquote(member) : member)
        }
        return out
    }
}
