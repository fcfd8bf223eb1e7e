/// A tip address checked against the catalog: its index, its id and its arguments in
/// declaration order.
struct ResolvedTip: Hashable, Sendable {
    /// Index into the bundle's tips.
    var index: Int
    /// The instance id (the filled id template).
    var id: String
    /// The address, arguments as given.
    var tip: TipKey
    /// Argument values in declaration order.
    var arguments: [TipValue]
}
