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
    /// A name that would hide a module the generated code spells types with.
    package static let nameHidesModule = DiagnosticCode("E803")
    /// A name Swift or the runtime type already gives a meaning where generated code puts it.
    package static let nameTakenBySwiftOrRuntime = DiagnosticCode("E804")

    /// Every code of Swift generation, in order.
    package static let swiftGenCodes: [DiagnosticCode] = [
        .swiftNameCollision, .actionIDWithoutSwiftName, .enumerationNamedLikeNamespace, .nameHidesModule,
        .nameTakenBySwiftOrRuntime,
    ]
}
