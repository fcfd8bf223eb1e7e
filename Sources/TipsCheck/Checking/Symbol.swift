import TipsSource

/// What a top-level name refers to, with the index of its declaration in the model.
enum Symbol: Hashable {
    case enumeration(Int)
    case parameter(Int)
    case event(Int)
    case tip(Int)
    case group(Int)
    case constant(Int)

    /// "an event", for messages such as "'x' is an event, not a type".
    var kindDescription: String {
        switch self {
        case .enumeration: "an enumeration"
        case .parameter: "a parameter"
        case .event: "an event"
        case .tip: "a tip"
        case .group: "a group"
        case .constant: "a constant"
        }
    }
}

/// A declared name and where it was declared (the name's range, for notes).
struct SymbolEntry {
    var symbol: Symbol
    var range: SourceRange
}
