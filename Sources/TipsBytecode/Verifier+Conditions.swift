extension Verifier {
    /// Each condition names a tip's message (which it has) or one of its actions, at least
    /// one known platform, and a Bool program or none; an item has at most one condition.
    func checkConditions() throws(BundleError) {
        var seen: Set<[UInt32]> = []
        for (i, c) in bundle.conditions.enumerated() {
            let site = ErrorSite.item(.conditions, i)
            try index(c.tip, bundle.tips.count, .tip, site)
            let tip = bundle.tips[Int(c.tip)]
            if c.item == noIndex {
                guard tip.message != nil else { throw .invalidValue(site, rule: "a message condition's tip has a message") }
            } else {
                try index(c.item, tip.actions.count, .action, site)
            }
            guard c.platforms != 0, c.platforms & ~ConditionSchema.allPlatforms == 0 else {
                throw .invalidValue(site, rule: "a condition's platforms are 1 to 6 known platforms")
            }
            if c.program != noIndex { try program(c.program, returns: .bool, site, exact: true) }
            guard seen.insert([c.tip, c.item]).inserted else {
                throw .invalidValue(site, rule: "an item has at most one condition")
            }
        }
    }
}
