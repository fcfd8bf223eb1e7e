import Foundation
import TipsJournal
import TipsSignature

/// The files beside a journal that keep the adopted catalog between launches:
/// `<journal>.catalog`, one file holding the manifest and the bundle (so one atomic rename
/// replaces both), `<journal>.catalog-launches`, the count of unconfirmed launches with it,
/// `<journal>.catalog-failed`, the version rolled back after failed launches, and
/// `<journal>.suspension`, the kill switch in force (`CatalogSuspension` JSON).
///
/// The catalog file is `tips-adopted-catalog 1\n`, the manifest's length in decimal and
/// `\n`, the manifest's bytes, then the bundle's bytes. Every read is bounded and checked
/// again as a download is (`CatalogUpdate.check`): the file is never trusted for being ours.
struct LiveCatalogFiles: Sendable {
    let catalogPath: String
    let launchesPath: String
    let failedPath: String
    let suspensionPath: String

    init(journalPath: String) {
        catalogPath = journalPath + ".catalog"
        launchesPath = journalPath + ".catalog-launches"
        failedPath = journalPath + ".catalog-failed"
        suspensionPath = journalPath + ".suspension"
    }

    static let header = Array("tips-adopted-catalog 1\n".utf8)
    static let limit = InputFile.Limit(bytes: TipStore.bundleLimit.bytes + CatalogManifest.maxByteCount + 64, what: "an adopted catalog")
    static let smallLimit = InputFile.Limit(bytes: 64, what: "a launch count")

    static func encode(manifest: [UInt8], bundle: [UInt8]) -> [UInt8] {
        header + Array("\(manifest.count)\n".utf8) + manifest + bundle
    }

    /// The manifest and bundle in `bytes`, or why they cannot be read.
    static func decode(_ bytes: [UInt8]) -> (manifest: [UInt8], bundle: [UInt8])? {
        guard bytes.starts(with: header) else { return nil }
        var i = header.count
        var length = 0
        var digits = 0
        while i < bytes.count, bytes[i] != UInt8(ascii: "\n") {
            let c = bytes[i]
            guard c >= 0x30, c <= 0x39, digits < 6 else { return nil }
            length = length * 10 + Int(c - 0x30)
            digits += 1
            i += 1
        }
        guard digits > 0, i < bytes.count, length <= CatalogManifest.maxByteCount, bytes.count - (i + 1) >= length else { return nil }
        let start = i + 1
        return (Array(bytes[start..<start + length]), Array(bytes[(start + length)...]))
    }

    var exists: Bool { FileManager.default.fileExists(atPath: catalogPath) }

    func readCatalog() -> Result<(manifest: [UInt8], bundle: [UInt8]), TipStoreError> {
        do throws(InputFile.Failure) {
            let bytes = try InputFile.read(catalogPath, limit: Self.limit)
            guard let parts = Self.decode(bytes) else { return .failure(TipStoreError(.invalidBundle, "'\(catalogPath)' is not an adopted catalog file")) }
            return .success(parts)
        } catch {
            return .failure(TipStoreError(.unreadableBundle, "cannot read '\(catalogPath)': \(error.explanation)"))
        }
    }

    /// A small decimal number kept in `path` (0 when missing or unreadable).
    func readNumber(_ path: String) -> UInt64 {
        guard let bytes = try? InputFile.read(path, limit: Self.smallLimit),
              let text = String(bytes: bytes, encoding: .utf8) else { return 0 }
        return UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Writes `bytes` to `path` atomically (a temporary file renamed over it).
    func write(_ bytes: [UInt8], to path: String) throws(TipStoreError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw TipStoreError(.journal, "cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    /// Writes a launch count: a temporary file renamed over `path`, without the fsync an
    /// atomic `Data.write` makes. The count guards against the app crashing, which cannot
    /// lose what the kernel already holds; an fsync here cost about a millisecond on every
    /// launch with an adopted catalog (`runtime.launch.adopted`, Docs/remote.md). A power
    /// loss may forget one count: that launch is then not counted as failed.
    func writeCount(_ count: UInt64, to path: String) throws(TipStoreError) {
        // Not Data.write: swift-corelibs-foundation fsyncs even a non-atomic write.
        let code = JournalPlatform.replaceWithoutSync(path, with: Array("\(count)\n".utf8))
        guard code == 0 else {
            throw TipStoreError(.journal, "cannot write '\(path)': \(JournalPlatform.errorText(code))")
        }
    }

    func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
