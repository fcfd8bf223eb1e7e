/// A declaration's position: the file as the user named it and the name's line and column
/// (1-based, columns in Unicode scalars).
public struct DiffLocation: Sendable, Hashable {
    public var path: String
    public var line: Int
    public var column: Int
    public var endColumn: Int
}
