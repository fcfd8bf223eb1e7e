import TipsText

/// A displayed text, resolved for one tip instance (templates filled from its arguments).
///
/// Its cases keep their shape: a reusable tip's argument values, which a translation's
/// `\(name)` needs, travel on ``TipContent/arguments`` rather than in a case, so app code that
/// switches over a `TipText` is not broken by them.
public enum TipText: Hashable, Sendable, CustomStringConvertible {
    /// Text to show as is.
    case plain(String)
    /// A localization key to look up in `table` (the app's default table when nil); show
    /// `fallback` when no table has the key, or the key itself when there is no fallback.
    /// The runtime has filled a reusable tip's arguments into the key and the fallback.
    case localized(key: String, table: String?, fallback: String?)

    /// The text to show without a localization lookup: the plain text, or the fallback,
    /// or the key.
    public var fallbackText: String {
        switch self {
        case .plain(let s): return s
        case .localized(let key, _, let fallback): return fallback ?? key
        }
    }

    /// Resolves the text with `lookup(key, table)`, which returns nil when the key is
    /// missing (e.g. `Bundle.main.localizedString(forKey:value:table:)` wrapped to return
    /// nil when it echoes the key).
    ///
    /// A translation the lookup finds gets each `\(name)` that `arguments` names replaced by
    /// its value, in one pass (a value holding `\(other)` is shown as it is); pass the
    /// content's ``TipContent/arguments``, or call ``TipContent/resolved(_:_:)``. A
    /// placeholder `arguments` does not name stays as written (`tipc strings check` reports
    /// it, E601). Plain texts and fallbacks were filled by the runtime already.
    public func resolved(_ lookup: (_ key: String, _ table: String?) -> String?,
                         arguments: [String: String] = [:]) -> String {
        switch self {
        case .plain(let s): return s
        case .localized(let key, let table, _):
            guard let found = lookup(key, table) else { return fallbackText }
            return PlaceholderText.filled(found, with: arguments)
        }
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
    /// The message, when declared: of several, the first whose `when` holds now; nil when
    /// none holds and there is no fallback.
    public var message: TipText?
    /// A symbol name (SF Symbols on Apple platforms), when declared: of several, the first
    /// whose `when` holds now, its name filled from the instance's arguments.
    public var image: String?
    /// Whether ``image`` names an SF Symbol or an asset-catalog image.
    public var imageKind: TipImageKind = .symbol
    /// The action buttons, in declaration order.
    public var actions: [TipActionContent]
    /// A reusable tip's argument values by name, each as the runtime wrote it into the
    /// texts' templates (a plain tip has none): what fills a translation's `\(name)`.
    public var arguments: [String: String] = [:]

    /// Content as given (for previews and tests; the store resolves real content).
    public init(tip: TipKey, id: String, title: TipText, message: TipText? = nil, image: String? = nil,
                actions: [TipActionContent] = [], arguments: [String: String] = [:]) {
        self.tip = tip
        self.id = id
        self.title = title
        self.message = message
        self.image = image
        self.actions = actions
        self.arguments = arguments
    }

    /// Content with an image of `imageKind` (for previews and tests).
    public init(tip: TipKey, id: String, title: TipText, message: TipText? = nil, image: String?, imageKind: TipImageKind,
                actions: [TipActionContent] = [], arguments: [String: String] = [:]) {
        self.init(tip: tip, id: id, title: title, message: message, image: image, actions: actions, arguments: arguments)
        self.imageKind = imageKind
    }

    /// `text` (one of this content's) resolved with `lookup`, a translation filled with
    /// this instance's ``arguments``: `text.resolved(lookup, arguments: arguments)`.
    public func resolved(_ text: TipText, _ lookup: (_ key: String, _ table: String?) -> String?) -> String {
        text.resolved(lookup, arguments: arguments)
    }
}
