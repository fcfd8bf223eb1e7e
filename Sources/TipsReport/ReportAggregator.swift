/// Folds effectiveness events into per-tip, per-variant figures as they are read: memory is
/// one ``VariantFigures`` per tip and variant plus 8 bytes per distinct event (the
/// identities that make a second copy of an event count nothing) and per conversion delay.
public struct ReportAggregator: Sendable {
    /// The variant name that marks an experiment's holdout (eligible, never shown).
    public static let holdout = "holdout"

    struct Key: Hashable, Sendable {
        var catalog: String
        var tip: String
        var variant: String?
    }

    private var figures: [Key: VariantFigures] = [:]
    private var seen: Set<UInt64> = []
    /// Events read, testing events skipped, duplicates skipped, and the sinks' dropped counts.
    public private(set) var read = 0
    public private(set) var testing = 0
    public private(set) var duplicates = 0
    public private(set) var dropped = 0

    public init() {}

    /// Counts one event.
    public mutating func add(_ event: ReportEvent) {
        read += 1
        if event.testing { testing += 1; return }
        guard seen.insert(event.identity).inserted else { duplicates += 1; return }
        if event.kind == "dropped" { dropped += event.count ?? 0; return }
        guard let tip = event.tip else { return }
        let key = Key(catalog: event.catalog, tip: tip, variant: event.variant)
        var row = figures[key] ?? VariantFigures(catalog: event.catalog, tip: tip, variant: event.variant)
        switch event.kind {
        case "becameEligible": row.eligible += 1
        case "suppressed": row.suppressed[event.reason ?? "unknown", default: 0] += 1
        case "shown": row.shown += 1
        case "ended":
            row.endings[event.ending ?? "unknown", default: 0] += 1
            if event.ending == "action", let action = event.action { row.actions[action, default: 0] += 1 }
        case "invalidated": row.invalidated[event.reason ?? "unknown", default: 0] += 1
        case "converted":
            row.conversions += 1
            if event.presentation != nil {
                row.convertedAfterShown += 1
                if let began = event.presentationBegan, event.at >= began { row.delays.append(event.at - began) }
            }
        default: break
        }
        figures[key] = row
    }

    /// The figures, sorted by catalog, tip and variant (no variant first).
    public var report: Report {
        let rows = figures.values.sorted {
            ($0.catalog, $0.tip, $0.variant ?? "") < ($1.catalog, $1.tip, $1.variant ?? "")
                || (($0.catalog, $0.tip, $0.variant ?? "") == ($1.catalog, $1.tip, $1.variant ?? "") && $0.variant == nil)
        }
        return Report(rows: rows, read: read, testing: testing, duplicates: duplicates, dropped: dropped)
    }
}
