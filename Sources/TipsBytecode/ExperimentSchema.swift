/// A tip's experiment (format version 8): each install is assigned, from its identifier and
/// `salt`, to the holdout or to one variant (Docs/bytecode.md, "experiments"; the assignment
/// is Docs/runtime.md's "Experiments").
public struct ExperimentSchema: Hashable, Sendable {
    /// Shares are in basis points: this is the whole (100%).
    public static let wholeShare: UInt16 = 10_000

    /// Index into the bundle's tips; each tip has at most one experiment.
    public var tip: UInt32
    /// String-table index of the experiment's name.
    public var name: UInt32
    /// String-table index of the salt the assignment hashes with the install identifier.
    public var salt: UInt32
    /// The holdout's share in basis points (0: none).
    public var holdout: UInt16
    /// In declaration order; their shares and the holdout's add up to ``wholeShare``.
    public var variants: [VariantSchema]

    /// Basis points as a percentage (`4500` → `45%`, `1250` → `12.5%`).
    public static func percent(_ bps: UInt16) -> String {
        let whole = bps / 100
        let frac = bps % 100
        if frac == 0 { return "\(whole)%" }
        return frac % 10 == 0 ? "\(whole).\(frac / 10)%" : "\(whole).\(frac < 10 ? "0" : "")\(frac)%"
    }

    public init(tip: UInt32, name: UInt32, salt: UInt32, holdout: UInt16 = 0, variants: [VariantSchema]) {
        self.tip = tip
        self.name = name
        self.salt = salt
        self.holdout = holdout
        self.variants = variants
    }
}

/// One variant: what it shows and applies instead of the tip's own (nil or `noIndex`: the tip's).
public struct VariantSchema: Hashable, Sendable {
    /// String-table index of the variant's name.
    public var name: UInt32
    /// Basis points (> 0).
    public var share: UInt16
    public var title: TipText?
    public var message: TipText?
    /// String-table index of the image name, or `noIndex`: the tip's image.
    public var image: UInt32
    /// Whether ``image`` is from the app's asset catalog (only with an image).
    public var imageIsAsset: Bool
    /// Bool programs the variant adds to the tip's rules.
    public var rules: [UInt32]
    public var maxDisplayCount: UInt32?
    /// Milliseconds.
    public var maxDisplayDuration: Int64?

    public init(name: UInt32, share: UInt16, title: TipText? = nil, message: TipText? = nil, image: UInt32 = noIndex,
                imageIsAsset: Bool = false, rules: [UInt32] = [], maxDisplayCount: UInt32? = nil,
                maxDisplayDuration: Int64? = nil) {
        self.name = name
        self.share = share
        self.title = title
        self.message = message
        self.image = image
        self.imageIsAsset = imageIsAsset
        self.rules = rules
        self.maxDisplayCount = maxDisplayCount
        self.maxDisplayDuration = maxDisplayDuration
    }
}
