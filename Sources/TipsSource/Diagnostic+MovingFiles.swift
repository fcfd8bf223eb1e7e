extension Diagnostic {
    /// The same diagnostic with every file id shifted by `offset`: for printing the
    /// diagnostics of several catalogs, each checked with its own ``SourceSet``, against one
    /// combined set.
    public func movingFiles(by offset: Int32) -> Diagnostic {
        func move(_ r: SourceRange) -> SourceRange {
            SourceRange(file: FileID(r.file.index &+ offset), start: r.start, end: r.end)
        }
        var copy = self
        copy.range = move(range)
        copy.notes = notes.map { Note($0.message, at: $0.range.map(move)) }
        copy.fixIts = fixIts.map { fix in
            FixIt(message: fix.message, edits: fix.edits.map { FixIt.Edit(range: move($0.range), replacement: $0.replacement) })
        }
        return copy
    }
}
