import TipsSource

/// The syntax tree of one `.tips` file. The parser always returns one, even for broken input;
/// what it could not parse is reported in its diagnostics and left out of the tree.
public struct FileSyntax: Sendable, Hashable {
    public var file: FileID
    public var declarations: [DeclSyntax]
    /// Every comment of the file, in source order.
    public var comments: [Comment]

    public init(file: FileID, declarations: [DeclSyntax], comments: [Comment]) {
        self.file = file
        self.declarations = declarations
        self.comments = comments
    }
}
