import Foundation
import TipsDriver
import TipsJournal
import TipsRuntime

/// A card's image as the page shows it: an SF Symbol as a placeholder glyph with its name
/// (the symbols' font is Apple's, not on the page), an asset as its file embedded as a
/// `data:` URL when the asset folder has one, else the same placeholder.
public struct PreviewImage: Sendable, Hashable {
    /// The symbol's or asset's name.
    public var name: String
    /// `image asset "..."` rather than an SF Symbol.
    public var isAsset: Bool
    /// The file's bytes as a `data:` URL, when an asset's file was found and read.
    public var dataURL: String?
    /// The file the asset was read from (or failed to be).
    public var file: String?

    /// The largest image file embedded.
    public static let limit = InputFile.Limit(bytes: 8 << 20, what: "an image file")
    /// The extensions an asset's file is looked for with, in order.
    public static let extensions = ["png", "jpg", "jpeg", "gif", "webp", "svg"]

    /// An asset's file that exists but does not read or is no image: where and why.
    public struct Failure: Error, Sendable, Hashable {
        public var path: String
        public var message: String
    }

    /// Asset files read once per catalog.
    struct Cache {
        var folder: String?
        var found: [String: Result<PreviewImage, Failure>] = [:]

        mutating func image(named name: String, kind: TipImageKind) -> Result<PreviewImage, Failure> {
            guard kind == .asset, let folder else { return .success(PreviewImage(name: name, isAsset: kind == .asset)) }
            if let known = found[name] { return known }
            let result = PreviewImage.asset(name, in: folder)
            found[name] = result
            return result
        }
    }

    public init(name: String, isAsset: Bool, dataURL: String? = nil, file: String? = nil) {
        self.name = name
        self.isAsset = isAsset
        self.dataURL = dataURL
        self.file = file
    }

    /// Asset `name` from `folder`: `NAME.png` (or another of ``extensions``), or the first
    /// such file in `NAME.imageset/` (an Xcode asset catalog's layout). None found: the
    /// placeholder. Found but unreadable, or not a PNG, JPEG, GIF, WebP or SVG image: a
    /// failure naming the file and the reason.
    public static func asset(_ name: String, in folder: String) -> Result<PreviewImage, Failure> {
        var candidates = extensions.map { CatalogLoader.join(folder, name + "." + $0) }
        let set = CatalogLoader.join(folder, name + ".imageset")
        if FileSystem.isDirectory(set) {
            let names = ((try? FileSystem.entries(of: set)) ?? []).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            candidates += names.filter { extensions.contains(($0.split(separator: ".").last ?? "").lowercased()) }
                .map { CatalogLoader.join(set, $0) }
        }
        guard let path = candidates.first(where: { if case .success = FileSystem.status($0) { return true } else { return false } }) else {
            return .success(PreviewImage(name: name, isAsset: true))
        }
        let bytes: [UInt8]
        do throws(FileSystem.Failure) {
            bytes = try FileSystem.readFile(path, limit: limit)
        } catch {
            return .failure(Failure(path: path, message: "cannot read the file of image asset '\(name)', \(path): \(error.reason)"))
        }
        guard let type = mediaType(of: bytes) else {
            return .failure(Failure(path: path, message: "the file of image asset '\(name)', \(path), is not a PNG, JPEG, GIF, WebP or SVG image"))
        }
        return .success(PreviewImage(name: name, isAsset: true, dataURL: "data:\(type);base64," + Data(bytes).base64EncodedString(),
                                     file: path))
    }

    /// The media type of an image by its first bytes (not its extension, which may lie).
    static func mediaType(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        let head = String(decoding: bytes.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if head.hasPrefix("<svg") || (head.hasPrefix("<?xml") && head.contains("<svg")) { return "image/svg+xml" }
        return nil
    }
}
