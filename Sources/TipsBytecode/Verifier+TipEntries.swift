extension Verifier {
    /// One entry of a per-tip section (goals, experiments, budgets, renewals): it names a
    /// tip, and the entries are in ascending tip order, so at most one per tip, which lets
    /// the runtime find a tip's entry by index. `previous` is the last entry's tip.
    func tipEntry(_ tip: UInt32, after previous: inout UInt32?, _ site: ErrorSite, entries: String) throws(BundleError) {
        try index(tip, bundle.tips.count, .tip, site)
        if let previous, tip <= previous {
            throw .invalidValue(site, rule: "\(entries) are in ascending tip order, at most one per tip")
        }
        previous = tip
    }
}
