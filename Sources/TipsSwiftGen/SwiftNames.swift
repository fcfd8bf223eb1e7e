/// Turning `.tips` names into Swift identifiers.
enum SwiftNames {
    /// Names that must be written in backticks somewhere generated code puts a `.tips`
    /// name (`case NAME`, `static var NAME`, `func f(NAME: T)` and `NAME.tipValue` in its
    /// body, `enum NAME`, `Namespace.NAME`). Found by compiling each of swift-syntax's
    /// keywords, unescaped, in each of those places with swiftc 6.3: the words the lexer
    /// reserves, `_`, `Any`, `Self`, `self`, `super`, `init`, `Type` and `Protocol` (which
    /// cannot follow a dot) and the expression prefixes `await` and `repeat`; plus the other
    /// contextual words that start an expression (`try`-like: `consume`, `copy`, `each`,
    /// ...), which compile today and are escaped so that a later Swift cannot change that.
    /// A backtick-escaped name means the same as the bare one wherever Swift allows both.
    static let reserved: Set<String> = [
        // Declarations
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        "Type", "Protocol",
        // Contextual words that begin an expression or a type
        "some", "any", "consume", "copy", "discard", "each", "borrowing", "consuming", "isolated", "sending",
        "unsafe",
    ]

    /// The modules generated code spells its types with (`Swift.String`, `Foundation.URL`,
    /// `TipsRuntime.TipKey`): a generated name equal to one would hide it.
    static let modules: Set<String> = ["Swift", "Foundation", "TipsRuntime"]

    /// The members of the generated namespace besides the catalog's enumerations.
    static let namespaceMembers: Set<String> = ["bundle", "makeStore", "makeInMemoryStore", "decodeBundle", "localizedText"]

    /// Enum names Swift cannot spell after a dot even in backticks: `AppTips.Type` is the
    /// namespace's metatype and `AppTips.Protocol` an error, so app code could not name them.
    static let unspellableEnumNames: Set<String> = ["Type", "Protocol"]

    /// Enum cases that break the raw-value conformance Swift synthesizes: `RawValue` is its
    /// associated type. (Checked with swiftc 6.3 for every member name of `RawRepresentable`,
    /// `CaseIterable`, `Hashable` and `TipEnumeration`; the others compile in backticks.)
    static let synthesizedEnumMembers: Set<String> = ["RawValue"]

    /// TipKit's top-level names (iOS 17 to 26): an app may import TipKit in the same file as
    /// TipsRuntime, so the namespace must not take one.
    static let tipKitNames: Set<String> = [
        "Tip", "AnyTip", "Tips", "TipOption", "TipGroup", "TipView", "TipViewStyle", "TipViewStyleConfiguration",
        "MiniTipViewStyle", "TipUIView", "TipUIPopoverViewController", "TipUICollectionViewCell",
        "TipUICollectionReusableView", "TipNSPopover", "TipNSView", "TipAnchorKey", "TipKitError", "TipKit",
    ]

    /// TipsRuntime's public top-level names: a namespace with one of them would hide the
    /// runtime's type from the app's module (a test compares this list with the runtime).
    static let runtimeNames: Set<String> = [
        "CatalogAdoption", "CatalogAdoptionError", "CatalogIdentity", "CatalogUpdate", "CatalogUpdateError", "EffectivenessEvent",
        "EffectivenessEventSink", "EventSinkOptions", "ExplanationFormat", "LiveCatalog", "LiveCatalogLaunch", "ManualClock",
        "NextAvailability", "SystemClock", "TestingOverrides", "TimeZoneName", "TipAction",
        "TipActionContent", "TipClock", "TipContent", "TipConversion", "TipEnumeration", "TipEvent", "TipExplanation", "TipGroupKey",
        "TipGroupModel", "TipGroupPresenter", "TipImageKind", "TipInvalidationReason", "TipKey", "TipModel",
        "TipParameter", "TipPlatform", "TipPresenter", "TipReport", "TipScreenCoordinator", "TipStatus", "TipStore",
        "TipStoreError", "TipText", "TipValue", "TipValueConvertible", "TipWakeUp", "VariantAssignment",
    ]

    /// The members each runtime key type has of its own (its properties, and `Hashable`'s
    /// `hashValue` and `hash(into:)`): a generated static member of the same name, declared
    /// in the app's module, would hide them from the app (`key.name` stops compiling). A
    /// test compares this list with the runtime's sources.
    static let runtimeMembers: [String: Set<String>] = [
        "TipKey": ["name", "arguments", "description", "hashValue", "hash", "pluralCount"],
        "TipEvent": ["name", "payload", "description", "hashValue", "hash"],
        "TipParameter": ["name", "description", "hashValue", "hash"],
        "TipGroupKey": ["name", "description", "hashValue", "hash"],
        "TipAction": ["id", "description", "hashValue", "hash"],
    ]

    /// `name` as written in Swift source: escaped in backticks when reserved.
    static func escaped(_ name: String) -> String {
        reserved.contains(name) ? "`\(name)`" : name
    }

    /// `FavoriteTip` → `favoriteTip`, `URLTip` → `urlTip`, `isOn` → `isOn`: the static
    /// member name of a declaration named in UpperCamelCase, as TipKit-style code reads.
    static func lowerCamel(_ name: String) -> String {
        let chars = Array(name)
        var upperRun = 0
        while upperRun < chars.count, chars[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return name }
        // Keep the last capital of a run followed by lowercase: "URLTip" → "url" + "Tip".
        let lowered = upperRun == 1 || upperRun == chars.count ? upperRun : upperRun - 1
        return String(chars[..<lowered]).lowercased() + String(chars[lowered...])
    }

    /// An action id such as `"learn-more"` or `"Set goal"` as a lowerCamelCase identifier:
    /// `learnMore`, `setGoal`; a leading digit gets an underscore. Nil when nothing of the
    /// id is an ASCII letter or digit.
    static func identifier(fromID id: String) -> String? {
        let words = id.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard !words.isEmpty else { return nil }
        var out = lowerCamel(words[0])
        for word in words.dropFirst() {
            out += word.prefix(1).uppercased() + word.dropFirst()
        }
        if let first = out.first, first.isNumber { out = "_" + out }
        return out
    }

    /// Whether `name` is an identifier Swift accepts as a type name here.
    static func isTypeIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic)
            || ("0"..."9").contains($0) } && !reserved.contains(name)
    }
}
