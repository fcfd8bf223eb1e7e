import Foundation
import TipsJournal

/// The manifest response a `CatalogUpdater` remembers for its next conditional request:
/// its ETag, where it came from, and the version it named. Kept in memory and, when the
/// app gives a folder, in `<catalog>.etag.json` there (written atomically). A file that
/// cannot be read or decoded is ignored: the next request is simply unconditional.
struct RememberedManifest: Codable, Hashable, Sendable {
    var etag: String
    var url: String
    var catalog: String
    var version: UInt64

    /// The file is tiny; anything longer is not ours.
    static let limit = InputFile.Limit(bytes: 4096, what: "an ETag file")

    /// Whether `etag` can be sent back as it came: printable ASCII (no line breaks that could
    /// split a header), not empty, at most 1 KiB.
    static func isSendable(_ etag: String) -> Bool {
        !etag.isEmpty && etag.utf8.count <= 1024 && etag.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7f }
    }

    static func read(_ file: URL) -> RememberedManifest? {
        guard let bytes = try? InputFile.read(file.path, limit: limit),
              let remembered = try? JSONDecoder().decode(RememberedManifest.self, from: Data(bytes)),
              isSendable(remembered.etag) else { return nil }
        return remembered
    }

    /// Writes the file atomically; false when it could not be written (the ETag then lives
    /// in memory only, and the next launch's first request is unconditional).
    func write(to file: URL) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return false }
        do { try data.write(to: file, options: .atomic) } catch { return false }
        return true
    }
}
