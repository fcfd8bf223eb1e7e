import Foundation

/// The journals named on a command line: files as given, and each folder's `*.jsonl` files
/// (one device each), sorted by name so every run reads them in the same order.
public enum JournalInputs {
    /// The files, or the first path that does not exist.
    public static func files(_ paths: [String]) -> Result<[String], Missing> {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failure(Missing(path: path)) }
            guard isDirectory.boolValue else { files.append(path); continue }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
            files += names.map { (path as NSString).appendingPathComponent($0) }
        }
        return .success(files)
    }

    /// A path that names neither a file nor a folder.
    public struct Missing: Error, Sendable, Equatable {
        public var path: String
    }
}
