extension JSON {
    /// The JSON text: compact on one line (no spaces), or indented by two spaces per level;
    /// members in their stored order.
    public func rendered(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, depth: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, depth: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            // JSON has no NaN or infinity; integral values print without a fraction.
            if !d.isFinite {
                out += "null"
            } else if d == d.rounded(), abs(d) < 1e15 {
                out += String(Int64(d))
            } else {
                out += "\(d)"
            }
        case .string(let s): JSON.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                JSON.newline(into: &out, pretty: pretty, depth: depth + 1)
                item.write(into: &out, pretty: pretty, depth: depth + 1)
            }
            JSON.newline(into: &out, pretty: pretty, depth: depth)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSON.newline(into: &out, pretty: pretty, depth: depth + 1)
                JSON.writeString(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, depth: depth + 1)
            }
            JSON.newline(into: &out, pretty: pretty, depth: depth)
            out += "}"
        }
    }

    private static func newline(into out: inout String, pretty: Bool, depth: Int) {
        guard pretty else { return }
        out += "\n" + String(repeating: "  ", count: depth)
    }

    /// A string literal: quotes, backslashes and control characters escaped; U+2028 and
    /// U+2029 too, so the output is also valid JavaScript. Other text stays UTF-8. The one
    /// JSON string writer of the project: `tipc journal` and the language server use it too.
    public static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0x7F || v == 0x2028 || v == 0x2029 {
                    let hex = String(v, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
