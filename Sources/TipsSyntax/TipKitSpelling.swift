import TipsTime

/// How TipKit's Swift spellings are written in `.tips`: the parser, the lexer and the checker
/// use these to turn a habit from Swift (`#Rule(...)`, `MaxDisplayCount(3)`, `.week`,
/// `7 days`) into a message that shows the `.tips` form, and a fix-it when the edit is exact.
public enum TipKitSpelling {
    /// The unit letter of a duration unit written as a word (`days` → `d`), or nil.
    public static func unitLetter(forWord word: String) -> String? {
        switch word.lowercased() {
        case "millisecond", "milliseconds", "msec", "msecs": "ms"
        case "second", "seconds", "sec", "secs": "s"
        case "minute", "minutes", "min", "mins": "m"
        case "hour", "hours", "hr", "hrs": "h"
        case "day", "days": "d"
        case "week", "weeks", "wk", "wks": "w"
        default: nil
        }
    }

    /// The number an English number word names (`three` → 3, `twenty` → 20), or nil: a
    /// writer's `maxDisplayCount three` gets the digits as a fix-it.
    public static func number(forWord word: String) -> Int? {
        let small = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                     "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
        let lower = word.lowercased()
        if let n = small.firstIndex(of: lower) { return n }
        let tens = ["thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
                    "hundred": 100, "thousand": 1000]
        return tens[lower]
    }

    /// Whether `word` names a calendar unit that has no exact length (`month`, `years`).
    public static func isCalendarUnit(_ word: String) -> Bool {
        ["month", "months", "mo", "year", "years", "yr", "yrs"].contains(word.lowercased())
    }

    /// A duration of whole seconds as a `.tips` duration literal: `120` → `2m`, `90` → `1m30s`.
    public static func duration(seconds: Int64) -> String {
        guard seconds > 0 else { return "0s" }
        let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? "\(seconds)s" : DurationText.format(ms)
    }

    /// TipKit's `Tips.DonationTimeRange` (`.week`, `.days(3)`) as a duration literal.
    public static func window(_ name: String, count: Int64? = nil) -> String? {
        let units: [String: String] = ["minute": "m", "hour": "h", "day": "d", "week": "w",
                                       "minutes": "m", "hours": "h", "days": "d", "weeks": "w"]
        guard let unit = units[name] else { return nil }
        let plural = name.hasSuffix("s")
        if plural {
            guard let count, count > 0 else { return nil }
            return "\(count)\(unit)"
        }
        return count == nil ? "1\(unit)" : nil
    }

    /// The invalidation reasons, spelled as in TipKit and in `.tips`.
    public static let reasons = ["actionPerformed", "displayCountExceeded", "displayDurationExceeded", "tipClosed"]

    /// The named display frequencies, spelled as in TipKit and in `.tips`.
    public static let frequencies = FrequencyName.names

    /// A TipKit rule macro, `#Rule(Self.$hasSeenList) { $0 == true }`, as a `.tips` rule
    /// expression (`hasSeenList == true`), or nil when it does not translate word for word.
    public static func rule(fromMacro text: String) -> String? {
        guard let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")"), open < close,
              let brace = text.firstIndex(of: "{"), let end = text.lastIndex(of: "}"), close < brace, brace < end
        else { return nil }
        let argument = text[text.index(after: open)..<close].trimmingSpaces()
        guard let last = argument.split(separator: ".").last else { return nil }
        let name = last.hasPrefix("$") ? String(last.dropFirst()) : String(last)
        guard isIdentifier(name) else { return nil }
        let body = String(text[text.index(after: brace)..<end]).trimmingSpaces()
        return expression(fromSwift: body.replacingAll("$0", with: name))
    }

    /// A TipKit rule body (`manualSave.donations.donatedWithin(.week).count >= 3`) as a
    /// `.tips` expression (`count(manualSave within 1w) >= 3`), or nil when something in it
    /// has no word-for-word translation.
    public static func expression(fromSwift text: String) -> String? {
        var out = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: ".donations") {
            // The name before `.donations`.
            var nameStart = range.lowerBound
            while nameStart > rest.startIndex {
                let before = rest.index(before: nameStart)
                guard rest[before].isLetter || rest[before].isNumber || rest[before] == "_" else { break }
                nameStart = before
            }
            let name = String(rest[nameStart..<range.lowerBound])
            guard isIdentifier(name) else { return nil }
            out += rest[rest.startIndex..<nameStart]
            var after = rest[range.upperBound...]
            var window: String?
            if after.hasPrefix(".donatedWithin(") {
                after = after.dropFirst(".donatedWithin(".count)
                guard let close = after.firstIndex(of: ")") else { return nil }
                var argument = after[after.startIndex..<close].trimmingSpaces()
                after = after[after.index(after: close)...]
                // `.days(3)`: the inner `)` was the first one; take the outer one too.
                var count: Int64?
                if let paren = argument.firstIndex(of: "(") {
                    count = Int64(argument[argument.index(after: paren)...].trimmingSpaces())
                    argument = String(argument[argument.startIndex..<paren])
                    guard after.hasPrefix(")") else { return nil }
                    after = after.dropFirst()
                }
                guard argument.hasPrefix("."), let w = self.window(String(argument.dropFirst()), count: count) else { return nil }
                window = w
            }
            guard after.hasPrefix(".count") else { return nil }
            after = after.dropFirst(".count".count)
            out += "count(\(name)\(window.map { " within \($0)" } ?? ""))"
            rest = after
        }
        out += rest
        let result = out.trimmingSpaces()
        let swiftOnly = ["$", "{", "}", "#", "Self", ".donations", ".filter", "\n"]
        guard !result.isEmpty, !swiftOnly.contains(where: { result.contains($0) }) else { return nil }
        return result
    }

    /// `@Parameter static var isPro = false` (or `var isPro: Bool = false`) as a `.tips`
    /// parameter declaration, or nil when the type cannot be told from the line.
    public static func parameter(fromSwift line: String) -> String? {
        var text = Substring(line)
        if let comment = text.firstRange(of: "//") { text = text[text.startIndex..<comment.lowerBound] }
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first, first.hasPrefix("@Parameter") else { return nil }
        words.removeFirst()
        while let word = words.first, ["static", "private", "fileprivate", "public", "internal"].contains(word) {
            words.removeFirst()
        }
        guard words.first == "var" else { return nil }
        words.removeFirst()
        let declaration = words.joined(separator: " ")
        guard let equals = declaration.firstIndex(of: "=") else { return nil }
        var name = declaration[declaration.startIndex..<equals].trimmingSpaces()
        let value = declaration[declaration.index(after: equals)...].trimmingSpaces()
        var type: String?
        if let colon = name.firstIndex(of: ":") {
            type = name[name.index(after: colon)...].trimmingSpaces()
            name = name[name.startIndex..<colon].trimmingSpaces()
        }
        guard isIdentifier(name), !value.isEmpty else { return nil }
        if type == nil {
            if value == "true" || value == "false" {
                type = "Bool"
            } else if Int64(value.replacingAll("_", with: "")) != nil {
                type = "Int"
            } else if Double(value) != nil {
                type = "Double"
            } else if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                type = "String"
            }
        }
        guard let type, type.allSatisfy({ $0.isLetter || $0.isNumber || "<>?".contains($0) }) else { return nil }
        return "param \(name): \(type) = \(value)"
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCII,
              first.properties.isAlphabetic || first == "_" else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }

    /// Every occurrence of `target` replaced (Foundation-free).
    func replacingAll(_ target: String, with replacement: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[rest.startIndex..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
