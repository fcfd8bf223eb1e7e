extension Verifier {
    /// Each renewal names a tip, in ascending order, at most one per tip, with an interval
    /// in `RenewalSchema.intervals`.
    func checkRenewals() throws(BundleError) {
        var previous: UInt32? = nil
        for (i, r) in bundle.renewals.enumerated() {
            let site = ErrorSite.item(.renewals, i)
            try index(r.tip, bundle.tips.count, .tip, site)
            if let previous, r.tip <= previous {
                throw .invalidValue(site, rule: "renewals are in ascending tip order, at most one per tip")
            }
            previous = r.tip
            guard RenewalSchema.intervals.contains(r.after) else {
                throw .invalidValue(site, rule: "a renewal interval is 1 ms to 100 years")
            }
        }
    }
}
