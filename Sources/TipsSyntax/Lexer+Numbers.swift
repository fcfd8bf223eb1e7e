import TipsSource

extension Lexer {
    /// The duration units, largest first, with their length in milliseconds.
    static let durationUnits: [(name: String, milliseconds: Int64)] = [
        ("w", 604_800_000), ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1_000), ("ms", 1),
    ]

    /// An integer, a double or a duration. The whole run of word characters after the digits
    /// belongs to the literal, so `7days` is one bad duration rather than `7` and `days`.
    mutating func lexNumber() {
        let start = position
        var end = skipDigits(from: start)
        var isDouble = false
        if byte(at: end) == UInt8(ascii: "."), let d = byte(at: end + 1), Lexer.isDigit(d) {
            isDouble = true
            end = skipDigits(from: end + 1)
        }
        if let e = byte(at: end), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var digits = end + 1
            if let sign = byte(at: digits), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { digits += 1 }
            if let d = byte(at: digits), Lexer.isDigit(d) {
                isDouble = true
                end = skipDigits(from: digits)
            }
        }
        let suffixStart = end
        while end < bytes.count, Lexer.isWordByte(bytes[end]) { end += 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)

        if let bad = misplacedUnderscore(start, end) {
            report(.malformedNumber, "'_' in a number must stand between digits", bad, bad + 1,
                   notes: [Note("in '\(Lexer.printable(text))'")])
            return emit(isDouble ? .double : .integer, from: start, to: end, malformed: true)
        }
        if isDouble {
            if suffixStart < end {
                report(.malformedNumber, "'\(Lexer.printable(text))' is not a valid number; a duration takes whole numbers of units",
                       start, end, notes: [Note("write for example '1h30m' instead of '1.5h'")])
                return emit(.double, from: start, to: end, malformed: true)
            }
            let digits = String(decoding: bytes[start..<end].filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
            guard let value = Double(digits), value.isFinite else {
                report(.numberOutOfRange, "floating-point literal '\(Lexer.printable(text))' is out of range", start, end)
                return emit(.double, from: start, to: end, malformed: true)
            }
            return emit(.double, from: start, to: end, payload: value.bitPattern)
        }
        if suffixStart < end { return lexDuration(start, end, text: text) }

        guard let magnitude = parseDigits(start, end), magnitude <= UInt64(Int64.max) + 1 else {
            report(.numberOutOfRange, "integer literal '\(Lexer.printable(text))' does not fit in a 64-bit signed integer",
                   start, end, notes: [Note("integers range from -9223372036854775808 to 9223372036854775807")])
            return emit(.integer, from: start, to: end, malformed: true)
        }
        // 2^63 is only valid negated; the parser decides, since only it sees the minus.
        emit(.integer, from: start, to: end, payload: magnitude, minimumMagnitude: magnitude == UInt64(Int64.max) + 1)
    }

    /// A duration such as `1h30m`: digits and units alternate, units strictly decreasing.
    mutating func lexDuration(_ start: Int, _ end: Int, text: String) {
        var i = start
        var total: Int64 = 0
        var previousUnit: (index: Int, start: Int)? = nil
        while i < end {
            let digitsStart = i
            i = skipDigits(from: i)
            let unitStart = i
            while i < end, !Lexer.isDigit(bytes[i]) { i += 1 }
            let unit = String(decoding: bytes[unitStart..<i], as: UTF8.self)
            if unit.isEmpty {
                let number = String(decoding: bytes[digitsStart..<i], as: UTF8.self)
                report(.invalidDurationUnit, "expected a unit after '\(number)' in duration '\(Lexer.printable(text))'",
                       digitsStart, i, notes: [Note("units are ms, s, m, h, d and w")])
                return emit(.duration, from: start, to: end, malformed: true)
            }
            guard let unitIndex = Lexer.durationUnits.firstIndex(where: { $0.name == unit }) else {
                // `7days`, `2H`: the unit in words or capitals has an exact letter.
                let letter = TipKitSpelling.unitLetter(forWord: unit)
                report(.invalidDurationUnit, "'\(Lexer.printable(unit))' is not a duration unit", unitStart, i,
                       notes: [Note("units are ms, s, m, h, d and w" + (unit.hasPrefix("mo") ? "; months differ in length, so they are not windows: write 30d or 4w" : ""))],
                       fixIts: letter.map { [.replace(range(unitStart, i), with: $0, message: "replace with '\($0)'")] } ?? [])
                return emit(.duration, from: start, to: end, malformed: true)
            }
            if let previous = previousUnit, previous.index >= unitIndex {
                let message = previous.index == unitIndex
                    ? "duration unit '\(unit)' is repeated"
                    : "duration unit '\(unit)' cannot follow '\(Lexer.durationUnits[previous.index].name)'; write units from larger to smaller"
                report(.durationUnitOrder, message, unitStart, i, notes: [Note("in '\(Lexer.printable(text))'")])
                return emit(.duration, from: start, to: end, malformed: true)
            }
            previousUnit = (unitIndex, unitStart)
            let scale = Lexer.durationUnits[unitIndex].milliseconds
            guard let count = parseDigits(digitsStart, unitStart), count <= UInt64(Int64.max) else {
                return reportLongDuration(start, end, text)
            }
            let (part, overflow) = Int64(count).multipliedReportingOverflow(by: scale)
            let (sum, overflow2) = total.addingReportingOverflow(part)
            if overflow || overflow2 { return reportLongDuration(start, end, text) }
            total = sum
        }
        emit(.duration, from: start, to: end, payload: UInt64(bitPattern: total))
    }

    mutating func reportLongDuration(_ start: Int, _ end: Int, _ text: String) {
        report(.durationTooLong, "duration '\(Lexer.printable(text))' is too long to count in 64-bit milliseconds", start, end)
        emit(.duration, from: start, to: end, malformed: true)
    }

    /// The value of the digits (underscores ignored) in `start..<end`, nil on overflow.
    func parseDigits(_ start: Int, _ end: Int) -> UInt64? {
        var value: UInt64 = 0
        for b in bytes[start..<end] where b != UInt8(ascii: "_") {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(UInt64(b - UInt8(ascii: "0")))
            if o1 || o2 { return nil }
            value = plus
        }
        return value
    }

    /// The index after a run of digits and underscores starting at `i`.
    func skipDigits(from i: Int) -> Int {
        var j = i
        while j < bytes.count, Lexer.isDigit(bytes[j]) || bytes[j] == UInt8(ascii: "_") { j += 1 }
        return j
    }

    /// The first underscore in `start..<end` not between two digits.
    func misplacedUnderscore(_ start: Int, _ end: Int) -> Int? {
        for i in start..<end where bytes[i] == UInt8(ascii: "_") {
            let before = i > start ? bytes[i - 1] : 0
            let after = i + 1 < end ? bytes[i + 1] : 0
            if !(Lexer.isDigit(before) || before == UInt8(ascii: "_")) || !(Lexer.isDigit(after) || after == UInt8(ascii: "_")) {
                return i
            }
        }
        return nil
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}
