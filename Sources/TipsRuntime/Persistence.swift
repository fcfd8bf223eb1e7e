import TipsJournal

/// Where the engine's records go, by durability mode.
enum Persistence: Sendable {
    /// Appended and fsynced by the calling store call (`.synced`).
    case synced(Journal)
    /// Applied at once, written by the background writer (`.asynchronous`, `.batched`).
    case background(JournalWriter)
    /// Applied and kept in memory only (an in-memory store).
    case memory

    /// The journal file behind it, if any.
    var journal: Journal? {
        switch self {
        case .synced(let j): j
        case .background(let w): w.journal
        case .memory: nil
        }
    }
}
