import TipsSource
import TipsSyntax

/// TipKit spellings that parse as `.tips` expressions but mean nothing here (`Self.flag`,
/// `manualSave.donations.count`, `within .week`, `maxDisplayDuration 120`): reported with
/// the `.tips` form, and a fix-it when the edit keeps the meaning.
extension CatalogChecker {
    /// Reports `expr` if it is a TipKit spelling, and returns what to use instead of typing
    /// it (an error node, or the expression it stands for); nil when it is not one.
    mutating func tipKitExpression(_ expr: ExprSyntax, expected: ValueType?) -> CheckedExpr? {
        guard case .member(let base, let id, let range) = expr else {
            if case .methodCall(_, _, _, let range) = expr, donationsChain(range) != nil {
                return reportDonations(range)
            }
            return nil
        }
        if case .name(let root) = base, root.name == "Self" {
            // `Self.hasSeenList`: a TipKit tip's static parameter.
            let prefix = SourceRange(file: range.file, start: root.range.start, end: id.range.start)
            error(.unknownParameter, "'Self.' is Swift: in .tips a parameter is named directly, as in '\(id.name)'", at: prefix,
                  fixIts: [.replace(prefix, with: "", message: "remove 'Self.'")])
            return typeExpr(.name(id), expected: expected)
        }
        if donationsChain(range) != nil { return reportDonations(range) }
        return nil
    }

    /// The `.tips` query for `e.donations[.donatedWithin(...)].count` at `range`, if the root
    /// is a declared event.
    func donationsChain(_ range: SourceRange) -> String? {
        let text = sources[range.file].text(in: range)
        guard text.contains(".donations"), let translated = TipKitSpelling.expression(fromSwift: text) else { return nil }
        let root = String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard case .event? = symbols[root]?.symbol else { return nil }
        return translated
    }

    private mutating func reportDonations(_ range: SourceRange) -> CheckedExpr {
        let text = sources[range.file].text(in: range)
        let root = String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        let spelled = donationsChain(range) ?? "count(\(root))"
        error(.wrongKindOfName, "'\(root)' is an event: TipKit's '.donations' count is written '\(spelled)'", at: range,
              fixIts: [.replace(range, with: spelled, message: "replace with '\(spelled)'")])
        return errorNode(range)
    }

    /// `within .week` (TipKit's `DonationTimeRange`) as a window: reported with its duration.
    mutating func reportTipKitWindow(_ window: ExprSyntax) -> Bool {
        guard case .enumCase(let id, let range) = window, let spelled = TipKitSpelling.window(id.name) else { return false }
        error(.invalidWindow, "a window is a duration: TipKit's '.\(id.name)' is written '\(spelled)'", at: range,
              fixIts: [.replace(range, with: spelled, message: "replace with '\(spelled)'")])
        return true
    }

    /// `maxDisplayDuration 120`: TipKit's `MaxDisplayDuration` counts seconds.
    mutating func reportSecondsWithoutUnit(_ value: ExprSyntax, what: String) -> Bool {
        guard case .integer(let seconds, let range) = value, seconds > 0 else { return false }
        let spelled = "\(seconds)s"
        error(.typeMismatch, "\(what) must be a duration, found the number \(seconds)", at: range,
              notes: [Note("TipKit's MaxDisplayDuration counts seconds; a .tips duration states its unit, "
                           + "as in '\(spelled)' or '\(TipKitSpelling.duration(seconds: seconds))'")],
              fixIts: [.replace(range, with: spelled, message: "replace with '\(spelled)'")])
        return true
    }
}
