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
    /// False while no install identifier exists yet (neither the app's nor the journal's):
    /// the bucket is the empty identifier's, and the one drawn at first launch replaces it.
    public var installKnown = true

    /// The name of the holdout side (what `tipc report` compares variants with).
    public static let holdout = "holdout"

    /// Whether the install is in the holdout: the tip is eligible but never shown.
    public var isHoldout: Bool { variant == Self.holdout }

    private enum CodingKeys: String, CodingKey { case experiment, variant, bucket, holdoutShare, source, installKnown }

    /// JSON: `installKnown` only when false, so an assignment's JSON stays as it was.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(experiment, forKey: .experiment)
        try c.encode(variant, forKey: .variant)
        try c.encode(bucket, forKey: .bucket)
        try c.encode(holdoutShare, forKey: .holdoutShare)
        try c.encode(source, forKey: .source)
        if !installKnown { try c.encode(false, forKey: .installKnown) }
    }

    /// Why, for people: `holdout: never shown (bucket 734 of 10000 < 1000)`.
    public var reason: String {
        if source == .override { return "\(variant): forced by a testing override" }
        let recorded = (source == .exposure ? "; exposure recorded" : "")
            + (installKnown ? "" : "; no install identifier recorded yet (the app draws one at first launch): this is the empty identifier's side")
        if isHoldout { return "holdout: never shown (bucket \(bucket) of 10000 < \(holdoutShare)\(recorded))" }
        return "\(variant) (bucket \(bucket) of 10000\(recorded))"
    }
}
