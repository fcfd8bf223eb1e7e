/// A displayed text, resolved for one tip instance (templates filled from its arguments).
public enum TipText: Hashable, Sendable, CustomStringConvertible {
    /// Text to show as is.
    case plain(String)
    /// A localization key to look up in `table` (the app's default table when nil); show
    /// `fallback` when no table has the key, or the key itself when there is no fallback.
    /// `arguments` are a reusable tip's argument values by name: a translation's `\(name)`
    /// is replaced by them, as the key and the fallback already were.
    case localized(key: String, table: String?, fallback: String?, arguments: [String: String] = [:])

    /// The text to show without a localization lookup: the plain text, or the fallback,
    /// or the key.
    public var fallbackText: String {
        switch self {
        case .plain(let s): return s
        case .localized(let key, _, let fallback, _): return fallback ?? key
        }
    }

    /// Resolves the text with `lookup(key, table)`, which returns nil when the key is
    /// missing (e.g. `Bundle.main.localizedString(forKey:value:table:)` wrapped to return
    /// nil when it echoes the key).
    public func resolved(_ lookup: (_ key: String, _ table: String?) -> String?) -> String {
        switch self {
        case .plain(let s): return s
        case .localized(let key, let table, _, let arguments):
            guard let found = lookup(key, table) else { return fallbackText }
            return arguments.isEmpty ? found : Self.filling(found, arguments)
        }
    }

    /// `text` with each `\(name)` of `arguments` replaced by its value; any other `\(...)`
    /// stays as written (`tipc strings check` reports it, E601).
    static func filling(_ text: String, _ arguments: [String: String]) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "\\(") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: ")"),
                  let value = arguments[String(rest[open.upperBound..<close])] else {
                out += rest[open]
                rest = rest[open.upperBound...]
                continue
            }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    public var description: String { fallbackText }
}

/// An action button of a tip.
public struct TipActionContent: Hashable, Sendable {
    /// The action's id (pass it to `TipStore.perform(action:of:)`).
    public var id: String
    /// Its title.
    public var title: TipText

    /// An action (for previews and tests; the store resolves real ones).
    public init(id: String, title: TipText) {
        self.id = id
        self.title = title
    }
}

/// Everything a UI needs to show one tip instance.
public struct TipContent: Hashable, Sendable {
    /// The tip as addressed (name and arguments).
    public var tip: TipKey
    /// The resolved id (the id template filled from the arguments).
    public var id: String
    /// The title (required in every tip).
    public var title: TipText
    /// The message, when declared.
    public var message: TipText?
    /// A symbol name (SF Symbols on Apple platforms), when declared.
    public var image: String?
    /// Whether ``image`` names an SF Symbol or an asset-catalog image.
    public var imageKind: TipImageKind = .symbol
    /// The action buttons, in declaration order.
    public var actions: [TipActionContent]

    /// Content as given (for previews and tests; the store resolves real content).
    public init(tip: TipKey, id: String, title: TipText, message: TipText? = nil, image: String? = nil,
                actions: [TipActionContent] = []) {
        self.tip = tip
        self.id = id
        self.title = title
        self.message = message
        self.image = image
        self.actions = actions
    }

    /// Content with an image of `imageKind` (for previews and tests).
    public init(tip: TipKey, id: String, title: TipText, message: TipText? = nil, image: String?, imageKind: TipImageKind,
                actions: [TipActionContent] = []) {
        self.init(tip: tip, id: id, title: title, message: message, image: image, actions: actions)
        self.imageKind = imageKind
    }
}
