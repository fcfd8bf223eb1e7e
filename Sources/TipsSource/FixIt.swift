/// A suggested source edit: replace each range by its text.
public struct FixIt: Sendable, Hashable {
    /// One replacement.
    public struct Edit: Sendable, Hashable {
        /// The bytes to replace (empty to insert).
        public var range: SourceRange
        /// The new text.
        public var replacement: String

        public init(range: SourceRange, replacement: String) {
            self.range = range
            self.replacement = replacement
        }
    }

    /// What the fix does, e.g. "replace with 'manualSave'".
    public var message: String
    /// The edits, non-overlapping.
    public var edits: [Edit]

    public init(message: String, edits: [Edit]) {
        self.message = message
        self.edits = edits
    }

    /// A fix that replaces `range` with `text`.
    public static func replace(_ range: SourceRange, with text: String, message: String) -> FixIt {
        FixIt(message: message, edits: [Edit(range: range, replacement: text)])
    }
}
