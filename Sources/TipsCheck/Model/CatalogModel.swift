import TipsSource

/// The checked model of a catalog: every name resolved to an index, every expression typed.
///
/// Declarations refer to each other by index into these arrays (never by name), so the
/// bytecode compiler and the reference evaluator can consume the model without any lookup.
/// The model is complete only when checking reported no errors; with errors, it holds what
/// could be checked, and erroneous expressions have type ``ValueType/error``.
public struct CatalogModel: Sendable, Hashable {
    /// Tips, in declaration order (files in ``SourceSet`` order).
    public var tips: [Tip]
    /// Events; ``EventQuery/event`` and effects index into this.
    public var events: [Event]
    /// Parameters; ``CheckedExpr/Kind/parameter(_:)`` indexes into this.
    public var parameters: [Parameter]
    /// Groups of tips.
    public var groups: [Group]
    /// Enumerations; ``ValueType/enumeration(_:)`` indexes into this.
    public var enums: [Enumeration]
    /// The catalog configuration, defaults filled in.
    public var configuration: Configuration
    /// Testing overrides from `testing { }` blocks (never shipped unless asked).
    public var testingOverrides: TestingOverrides
    /// Named constants (`let`), in declaration order; uses are already folded to values.
    public var constants: [NamedConstant] = []

    public init(tips: [Tip] = [], events: [Event] = [], parameters: [Parameter] = [],
                groups: [Group] = [], enums: [Enumeration] = [],
                configuration: Configuration = Configuration(),
                testingOverrides: TestingOverrides = TestingOverrides()) {
        self.tips = tips
        self.events = events
        self.parameters = parameters
        self.groups = groups
        self.enums = enums
        self.configuration = configuration
        self.testingOverrides = testingOverrides
    }
}
