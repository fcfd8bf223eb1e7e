/// The card's measurements and optional parts: the styling data every view (SwiftUI's
/// default style, UIKit's views) reads. Replace the whole look with a `TipCardStyle`
/// (SwiftUI) or by subclassing the UIKit views.
public struct TipCardAppearance: Hashable, Sendable {
    /// Corner radius of the card's background, in points.
    public var cornerRadius: Double
    /// Space between the card's edge and its content, in points.
    public var padding: Double
    /// Space between the card's parts, in points.
    public var spacing: Double
    /// Width and height of the image, in points (scaled with Dynamic Type by the views).
    public var imageSize: Double
    /// Whether the card has a close button (the tip can still be closed through
    /// VoiceOver's actions when it has none, so never hide both).
    public var showsCloseButton: Bool
    /// Whether the card shows the tip's image.
    public var showsImage: Bool

    public init(cornerRadius: Double = 13, padding: Double = 16, spacing: Double = 8, imageSize: Double = 32,
                showsCloseButton: Bool = true, showsImage: Bool = true) {
        self.cornerRadius = cornerRadius
        self.padding = padding
        self.spacing = spacing
        self.imageSize = imageSize
        self.showsCloseButton = showsCloseButton
        self.showsImage = showsImage
    }
}
