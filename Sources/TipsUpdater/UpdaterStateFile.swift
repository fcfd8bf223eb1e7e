import Foundation
import TipsJournal

/// What a `CatalogUpdater` keeps between launches in `<catalog>.etag.json` in its state
/// folder: the remembered manifest response (`RememberedManifest`, for the conditional
/// request) and the backoff (the failures in a row and when the next request may go out, a
/// `TipClock` instant), so that an app relaunched in a loop does not send a request per
/// launch. The kill switch check keeps the same in `<catalog>.suspension.etag.json`, with
/// the suspension's serial in `version`. Written atomically (a temporary file renamed over it) whenever either changes;
/// removed when neither holds anything.
///
/// A file written before the backoff was kept (only the four manifest fields) reads as
/// before. A file that cannot be read or decoded, or holds an ETag that cannot be sent, is
/// ignored (`problem` says why): the next request is unconditional and not held back.
struct UpdaterStateFile: Codable, Hashable, Sendable {
    var etag: String?
    var url: String?
    var catalog: String?
    var version: UInt64?
    var failures: Int?
    var retryAt: Int64?

    /// The file is tiny; anything longer is not ours.
    static let limit = InputFile.Limit(bytes: 4096, what: "an updater state file")

    init(remembered: RememberedManifest?, failures: Int, retryAt: Int64?) {
        etag = remembered?.etag
        url = remembered?.url
        catalog = remembered?.catalog
        version = remembered?.version
        self.failures = failures > 0 ? failures : nil
        self.retryAt = retryAt
    }

    var isEmpty: Bool { etag == nil && failures == nil && retryAt == nil }

    /// The remembered manifest, when the file holds a whole one with a sendable ETag.
    var remembered: RememberedManifest? {
        guard let etag, let url, let catalog, let version, RememberedManifest.isSendable(etag) else { return nil }
        return RememberedManifest(etag: etag, url: url, catalog: catalog, version: version)
    }

    /// What was read: the state, or why the file was ignored (nil state and nil problem:
    /// there is no file).
    static func read(_ file: URL) -> (state: UpdaterStateFile?, problem: String?) {
        guard FileManager.default.fileExists(atPath: file.path) else { return (nil, nil) }
        let bytes: [UInt8]
        do throws(InputFile.Failure) {
            bytes = try InputFile.read(file.path, limit: limit)
        } catch {
            return (nil, "the updater state file '\(file.path)' was ignored: \(error.explanation)")
        }
        let state: UpdaterStateFile
        do {
            state = try JSONDecoder().decode(UpdaterStateFile.self, from: Data(bytes))
        } catch {
            return (nil, "the updater state file '\(file.path)' was ignored: it is not an updater state (\(error))")
        }
        if state.etag != nil, state.remembered == nil {
            return (nil, "the updater state file '\(file.path)' was ignored: its manifest fields are incomplete or its ETag cannot be sent")
        }
        if let failures = state.failures, failures < 0 {
            return (nil, "the updater state file '\(file.path)' was ignored: a negative failure count (\(failures))")
        }
        return (state, nil)
    }

    /// Writes the file atomically, or removes it when empty; false when that failed (the
    /// state then lives in memory only).
    func write(to file: URL) -> Bool {
        if isEmpty {
            do { try FileManager.default.removeItem(at: file) } catch { return !FileManager.default.fileExists(atPath: file.path) }
            return true
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return false }
        do { try data.write(to: file, options: .atomic) } catch { return false }
        return true
    }
}
