/// The address of a tip: its declared name and, for a reusable tip, its arguments.
///
/// A plain value that any thread may create and keep; the store resolves it on every call
/// (unknown names and wrong arguments are thrown then). For a tip without arguments a
/// string literal is enough: `store.status(of: "ShortcutTip")`. A reusable tip is
/// addressed per item, and each instance has its own display and invalidation state:
///
///     let tip = TipKey("NewTemplateTip", arguments: ["templateID": "t42", "templateName": "Invoice"])
///     try store.status(of: tip)   // the instance "NewTemplateTip-t42"
public struct TipKey: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The tip's declared name (`tip NAME { ... }`), not its id.
    public var name: String
    /// Values of the tip's declared arguments, by argument name (empty for a plain tip).
    public var arguments: [String: TipValue]

    /// The tip declared as `name`, with `arguments` when it is reusable.
    public init(_ name: String, arguments: [String: TipValue] = [:]) {
        self.name = name
        self.arguments = arguments
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String {
        guard !arguments.isEmpty else { return name }
        let args = arguments.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return "\(name)(\(args.joined(separator: ", ")))"
    }
}
