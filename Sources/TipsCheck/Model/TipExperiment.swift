import TipsSource

/// `experiment NAME { ... }` of a tip: each install is assigned, from its identifier and the
/// salt, to the holdout or to one variant (Docs/language.md, "Experiments").
public struct TipExperiment: Sendable, Hashable {
    /// Shares are in basis points: 10,000 is the whole (100%).
    public static let wholeShare = 10_000

    public var name: String
    /// What the assignment hashes with the install identifier: `salt "..."`, else
    /// `TipName.experimentName`.
    public var salt: String
    /// The holdout's share in basis points (0: no holdout).
    public var holdout: Int
    /// In source order; their shares and the holdout's add up to ``wholeShare``.
    public var variants: [TipVariant]
    public var range: SourceRange

    public init(name: String, salt: String, holdout: Int, variants: [TipVariant], range: SourceRange) {
        self.name = name
        self.salt = salt
        self.holdout = holdout
        self.variants = variants
        self.range = range
    }
}

/// `variant NAME SHARE { ... }`: what the variant sets instead of the tip's own (nil: the tip's).
public struct TipVariant: Sendable, Hashable {
    public var name: String
    /// Basis points (> 0).
    public var share: Int
    public var title: Text?
    public var message: Text?
    public var image: String?
    /// Whether ``image`` is from the app's asset catalog.
    public var imageIsAsset: Bool = false
    /// Rules the variant adds to the tip's (all must hold).
    public var rules: [CheckedExpr] = []
    public var maxDisplayCount: Int?
    public var maxDisplayDuration: Int64?
    public var range: SourceRange

    public init(name: String, share: Int, range: SourceRange) {
        self.name = name
        self.share = share
        self.range = range
    }
}
