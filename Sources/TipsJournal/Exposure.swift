/// Which variant of a tip's experiment an install was first shown (or, for the holdout,
/// first held back from), and when: the journal's `exposure` record. The earliest one wins,
/// in replay and in a merge, so two devices that merged their journals keep one variant.
public struct Exposure: Sendable, Hashable {
    /// The experiment's identity: the tip's declared name and the experiment's name.
    public struct Key: Sendable, Hashable {
        public var tip: String
        public var experiment: String
        public init(tip: String, experiment: String) {
            self.tip = tip
            self.experiment = experiment
        }
    }

    /// The variant's name, or `holdout`.
    public var variant: String
    public var at: Int64

    public init(variant: String, at: Int64) {
        self.variant = variant
        self.at = at
    }

    /// Whether `self` wins over `other`: the earlier instant, then the smaller name by
    /// UTF-8 bytes, so every device picks the same one.
    func precedes(_ other: Exposure) -> Bool {
        if at != other.at { return at < other.at }
        return variant.utf8.lexicographicallyPrecedes(other.variant.utf8)
    }

    /// `exposure` records for `exposures`, by tip and experiment (UTF-8 order).
    static func records(_ exposures: [Key: Exposure]) -> [JournalRecord] {
        records(exposures.mapValues { [$0] })
    }

    /// `exposure` records for sets of exposures, by tip and experiment (UTF-8 order), each
    /// set earliest first.
    static func records(_ exposures: [Key: Set<Exposure>]) -> [JournalRecord] {
        var out: [JournalRecord] = []
        let keys = exposures.keys.sorted { a, b in
            a.tip != b.tip ? a.tip.utf8.lexicographicallyPrecedes(b.tip.utf8)
                           : a.experiment.utf8.lexicographicallyPrecedes(b.experiment.utf8)
        }
        for key in keys {
            for e in (exposures[key] ?? []).sorted(by: { $0.precedes($1) }) {
                out.append(.exposure(tip: key.tip, experiment: key.experiment, variant: e.variant, at: e.at))
            }
        }
        return out
    }

    /// The winner of two.
    static func earliest(_ a: Exposure?, _ b: Exposure) -> Exposure {
        guard let a else { return b }
        return b.precedes(a) ? b : a
    }
}

/// The install's identifier as the journal records it (`install` record): generated once
/// when an experiment first needs one and the app gave none, and kept through `resetStore`
/// and compaction. After a merge, the earliest one wins (then the smaller id).
public struct InstallIdentity: Sendable, Hashable {
    public var id: String
    public var at: Int64

    public init(id: String, at: Int64) {
        self.id = id
        self.at = at
    }

    /// The winner of two.
    static func earliest(_ a: InstallIdentity?, _ b: InstallIdentity) -> InstallIdentity {
        guard let a else { return b }
        if b.at != a.at { return b.at < a.at ? b : a }
        return b.id.utf8.lexicographicallyPrecedes(a.id.utf8) ? b : a
    }
}
