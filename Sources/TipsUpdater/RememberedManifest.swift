/// The response a `CatalogUpdater` remembers for its next conditional request: its ETag,
/// where it came from, and the version it named. For the manifest; the kill switch's
/// `suspension.json` is remembered the same way, with its serial as `version`. Kept in
/// memory and, when the app gives a folder, in the updater's state file there
/// (`UpdaterStateFile`).
struct RememberedManifest: Hashable, Sendable {
    var etag: String
    var url: String
    var catalog: String
    /// The manifest's version, or the suspension's serial: the ETag is sent only while the
    /// app runs that version (serial) or a newer one.
    var version: UInt64

    /// Whether `etag` can be sent back as it came: printable ASCII (no line breaks that could
    /// split a header), not empty, at most 1 KiB.
    static func isSendable(_ etag: String) -> Bool {
        !etag.isEmpty && etag.utf8.count <= 1024 && etag.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7f }
    }
}
