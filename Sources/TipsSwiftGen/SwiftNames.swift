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
