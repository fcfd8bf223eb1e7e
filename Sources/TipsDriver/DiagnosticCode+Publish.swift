import TipsSource

/// The codes of the app check of `tipc publish --app` (E700–E799, W700–W799), documented
/// under "Publishing errors" in `Docs/diagnostics.md`: what a catalog about to be published
/// takes away from an app version still in use, whose typed Swift was generated from the
/// catalog it embeds.
extension DiagnosticCode {
    /// A tip of the app's catalog that the new catalog has neither under its name nor as a
    /// declared `renamedFrom`.
    package static let appTipGone = DiagnosticCode("E700")
    /// An event of the app's catalog that the new catalog has neither by name nor renamed.
    package static let appEventGone = DiagnosticCode("E701")
    /// A parameter of the app's catalog that the new catalog has neither by name nor renamed.
    package static let appParameterGone = DiagnosticCode("E702")
    /// An enumeration, or one of its cases, that the app passes and the new catalog lacks.
    package static let appCaseGone = DiagnosticCode("E703")
    /// A group of the app's catalog that the new catalog does not have.
    package static let appGroupGone = DiagnosticCode("E704")
    /// An event gained a payload field, which the app's donations never send.
    package static let appFieldAdded = DiagnosticCode("E705")
    /// An event's payload lost, retyped or reordered a field the app sends.
    package static let appPayloadChanged = DiagnosticCode("E706")
    /// A parameter the app sets has another type.
    package static let appParameterRetyped = DiagnosticCode("E707")
    /// A reusable tip takes other arguments than the app addresses it with.
    package static let appArgumentsChanged = DiagnosticCode("E708")
    /// An action id of a tip that the app's typed Swift names and the new tip lacks.
    package static let appActionGone = DiagnosticCode("W700")

    /// Every code of the app check, in order.
    package static let publishCodes: [DiagnosticCode] = [
        .appTipGone, .appEventGone, .appParameterGone, .appCaseGone, .appGroupGone, .appFieldAdded,
        .appPayloadChanged, .appParameterRetyped, .appArgumentsChanged, .appActionGone,
    ]
}
