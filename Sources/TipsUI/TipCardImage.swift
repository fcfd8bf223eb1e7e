import TipsRuntime

/// The card's image: an SF Symbol or an image of the app's asset catalog.
public struct TipCardImage: Hashable, Sendable {
    /// The symbol's or the asset's name.
    public var name: String
    /// Which of the two `name` is.
    public var kind: TipImageKind
    /// Where it sits: beside the text, or above it at the accessibility text sizes.
    public var placement: Placement
    /// Width and height, in points.
    public var size: Double

    /// Where the image sits.
    public enum Placement: Hashable, Sendable {
        /// At the leading edge, beside the title and message.
        case leading
        /// Above the title (accessibility text sizes: the text keeps the card's width).
        case above
    }

    public init(name: String, kind: TipImageKind, placement: Placement, size: Double) {
        self.name = name
        self.kind = kind
        self.placement = placement
        self.size = size
    }
}
