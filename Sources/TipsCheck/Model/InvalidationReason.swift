/// Why a tip was invalidated.
public enum InvalidationReason: String, Sendable, Hashable, CaseIterable {
    case actionPerformed
    case displayCountExceeded
    case displayDurationExceeded
    case tipClosed
}
