import TipsSource

extension JSON {
    /// Compact JSON text (no spaces), members in their stored order.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            if n.rounded() == n, abs(n) < 9.0e15 {
                out += String(Int64(n))
            } else if n.isFinite {
                out += "\(n)"
            } else {
                out += "null"  // JSON has no infinities; never produced by the server.
            }
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let elements):
            out += "["
            for (i, e) in elements.enumerated() {
                if i > 0 { out += "," }
                e.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(k, to: &out)
                out += ":"
                v.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, to out: inout String) {
        DiagnosticRenderer.JSON.writeString(s, into: &out)
    }
}
