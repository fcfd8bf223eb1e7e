import TipsSource

/// `experiment NAME { [salt "s"] [holdout 10%] variant NAME 45% { tip-items } ... }` inside a
/// tip: variants of the tip's copy and limits, each shown to a share of installs, and a
/// holdout share that never sees the tip (Docs/language.md, "Experiments").
public struct ExperimentSyntax: Sendable, Hashable {
    /// One line of an experiment body, in source order.
    public enum Member: Sendable, Hashable {
        /// `salt "s"`: re-randomises the assignment (the default salt is the experiment's name).
        case salt(StringLiteralSyntax, range: SourceRange)
        /// `holdout 10%`: the share of installs for whom the tip is eligible but never shown.
        case holdout(ShareSyntax?, range: SourceRange)
        /// `variant NAME 45% { ... }`.
        case variant(VariantSyntax)

        public var range: SourceRange {
            switch self {
            case .salt(_, let r), .holdout(_, let r): r
            case .variant(let v): v.range
            }
        }
    }

    public var name: Identifier
    public var members: [Member]
    /// From `experiment` to `}`.
    public var range: SourceRange

    public init(name: Identifier, members: [Member], range: SourceRange) {
        self.name = name
        self.members = members
        self.range = range
    }
}

/// `45%` or `0.45`: a share of installs as written. The checker accepts percentages and
/// offers the percentage for a fraction.
public struct ShareSyntax: Sendable, Hashable {
    /// The number's source text (`45`, `12.5`, `0.45`).
    public var number: String
    /// Whether a `%` follows the number.
    public var isPercent: Bool
    public var range: SourceRange

    public init(number: String, isPercent: Bool, range: SourceRange) {
        self.number = number
        self.isPercent = isPercent
        self.range = range
    }

    /// The share as written again (`45%`).
    public var text: String { number + (isPercent ? "%" : "") }
}

/// `variant NAME SHARE { tip-items }`: what this variant changes in the tip.
public struct VariantSyntax: Sendable, Hashable {
    public var name: Identifier
    /// Missing when not written (the checker reports it).
    public var share: ShareSyntax?
    /// The tip items the variant sets instead of the tip's own, in source order.
    public var items: [TipItemSyntax]
    /// From `variant` to `}`.
    public var range: SourceRange

    public init(name: Identifier, share: ShareSyntax?, items: [TipItemSyntax], range: SourceRange) {
        self.name = name
        self.share = share
        self.items = items
        self.range = range
    }
}
