import TipsJournal

/// One store per journal per process (Docs/runtime.md): each store keeps the journal's
/// whole state in memory, so a second store on the same file would diverge from the first
/// until a `refresh()`. Other processes (an app extension) are kept apart by the file lock.
extension TipStore {
    /// A journal this store has claimed: the resolved path, and the token that frees it.
    struct JournalClaim: Sendable {
        let resolvedPath: String
        let token: Int
    }

    private struct OpenJournals {
        /// Resolved path (links followed) → the claim's token and the path as given.
        var byPath: [String: (token: Int, path: String)] = [:]
        var nextToken = 0
    }

    private static let openJournals = RuntimeLock(OpenJournals())

    /// Claims the journal at `path` for a new store, or throws `journalInUse` if another
    /// store in this process has it open by any path that reaches the same file.
    static func claimJournal(_ path: String) throws(TipStoreError) -> JournalClaim {
        let resolved = JournalPlatform.resolvedPath(path)
        let result = openJournals.withLock { open -> Result<JournalClaim, TipStoreError> in
            if let other = open.byPath[resolved] {
                let via = other.path == path ? "" : " (opened as '\(other.path)')"
                return .failure(TipStoreError(.journalInUse,
                    "journal '\(path)' is already open in this process by another TipStore\(via): keep one store per "
                    + "journal per process and share it (TipStore is Sendable), or close() the other store first"))
            }
            open.nextToken += 1
            open.byPath[resolved] = (open.nextToken, path)
            return .success(JournalClaim(resolvedPath: resolved, token: open.nextToken))
        }
        return try result.get()
    }

    /// Frees `claim` (closing again, or a deinit after close, frees nothing of a later store).
    static func release(_ claim: JournalClaim?) {
        guard let claim else { return }
        openJournals.withLock { open in
            if open.byPath[claim.resolvedPath]?.token == claim.token { open.byPath[claim.resolvedPath] = nil }
        }
    }
}
