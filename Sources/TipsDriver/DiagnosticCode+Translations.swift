import TipsSource

/// The codes of `tipc strings check` (E600–E699, W600–W699), documented under "Translation
/// diagnostics" in `Docs/diagnostics.md`.
extension DiagnosticCode {
    /// A translation file that does not read: malformed XML or JSON, wrong types, too large.
    package static let unreadableTranslations = DiagnosticCode("E600")
    /// A translation whose `\(name)` placeholders differ from the source text's.
    package static let interpolationMismatch = DiagnosticCode("E601")
    /// A text with no translation for a language the translation files have.
    package static let missingTranslation = DiagnosticCode("W600")
    /// A translation longer than its text's length budget.
    package static let translationTooLong = DiagnosticCode("W601")
    /// A translation of a key the catalog no longer has.
    package static let staleTranslation = DiagnosticCode("W602")
    /// A String Catalog variation without a form it needs (a plural form of its language,
    /// device `other`), or with a plural form its language never uses.
    package static let variationForms = DiagnosticCode("W603")

    /// Every code of the translation check, in order.
    package static let translationCodes: [DiagnosticCode] = [
        .unreadableTranslations, .interpolationMismatch, .missingTranslation, .translationTooLong, .staleTranslation,
        .variationForms,
    ]
}
