import TipsSource

/// The Swift names given so far to one kind of declaration, to report two `.tips` names
/// that would become the same Swift name (`FavoriteTip` and `favoriteTip`).
struct NameTable {
    /// "tip", "event", ...: for the message.
    let kind: String
    private var owners: [String: (name: String, range: SourceRange)] = [:]

    init(kind: String) { self.kind = kind }

    /// Records `swiftName` for `name` declared at `range`; when another declaration has it,
    /// appends error E800 (at the later one, with a note at the first) to `problems`.
    mutating func claim(_ swiftName: String, for name: String, at range: SourceRange, _ problems: inout [Diagnostic]) {
        if let first = owners[swiftName] {
            problems.append(.error(.swiftNameCollision, "\(kind) \(name) would have the Swift name '\(swiftName)', as \(kind) \(first.name) has",
                                   at: range,
                                   notes: [Note("\(kind) \(first.name) is declared here", at: first.range),
                                           Note("rename one of them: generated Swift names them alike")]))
            return
        }
        owners[swiftName] = (name, range)
    }
}
