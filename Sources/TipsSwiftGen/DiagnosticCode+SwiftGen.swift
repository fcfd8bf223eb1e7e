import TipsSource

/// The codes of Swift generation (E800–E899), documented under "Swift generation errors" in
/// `Docs/diagnostics.md`.
extension DiagnosticCode {
    /// Two declarations whose generated Swift names are the same.
    package static let swiftNameCollision = DiagnosticCode("E800")
    /// An action id with no letter or digit to make a Swift name of.
    package static let actionIDWithoutSwiftName = DiagnosticCode("E801")
    /// An enumeration named like the generated namespace.
    package static let enumerationNamedLikeNamespace = DiagnosticCode("E802")

    /// Every code of Swift generation, in order.
    package static let swiftGenCodes: [DiagnosticCode] = [
        .swiftNameCollision, .actionIDWithoutSwiftName, .enumerationNamedLikeNamespace,
    ]
}
