import TipsSource

/// One token of a scenario line. Scenario files are line-based: each line is lexed on its
/// own, so one bad line never hides the next one.
struct ScenarioToken: Sendable, Hashable {
    /// What the token is.
    enum Kind: Sendable, Hashable {
        /// `begin`, `ShortcutTip`, `x3`: letters, digits and `_`, not starting with a digit.
        case word(String)
        /// `"open-editor"`, escapes resolved.
        case string(String)
        /// `42`, `1_000`.
        case int(Int64)
        /// `3.5`, `1.5e3`.
        case double(Double)
        /// `30s`, `1h30m`, `8d`, in milliseconds.
        case duration(Int64)
        /// `2026-01-01T09:00:00Z`, `2026-01-01`, in milliseconds since the epoch.
        case instant(Int64)
        /// One of `( ) [ ] , : = . - + /`, or `==`.
        case punct(String)
    }

    var kind: Kind
    /// Byte offsets in the scenario file.
    var range: SourceRange

    /// The word's text, if the token is a word.
    var word: String? {
        if case .word(let w) = kind { return w }
        return nil
    }

    /// True when the token is the punctuation `p`.
    func isPunct(_ p: String) -> Bool { kind == .punct(p) }
}
