/// The direction text and the card's parts run in: right-to-left for Arabic, Hebrew and
/// the like. The views lay out by leading and trailing edges, so the close button sits at
/// the trailing edge (the left, right-to-left) and actions run in reading order.
public enum TipLayoutDirection: Hashable, Sendable {
    case leftToRight
    case rightToLeft
}
