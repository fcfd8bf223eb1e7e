/// Light or dark mode. The default style draws with the system's adaptive materials and
/// colors, which follow it by themselves; custom styles read it from the card.
public enum TipColorScheme: Hashable, Sendable {
    case light
    case dark
}
