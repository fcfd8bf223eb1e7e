import TipsSource

/// Tips an earlier check produced that the current one may take without checking them
/// again, and the record of what the current one produced, for the next.
///
/// ``IncrementalChecker`` fills `reusable` only with tips whose syntax and inputs (the
/// catalog's names and every declaration other than tips) are unchanged; see there.
struct TipReuse: Sendable {
    /// One tip as ``CatalogChecker/checkTip(_:)`` left it: the model (before groups, ids
    /// and renames add to it) and the diagnostics it reported, in order.
    struct CheckedTip: Sendable {
        var tip: Tip
        var diagnostics: [Diagnostic]
    }

    /// Results to take as they are, by tip index (`nil`: check the tip).
    var reusable: [CheckedTip?] = []
    /// Whether to keep every tip's result in `recorded`.
    var isRecording = false
    /// This run's results, by tip index, when recording.
    var recorded: [CheckedTip] = []
    /// How many tips were taken from `reusable` in this run.
    var reused = 0
}
