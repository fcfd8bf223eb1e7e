/// Where a tip's image name points: an SF Symbol (`image "star"`) or an image of the app's
/// asset catalog (`image asset "Onboarding/Hero"`). SwiftUI builds the first with
/// `Image(systemName:)` and the second with `Image(_:)`.
public enum TipImageKind: String, Hashable, Sendable, CaseIterable {
    case symbol
    case asset
}
