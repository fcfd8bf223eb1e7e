extension Verifier {
    /// Each renewal names a tip, in ascending order, at most one per tip, with an interval
    /// in `RenewalSchema.intervals`.
    func checkRenewals() throws(BundleError) {
        var previous: UInt32? = nil
        for (i, r) in bundle.renewals.enumerated() {
            let site = ErrorSite.item(.renewals, i)
            try tipEntry(r.tip, after: &previous, site, entries: "renewals")
            guard RenewalSchema.intervals.contains(r.after) else {
                throw .invalidValue(site, rule: "a renewal interval is 1 ms to 100 years")
            }
        }
    }
}
