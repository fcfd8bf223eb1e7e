import Foundation

/// A fresh directory under the system's temporary directory, removed when the test ends.
public final class TemporaryDirectory {
    /// The directory's absolute path.
    public let path: String

    /// Makes the directory inside `base` (the system's temporary directory by default).
    public init(in base: String = FileManager.default.temporaryDirectory.path) throws {
        path = base + "/tips-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        Self.makeRemovable(path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Gives back the permissions a test took from the folders inside `directory`, so the
    /// cleanup can remove them. Links are never followed: a test's `up -> ../..` once made
    /// this chmod the system's temporary folder to 0755, and apt failed later in CI.
    static func makeRemovable(_ directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            let item = directory + "/" + name
            // attributesOfItem reads the link itself, not what it points at.
            guard let type = (try? FileManager.default.attributesOfItem(atPath: item))?[.type] as? FileAttributeType,
                  type == .typeDirectory else { continue }
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: item)
            makeRemovable(item)
        }
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
