/// A donation of a declared event: its name and payload, ready for
/// `TipStore.donate(_:at:)`.
///
/// Generated code (`tipc gen swift`) declares one static member per event, so a donation
/// reads `try store.donate(.noteSaved(method: .menu))` and a misspelt event or a wrong
/// payload field is a compile error.
public struct TipEvent: Hashable, Sendable, CustomStringConvertible {
    /// The event's declared name.
    public var name: String
    /// Every payload field, by field name.
    public var payload: [String: TipValue]

    /// A donation of event `name` with `payload`.
    public init(_ name: String, payload: [String: TipValue] = [:]) {
        self.name = name
        self.payload = payload
    }

    public var description: String {
        guard !payload.isEmpty else { return name }
        let fields = payload.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return "\(name)(\(fields.joined(separator: ", ")))"
    }
}
