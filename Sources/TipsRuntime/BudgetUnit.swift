/// What one place of a display budget goes to: a tip (by instance id), or a group that
/// flows as one unit (`together`), whose members share one place.
enum BudgetUnit: Hashable, Sendable {
    case tip(String)
    case group(Int)
}

/// The latest presentation of a budget unit: when it began, and which tip it was.
struct UnitShow: Hashable, Sendable {
    var at: Int64
    var id: String
}
