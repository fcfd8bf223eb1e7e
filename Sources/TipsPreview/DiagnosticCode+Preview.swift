import TipsSource

/// The codes of `tipc preview` (E500–E599, W500–W599), documented under "Preview
/// diagnostics" in `Docs/diagnostics.md`.
extension DiagnosticCode {
    /// An image asset's file that exists but does not read, or is no image.
    package static let unreadableImage = DiagnosticCode("E500")
    /// A text the card truncates: more lines than its budget, or a button's title cut short.
    package static let textTruncated = DiagnosticCode("W500")
    /// A text (or a whole card) wider than its box: a word that does not fit the card's width.
    package static let textOverflows = DiagnosticCode("W501")

    /// Every code of the preview, in order.
    package static let previewCodes: [DiagnosticCode] = [.unreadableImage, .textTruncated, .textOverflows]
}
