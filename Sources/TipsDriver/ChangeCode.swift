import TipsSource

/// The stable codes of `tipc diff`, documented in Docs/diff.md. The severity is what the
/// change means for users who already have saved state: `error` loses or misreads it
/// (breaking: exit 1 unless allowed), `warning` changes what some of them see, `note` is
/// informational.
public enum ChangeCode: String, Sendable, Hashable, CaseIterable {
    case tipRemoved = "D100"
    case tipIDChanged = "D101"
    case tipAdded = "D102"
    case tipRenamed = "D103"
    case tipRenamedDeclared = "D104"
    case eventRemoved = "D110"
    case fieldRemoved = "D111"
    case fieldRetyped = "D112"
    case fieldAdded = "D113"
    case donationsShortened = "D114"
    case eventAdded = "D115"
    case eventRenamed = "D116"
    case eventRenamedKeyKept = "D117"
    case eventKeyChanged = "D118"
    case paramRemoved = "D120"
    case paramRetyped = "D121"
    case paramDefaultChanged = "D122"
    case paramPersistenceChanged = "D123"
    case paramAdded = "D124"
    case paramRenamed = "D125"
    case paramRenamedKeyKept = "D126"
    case paramKeyChanged = "D127"
    case caseRemoved = "D130"
    case caseAdded = "D131"
    case caseRenamed = "D132"
    case displayCountLowered = "D140"
    case displayCountRaised = "D141"
    case displayDurationChanged = "D142"
    case displayFrequencyIgnoreChanged = "D143"
    case rulesChanged = "D144"
    case triggersChanged = "D145"
    case actionsChanged = "D146"
    case argumentsChanged = "D147"
    case priorityChanged = "D148"
    case displayBudgetIgnoreChanged = "D149"
    case groupChanged = "D150"
    case displayFrequencyChanged = "D151"
    case displayBudgetChanged = "D152"
    case groupTogetherChanged = "D153"
    case renewalChanged = "D154"
    case titleChanged = "D160"
    case messageChanged = "D161"
    case imageChanged = "D162"

    /// The usual severity; a transient parameter's changes are notes whatever the code.
    public var severity: Severity {
        switch self {
        case .tipRemoved, .tipIDChanged, .eventRemoved, .eventKeyChanged, .paramKeyChanged, .fieldRetyped, .paramRemoved, .paramRetyped, .caseRemoved:
            return .error
        case .fieldRemoved, .fieldAdded, .donationsShortened, .paramDefaultChanged, .paramPersistenceChanged,
             .displayCountLowered, .displayCountRaised, .displayDurationChanged, .rulesChanged, .triggersChanged,
             .argumentsChanged, .renewalChanged:
            return .warning
        case .tipAdded, .tipRenamed, .tipRenamedDeclared, .eventAdded, .eventRenamed, .eventRenamedKeyKept, .paramAdded, .paramRenamed, .paramRenamedKeyKept, .caseAdded, .caseRenamed, .displayFrequencyIgnoreChanged,
             .actionsChanged, .groupChanged, .displayFrequencyChanged, .titleChanged, .messageChanged, .imageChanged,
             .priorityChanged, .displayBudgetIgnoreChanged, .displayBudgetChanged, .groupTogetherChanged:
            return .note
        }
    }
}
