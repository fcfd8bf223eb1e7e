/// The earliest instant at which a declared renewal (`resetEligibility after D`) falls due,
/// kept so that the check every store call makes reads one value rather than every tip the
/// journal knows. Recomputed after a record that invalidates or returns a tip.
struct RenewalWatch: Sendable {
    /// Whether ``next`` was computed for the current state.
    var known = false
    /// The earliest due instant; nil: no invalidated tip declares a renewal.
    var next: Int64?
}
