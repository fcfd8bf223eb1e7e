import TipsText

extension Report {
    /// A self-contained HTML page (no scripts, no external files): a table of the figures
    /// and, per tip, an SVG chart of each variant's conversion rate with its 95% interval,
    /// drawn here. Every cell holding a figure has `data-figure` and `data-row` attributes
    /// so a checker can read the rendered numbers back (scripts/check-report-html.sh).
    public var html: String {
        func text(_ value: String) -> String { XMLText.content(value) }
        func attr(_ value: String) -> String { XMLText.attribute(value) }
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Tips report</title>
            <style>body{font:15px system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse}
            td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}th{background:#f4f4f4}
            td.name{text-align:left}svg{display:block;margin:1em 0}</style></head><body>
            <h1>Tips report</h1>
            <p>\(read) events read; \(testing) from testing overrides (not counted); \(duplicates) duplicates (counted once); \(dropped) dropped by sinks.</p>
            <p>Conversion rate: presentations followed by a conversion, of those shown, with its 95% Wilson interval.</p>
            <table><thead><tr><th>Tip</th><th>Variant</th><th>Eligible</th><th>Shown</th><th>Conversions</th><th>Conversion rate</th><th>95% low</th><th>95% high</th><th>Held back</th></tr></thead><tbody>

            """
        for (index, row) in rows.enumerated() {
            let interval = row.conversionInterval
            func cell(_ figure: String, _ value: String) -> String {
                "<td data-row=\"\(index)\" data-figure=\"\(figure)\">\(text(value))</td>"
            }
            let held = row.suppressed.keys.sorted().map { "\($0) \(row.suppressed[$0]!)" }.joined(separator: ", ")
            out += "<tr><td class=\"name\">\(text(row.tip))</td><td class=\"name\">\(text(row.variant ?? "—"))</td>"
                + cell("eligible", String(row.eligible)) + cell("shown", String(row.shown))
                + cell("conversions", String(row.conversions))
                + cell("conversionRate", row.conversionRate.map(Self.decimal) ?? "—")
                + cell("conversionLower", interval.map { Self.decimal($0.lower) } ?? "—")
                + cell("conversionUpper", interval.map { Self.decimal($0.upper) } ?? "—")
                + "<td class=\"name\">\(text(held))</td></tr>\n"
        }
        out += "</tbody></table>\n"
        var tips: [(String, String)] = []
        for row in rows where !tips.contains(where: { $0 == (row.catalog, row.tip) }) { tips.append((row.catalog, row.tip)) }
        for (catalog, tip) in tips {
            let bars = rows.filter { $0.catalog == catalog && $0.tip == tip && $0.shown > 0 }
            guard !bars.isEmpty else { continue }
            let width = 480.0, rowHeight = 28.0, left = 110.0
            out += "<h2>\(text(tip))</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(left + width + 60))\" height=\"\(Int(Double(bars.count) * rowHeight + 30))\" role=\"img\" aria-label=\"\(attr("conversion rate of " + tip))\">\n"
            for (i, row) in bars.enumerated() {
                guard let rate = row.conversionRate, let interval = row.conversionInterval else { continue }
                let y = Double(i) * rowHeight + 4
                out += "<text x=\"0\" y=\"\(y + 15)\">\(text(row.variant ?? "—"))</text>"
                out += "<rect x=\"\(left)\" y=\"\(y)\" width=\"\(left + rate * width - left)\" height=\"20\" fill=\"#4a7fd4\"/>"
                out += "<line x1=\"\(left + interval.lower * width)\" x2=\"\(left + interval.upper * width)\" y1=\"\(y + 10)\" y2=\"\(y + 10)\" stroke=\"#111\" stroke-width=\"2\"/>"
                out += "<text x=\"\(left + width + 6)\" y=\"\(y + 15)\">\(Self.decimal(rate))</text>\n"
            }
            let axis = Double(bars.count) * rowHeight + 20
            out += "<text x=\"\(left)\" y=\"\(axis)\">0</text><text x=\"\(left + width - 8)\" y=\"\(axis)\">1</text></svg>\n"
        }
        for lift in lifts {
            out += "<p>Lift of <b>\(text(lift.tip))</b> variant \(text(lift.variant ?? "—")) over the holdout (conversions per eligible): \(Self.decimal(lift.interval.difference)) (95% interval \(Self.decimal(lift.interval.lower)) to \(Self.decimal(lift.interval.upper))).</p>\n"
        }
        return out + "</body></html>\n"
    }
}
