import TipsText
import TipsTime

/// Small helpers for writing deterministic SVG.
enum SVGText {
    /// `x` rounded to one decimal, without a trailing `.0` (the same text on every platform).
    static func num(_ x: Double) -> String {
        let tenths = (x * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e15 else { return "0" }
        let v = Int64(tenths)
        let sign = v < 0 ? "-" : ""
        let a = v.magnitude
        return a % 10 == 0 ? "\(sign)\(a / 10)" : "\(sign)\(a / 10).\(a % 10)"
    }

    /// Text escaped for XML content and attribute values (`XMLText.attribute`); characters
    /// XML 1.0 cannot hold at all become spaces.
    static func escape(_ s: String) -> String {
        var kept = String.UnicodeScalarView()
        for c in s.unicodeScalars { kept.append(XMLText.isAllowed(c) ? c : " ") }
        return XMLText.attribute(String(kept))
    }

    /// An estimate of the width of `s` in pixels at `size` in a system UI font (wide
    /// characters count double); used to keep labels from overlapping.
    static func width(_ s: String, size: Double) -> Double {
        var units = 0.0
        for c in s.unicodeScalars {
            switch c.value {
            case 0x20: units += 0.3
            case 0x69, 0x6C, 0x49, 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x7C, 0x21: units += 0.3
            case 0x6D, 0x77, 0x4D, 0x57: units += 0.85
            case 0x41...0x5A: units += 0.66
            case 0x1100...: units += 1.0
            default: units += 0.56
            }
        }
        return units * size
    }

    /// `s` cut to fit `width` pixels at `size`, with an ellipsis when cut.
    static func fit(_ s: String, width maxWidth: Double, size: Double) -> String {
        if width(s, size: size) <= maxWidth { return s }
        var out = ""
        for c in s {
            if width(out + String(c) + "…", size: size) > maxWidth { break }
            out.append(c)
        }
        return out + "…"
    }

    /// Elapsed time for axis labels and tooltips, exact: `0`, `+45s`, `+1h 30m`, `+1d 6h 30s`,
    /// `+7d 1ms` (units largest first, zero units left out).
    static func elapsed(_ ms: Int64, units maxUnits: Int = 6) -> String {
        if ms <= 0 { return "0" }
        let parts = DurationText.components(ms.magnitude)
        // Axis labels keep the largest units; "≈" says the rest was left out.
        if parts.count > maxUnits { return "≈+" + parts.prefix(maxUnits).joined(separator: " ") }
        return "+" + parts.joined(separator: " ")
    }
}
