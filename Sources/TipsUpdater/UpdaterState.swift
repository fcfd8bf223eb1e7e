import Foundation
import TipsRuntime

/// What a `CatalogUpdater` knows about one document it fetches (the catalog's
/// `manifest.json`, or the kill switch's `suspension.json`): the response remembered for the
/// next conditional request, the failures in a row and when the next request may go out,
/// and why its state file was ignored. Each document has its own, in its own file
/// (`UpdaterStateFile`), so that a failing catalog check (a refused publication, a broken
/// bundle) never holds the kill switch back, which is the remedy for exactly that, nor the
/// reverse. The file is read once, the first time the state is needed.
struct UpdaterState: Sendable {
    let file: URL?
    private(set) var remembered: RememberedManifest?
    var failures = 0
    var retryAt: Int64?
    private(set) var problem: String?
    private var loaded = false

    init(file: URL?) {
        self.file = file
    }

    /// Reads the state file, once: the remembered response and the backoff of earlier runs.
    /// A next request further off than the longest wait there can be (a clock set back, a
    /// file edited) is cut to that wait from `now`.
    mutating func load(now: () -> Int64, backoff: CatalogUpdaterBackoff) {
        guard !loaded else { return }
        loaded = true
        guard let file else { return }
        let (state, why) = UpdaterStateFile.read(file)
        problem = why
        guard let state else { return }
        remembered = state.remembered
        failures = max(failures, state.failures ?? 0)
        if let at = state.retryAt {
            let now = now(), longest = backoff.longestWaitMilliseconds
            let (cap, overflow) = now.addingReportingOverflow(longest)
            if !overflow, at > cap {
                problem = "the updater state file '\(file.path)' asked for the next check at \(at), "
                    + "more than the longest wait (\(longest) ms) from now: shortened to it"
                retryAt = cap
            } else {
                retryAt = at
            }
        }
    }

    /// Writes the state file (atomically) after a change of the remembered response or the
    /// backoff.
    func save() {
        guard let file else { return }
        _ = UpdaterStateFile(remembered: remembered, failures: failures, retryAt: retryAt).write(to: file)
    }

    /// Forgets the failures; writes only when there were any.
    mutating func resetBackoff() {
        guard failures != 0 || retryAt != nil else { return }
        failures = 0
        retryAt = nil
        save()
    }

    /// Remembers a response that ended a check well (`version`: the manifest's version, or
    /// the suspension's serial). A response without a usable ETag forgets the old one (it
    /// described an older document), as does a nil `etag` for a document that is gone.
    mutating func remember(_ etag: String?, url: URL, catalog: String, version: UInt64) {
        if let etag, RememberedManifest.isSendable(etag) {
            let next = RememberedManifest(etag: etag, url: url.absoluteString, catalog: catalog, version: version)
            guard next != remembered else { return }
            remembered = next
            save()
        } else if remembered != nil {
            remembered = nil
            save()
        }
    }
}
