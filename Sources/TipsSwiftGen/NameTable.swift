import TipsSource

/// The Swift names given so far to one kind of declaration, to report two `.tips` names
/// that would become the same Swift name (`FavoriteTip` and `favoriteTip`), or a name the
/// runtime type already uses for a member of its own.
struct NameTable {
    /// "tip", "event", ...: for the message.
    let kind: String
    /// The runtime type the members extend (`TipKey`).
    let type: String
    private var owners: [String: (name: String, range: SourceRange)] = [:]

    init(kind: String, type: String) {
        self.kind = kind
        self.type = type
    }

    /// Records `swiftName` for `name` declared at `range`; when another declaration has it,
    /// appends error E800 (at the later one, with a note at the first) to `problems`; when
    /// the runtime type has a member of that name, E804.
    mutating func claim(_ swiftName: String, for name: String, at range: SourceRange, _ problems: inout [Diagnostic]) {
        if SwiftNames.runtimeMembers[type, default: []].contains(swiftName) {
            problems.append(.error(.nameTakenBySwiftOrRuntime, "\(kind) \(name) would be \(type).\(swiftName), a name \(type) already uses", at: range,
                                   notes: [Note("in the app's module a static '\(swiftName)' hides \(type)'s own '\(swiftName)' from every '.\(swiftName)' on a \(type)"),
                                           Note("rename the \(kind); \(type) uses \(SwiftNames.runtimeMembers[type, default: []].sorted().joined(separator: ", "))")]))
            return
        }
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
