import Foundation
import TipsRuntime

/// Turns a tip's texts (`TipText`: plain, or a localization key with a table and a
/// fallback) into what the card shows, through `TipText.resolved(_:arguments:)`: a
/// translation gets a reusable tip's arguments (``TipContent/arguments``) filled in.
public struct TipLocalizer {
    private let lookup: (_ key: String, _ table: String?) -> String?

    /// A localizer over `lookup(key, table)`, which returns nil for a missing key.
    public init(_ lookup: @escaping (_ key: String, _ table: String?) -> String?) {
        self.lookup = lookup
    }

    /// No lookup: plain texts as they are, localized ones as their fallback (or key).
    public static var fallback: TipLocalizer { TipLocalizer { _, _ in nil } }

    /// Looks keys up in `bundle`'s string tables (`Localizable` when the tip names none).
    public static func bundle(_ bundle: Bundle) -> TipLocalizer {
        TipLocalizer { key, table in
            // A value no table holds tells a missing key from a translation equal to it.
            let missing = "\u{1}tips-missing\u{1}"
            let found = bundle.localizedString(forKey: key, value: missing, table: table)
            return found == missing ? nil : found
        }
    }

    /// The text to show for `text`; a translation's `\(name)` filled from `arguments` (the
    /// content's ``TipContent/arguments`` for a tip's texts; none for the card's own words).
    public func callAsFunction(_ text: TipText, arguments: [String: String] = [:]) -> String {
        text.resolved(lookup, arguments: arguments)
    }
}
