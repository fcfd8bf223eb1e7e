extension Verifier {
    /// Each goal names a tip (at most one goal each, in tip order) and an event, a filter
    /// over that event's payload or none, and a positive window.
    func checkGoals() throws(BundleError) {
        var previous: UInt32? = nil
        for (i, g) in bundle.goals.enumerated() {
            let site = ErrorSite.item(.goals, i)
            try tipEntry(g.tip, after: &previous, site, entries: "goals")
            try index(g.event, bundle.events.count, .event, site)
            if g.filter != noIndex { try filter(g.filter, of: bundle.events[Int(g.event)], site) }
            guard g.window > 0 else { throw .invalidValue(site, rule: "a goal's window must be positive") }
        }
    }
}
