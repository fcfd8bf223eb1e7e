import TipsSource

/// The codes of `tipc diff`, documented in `Docs/diff.md`. They stay the cases of
/// ``ChangeCode``, which gives each its severity and which `--allow` parses; this puts them
/// in the registry beside the compiler's codes.
extension ChangeCode {
    /// The code as a ``DiagnosticCode``.
    package var diagnosticCode: DiagnosticCode {
        guard let code = DiagnosticCode(parsing: rawValue) else { preconditionFailure("malformed change code '\(rawValue)'") }
        return code
    }
}

extension DiagnosticCode {
    /// Every code of `tipc diff`, in order.
    package static let changeCodes: [DiagnosticCode] = ChangeCode.allCases.map(\.diagnosticCode)
}
