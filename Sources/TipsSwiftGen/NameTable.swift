/// The Swift names given so far to one kind of declaration, to report two `.tips` names
/// that would become the same Swift name (`FavoriteTip` and `favoriteTip`).
struct NameTable {
    /// "tip", "event", ...: for the message.
    let kind: String
    private var owners: [String: (name: String, location: String)] = [:]

    init(kind: String) { self.kind = kind }

    /// Records `swiftName` for `name` declared at `location`, or throws if another
    /// declaration has it.
    mutating func claim(_ swiftName: String, for name: String, at location: String) throws(SwiftGenError) {
        if let other = owners[swiftName] {
            throw SwiftGenError("\(kind)s \(other.name) (\(other.location)) and \(name) (\(location)) would both be "
                + "'\(swiftName)' in Swift; rename one")
        }
        owners[swiftName] = (name, location)
    }
}
