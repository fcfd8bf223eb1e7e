import Foundation
import TipsText
import TipsTime

/// The figures of a report, ready to render as text, JSON or CSV.
public struct Report: Sendable, Hashable {
    public var rows: [VariantFigures]
    public var read: Int
    public var testing: Int
    public var duplicates: Int
    public var dropped: Int

    /// A holdout comparison: one variant's conversions per eligibility against the holdout's.
    public struct Lift: Sendable, Hashable {
        public var catalog: String
        public var tip: String
        public var variant: String?
        public var interval: DifferenceInterval
    }

    /// Every variant of a tip that has a holdout row, compared with it.
    public var lifts: [Lift] {
        var result: [Lift] = []
        for holdout in rows where holdout.variant == ReportAggregator.holdout {
            for row in rows where row.catalog == holdout.catalog && row.tip == holdout.tip && row.variant != ReportAggregator.holdout {
                if let interval = DifferenceInterval(successes1: min(row.conversions, row.eligible), trials1: row.eligible,
                                                     successes0: min(holdout.conversions, holdout.eligible), trials0: holdout.eligible) {
                    result.append(Lift(catalog: row.catalog, tip: row.tip, variant: row.variant, interval: interval))
                }
            }
        }
        return result
    }

    /// A proportion as printed everywhere: four decimals (so every output, and the SQL of
    /// Docs/report.md, agree to the last digit).
    public static func decimal(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded()
        let negative = scaled < 0
        let magnitude = Int64(abs(scaled))
        let text = "\(magnitude / 10_000).\(String(repeating: "0", count: 4 - String(magnitude % 10_000).count))\(magnitude % 10_000)"
        return negative && magnitude != 0 ? "-" + text : text
    }

    private static func number(_ value: Double?) -> JSON {
        guard let value, let parsed = try? JSON.parse(decimal(value)) else { return .null }
        return parsed
    }

    private static func counts(_ table: [String: Int]) -> JSON {
        .object(table.keys.sorted().map { ($0, .int(table[$0]!)) })
    }

    /// The JSON document (`tipc report --format json`).
    public var json: JSON {
        .object([
            ("schema", .int(1)),
            ("events", .int(read)), ("testing", .int(testing)), ("duplicates", .int(duplicates)), ("dropped", .int(dropped)),
            ("rows", .array(rows.map { row in
                let interval = row.conversionInterval
                return .object([
                    ("catalog", .string(row.catalog)), ("tip", .string(row.tip)),
                    ("variant", row.variant.map(JSON.string) ?? .null),
                    ("eligible", .int(row.eligible)), ("shown", .int(row.shown)),
                    ("endings", Self.counts(row.endings)), ("actions", Self.counts(row.actions)),
                    ("invalidated", Self.counts(row.invalidated)), ("suppressed", Self.counts(row.suppressed)),
                    ("conversions", .int(row.conversions)), ("convertedAfterShown", .int(row.convertedAfterShown)),
                    ("conversionRate", Self.number(row.conversionRate)),
                    ("conversionLower", Self.number(interval?.lower)), ("conversionUpper", Self.number(interval?.upper)),
                    ("medianTimeToConversionMs", row.medianTimeToConversion.map { .int(Int($0)) } ?? .null),
                ])
            })),
            ("lifts", .array(lifts.map { lift in
                .object([
                    ("catalog", .string(lift.catalog)), ("tip", .string(lift.tip)),
                    ("variant", lift.variant.map(JSON.string) ?? .null),
                    ("lift", Self.number(lift.interval.difference)),
                    ("lower", Self.number(lift.interval.lower)), ("upper", Self.number(lift.interval.upper)),
                ])
            })),
        ])
    }

    /// One CSV line per tip and variant (RFC 4180 quoting), the columns of the JSON rows.
    public var csv: String {
        var out = "catalog,tip,variant,eligible,shown,conversions,convertedAfterShown,conversionRate,conversionLower,conversionUpper,medianTimeToConversionMs,endings,suppressed\n"
        func field(_ text: String) -> String {
            text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        func pairs(_ table: [String: Int]) -> String { table.keys.sorted().map { "\($0)=\(table[$0]!)" }.joined(separator: ";") }
        for row in rows {
            let interval = row.conversionInterval
            let cells = [row.catalog, row.tip, row.variant ?? "", String(row.eligible), String(row.shown),
                         String(row.conversions), String(row.convertedAfterShown),
                         row.conversionRate.map(Self.decimal) ?? "", interval.map { Self.decimal($0.lower) } ?? "",
                         interval.map { Self.decimal($0.upper) } ?? "", row.medianTimeToConversion.map { String($0) } ?? "",
                         pairs(row.endings), pairs(row.suppressed)]
            out += cells.map(field).joined(separator: ",") + "\n"
        }
        return out
    }

    /// The text a person reads in a terminal (names escaped for it).
    public var text: String {
        var out = "\(read) events: \(testing) testing (not counted), \(duplicates) duplicates (counted once), \(dropped) dropped by sinks\n"
        for row in rows {
            let name = TerminalText.escaped(row.tip) + (row.variant.map { " [" + TerminalText.escaped($0) + "]" } ?? "")
            out += "\n\(name) (\(TerminalText.escaped(row.catalog)))\n"
            out += "  eligible \(row.eligible), shown \(row.shown), conversions \(row.conversions)\n"
            if let rate = row.conversionRate, let interval = row.conversionInterval {
                out += "  conversion rate \(Self.decimal(rate)) (95% CI \(Self.decimal(interval.lower))–\(Self.decimal(interval.upper))) of shown\n"
            }
            if let median = row.medianTimeToConversion { out += "  median time to conversion \(DurationText.format(median))\n" }
            if !row.endings.isEmpty { out += "  endings: " + row.endings.keys.sorted().map { "\($0) \(row.endings[$0]!)" }.joined(separator: ", ") + "\n" }
            if !row.suppressed.isEmpty { out += "  held back: " + row.suppressed.keys.sorted().map { "\($0) \(row.suppressed[$0]!)" }.joined(separator: ", ") + "\n" }
        }
        for lift in lifts {
            out += "\nlift of \(TerminalText.escaped(lift.tip)) [\(TerminalText.escaped(lift.variant ?? "-"))] over holdout: \(Self.decimal(lift.interval.difference)) (95% CI \(Self.decimal(lift.interval.lower))–\(Self.decimal(lift.interval.upper)))\n"
        }
        return out
    }
}
