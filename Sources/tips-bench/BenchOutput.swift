#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the run: a benchmark's inputs are broken (a bug, not a measurement).
func fatal(_ message: String) -> Never {
    let text = "tips-bench: error: \(message)\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

/// Stops the run unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatal(message()) }
}

func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

/// Figures with thousands separators for the table.
func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var out = ""
    for (i, c) in digits.reversed().enumerated() {
        if i > 0, i % 3 == 0, c != "-" { out.append(",") }
        out.append(c)
    }
    return String(out.reversed())
}

/// `value` with `places` decimals, without Foundation.
func formatDecimal(_ value: Double, places: Int) -> String {
    guard places > 0 else { return String(Int(value.rounded())) }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let unit = Int(scale)
    let fraction = String(scaled % unit)
    return (value < 0 && scaled != 0 ? "-" : "") + "\(scaled / unit)."
        + String(repeating: "0", count: places - fraction.count) + fraction
}

func column(_ text: String, _ width: Int, right: Bool = false) -> String {
    let pad = String(repeating: " ", count: max(0, width - text.count))
    return right ? pad + text : text + pad
}

/// A time in nanoseconds for the table: one decimal below 100 ns, grouped digits above.
func nanoseconds(_ ns: Double) -> String { ns < 100 ? formatDecimal(ns, places: 1) : grouped(ns) }
