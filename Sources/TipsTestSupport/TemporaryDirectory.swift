import Foundation

/// A fresh directory under the system's temporary directory, removed when the test ends.
public final class TemporaryDirectory {
    /// The directory's absolute path.
    public let path: String

    public init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/tips-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        // Restore permissions a test may have removed so the cleanup can proceed.
        if let walker = FileManager.default.enumerator(atPath: path) {
            for case let relative as String in walker {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path + "/" + relative)
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `relative` (creating folders) and returns the full path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        let full = path + "/" + relative
        let folder = (full as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: false, encoding: .utf8)
        return full
    }

    /// The content of `relative`.
    public func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    /// Creates a symbolic link at `relative` pointing to `destination`.
    public func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + relative, withDestinationPath: destination)
    }
}
