/// The files of one catalog, addressed by ``FileID``.
public struct SourceSet: Sendable {
    /// The files, in the order they were added; `files[i].id.index == i`.
    public private(set) var files: [SourceFile] = []

    /// Creates an empty set.
    public init() {}

    /// Adds a file from its text and returns its id.
    @discardableResult
    public mutating func add(path: String, text: String) -> FileID {
        add(path: path, bytes: Array(text.utf8))
    }

    /// Adds a file from raw bytes and returns its id.
    @discardableResult
    public mutating func add(path: String, bytes: [UInt8]) -> FileID {
        let id = FileID(Int32(files.count))
        files.append(SourceFile(id: id, path: path, bytes: bytes))
        return id
    }

    /// The file with `id`.
    public subscript(id: FileID) -> SourceFile { files[Int(id.index)] }
}
