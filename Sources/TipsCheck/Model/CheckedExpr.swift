import TipsSource

/// A typed expression. Every node states its type and source range, and every operation is
/// already resolved to the operand types it works on (int, double, duration or date
/// arithmetic; explicit Int→Double promotions), so a back end needs no type inference.
///
/// Optional operands: an arithmetic node, negation or promotion whose operand is optional
/// yields nil when it is nil (its own ``type`` is then optional). Comparisons follow the
/// design notes: `==`/`!=` treat nil as a value, ordering with nil is false.
public struct CheckedExpr: Sendable, Hashable {
    /// What the node computes.
    public indirect enum Kind: Sendable, Hashable {
        /// A compile-time value (literals and folded subexpressions).
        case constant(ConstantValue)
        /// The current value of ``CatalogModel/parameters``[index].
        case parameter(Int)
        /// The evaluation instant (type ``ValueType/date``).
        case now
        /// Whether the app runs on one of these platforms (names from
        /// ``ContentCondition/platformNames``, in that order, neither none nor all): what
        /// `platform == macOS` or `platform != watchOS` in a rule tests. Type ``ValueType/bool``.
        case platformIn([String])
        /// A field of the local wall clock at `now`, in the device's time zone (`month`,
        /// `weekday`, `timeOfDay`, `during(...)`'s month and day). Type ``ValueType/int``, or
        /// ``ValueType/duration`` for `timeOfDay`.
        case calendar(CalendarRead)
        /// An instant of the app's history (`installed`, `appUpdated`). Type `Date?`.
        case lifetime(LifetimeRead)
        /// The value of argument `index` of the reusable tip whose rule this is (``Tip/arguments``):
        /// fixed per instance, supplied when the app creates the instance.
        case argument(Int)
        /// Boolean negation of a non-optional Bool.
        case not(CheckedExpr)
        /// Arithmetic negation (`-x`) of an Int, Double or Duration (Int wraps).
        case negate(NumericKind, CheckedExpr)
        /// Int (or Int?) converted to Double (or Double?).
        case intToDouble(CheckedExpr)
        /// Short-circuit `&&` of two non-optional Bools.
        case and(CheckedExpr, CheckedExpr)
        /// Short-circuit `||` of two non-optional Bools.
        case or(CheckedExpr, CheckedExpr)
        /// Arithmetic with resolved operand types.
        case arithmetic(ArithmeticOperator, CheckedExpr, CheckedExpr)
        /// A comparison; both operands have type `domain` or `domain?` (nil constants included).
        case compare(ComparisonOperator, ComparisonDomain, CheckedExpr, CheckedExpr)
        /// `a ?? b`: `b` when `a` is nil (evaluated only then), else `a`'s value.
        case coalesce(CheckedExpr, CheckedExpr)
        /// A method, property or function of the language, arguments in order.
        case builtin(Builtin, [CheckedExpr])
        /// An aggregate over an event's donations.
        case query(EventQuery)
    }

    /// What the node computes.
    public var kind: Kind
    /// The resolved type.
    public var type: ValueType
    /// The source of the whole node (for folded constants, the folded expression).
    public var range: SourceRange

    public init(_ kind: Kind, type: ValueType, range: SourceRange) {
        self.kind = kind
        self.type = type
        self.range = range
    }

    /// The constant, if this node is one.
    public var constantValue: ConstantValue? {
        if case .constant(let c) = kind { return c }
        return nil
    }
}
