import TipsSource

/// The codes of lowering (E900–E999), documented under "Compiler errors" in
/// `Docs/diagnostics.md`.
extension DiagnosticCode {
    /// A bundle that does not verify, or an index too large for its instruction: a compiler
    /// bug or a catalog beyond the format's limits, reported instead of trapping.
    package static let internalCompilerError = DiagnosticCode("E900")

    /// Every code of lowering.
    package static let compilerCodes: [DiagnosticCode] = [.internalCompilerError]
}
