/// A human position: 1-based line and 1-based column, counted in Unicode scalars.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Unicode scalars from the start of the line.
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}
