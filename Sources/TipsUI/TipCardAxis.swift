/// How the action buttons are laid out.
public enum TipCardAxis: Hashable, Sendable {
    /// In a row, in reading order.
    case horizontal
    /// In a column (accessibility text sizes, or more than two actions).
    case vertical
}
