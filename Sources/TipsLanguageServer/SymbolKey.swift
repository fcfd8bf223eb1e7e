/// What kind of thing a name in a catalog stands for.
enum SymbolKind: String, Sendable, Hashable {
    case tip, event, parameter, constant, enumeration, enumCase, group, payloadField, tipArgument

    /// "event", for messages.
    var noun: String {
        switch self {
        case .tip: "tip"
        case .event: "event"
        case .parameter: "parameter"
        case .constant: "constant"
        case .enumeration: "enumeration"
        case .enumCase: "enumeration case"
        case .group: "group"
        case .payloadField: "payload field"
        case .tipArgument: "tip argument"
        }
    }
}

/// One declared thing of a catalog, identified by kind and name; enumeration cases, payload
/// fields and tip arguments are named inside their container (enumeration, event or tip).
struct SymbolKey: Sendable, Hashable {
    var kind: SymbolKind
    var name: String
    var container: String?

    init(_ kind: SymbolKind, _ name: String, in container: String? = nil) {
        self.kind = kind
        self.name = name
        self.container = container
    }

    /// `Category.books`, `itemViewed.price`, `ShortcutTip`.
    var qualifiedName: String { container.map { "\($0).\(name)" } ?? name }
}
