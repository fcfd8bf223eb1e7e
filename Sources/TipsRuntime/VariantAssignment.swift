/// Which side of a tip's experiment this install is on, and why (Docs/runtime.md, "Experiments").
public struct VariantAssignment: Hashable, Sendable, Encodable {
    /// How the assignment was decided.
    public enum Source: String, Hashable, Sendable, Encodable {
        /// The journal's exposure record: the install saw (or was held back from) it before.
        case exposure
        /// The install's bucket, from the install identifier and the experiment's salt.
        case bucket
        /// A testing override forced it (`TestingOverrides.variants`, `force variant` in scenarios).
        case override
    }

    /// The experiment's name.
    public var experiment: String
    /// The variant's name, or ``holdout``.
    public var variant: String
    /// The install's bucket in `[0, 10000)`.
    public var bucket: Int
    /// The holdout's share in basis points: buckets below it are the holdout.
    public var holdoutShare: Int
    public var source: Source

    /// The name of the holdout side (what `tipc report` compares variants with).
    public static let holdout = "holdout"

    /// Whether the install is in the holdout: the tip is eligible but never shown.
    public var isHoldout: Bool { variant == Self.holdout }

    /// Why, for people: `holdout: never shown (bucket 734 of 10000 < 1000)`.
    public var reason: String {
        if source == .override { return "\(variant): forced by a testing override" }
        let recorded = source == .exposure ? "; exposure recorded" : ""
        if isHoldout { return "holdout: never shown (bucket \(bucket) of 10000 < \(holdoutShare)\(recorded))" }
        return "\(variant) (bucket \(bucket) of 10000\(recorded))"
    }
}
