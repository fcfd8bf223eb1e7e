extension Verifier {
    /// Each experiment names a tip (at most one each, in tip order), a name and a salt; its
    /// variants have distinct names other than `holdout`, positive shares that with the
    /// holdout's add up to the whole, and valid texts, image, Bool rules and limits.
    func checkExperiments() throws(BundleError) {
        var previous: UInt32? = nil
        for (i, x) in bundle.experiments.enumerated() {
            let site = ErrorSite.item(.experiments, i)
            try tipEntry(x.tip, after: &previous, site, entries: "experiments")
            try string(x.name, site)
            try string(x.salt, site)
            guard !x.variants.isEmpty else { throw .invalidValue(site, rule: "an experiment has a variant") }
            var total = Int(x.holdout)
            var names: Set<UInt32> = []
            let arguments = bundle.tips[Int(x.tip)].arguments.count
            for v in x.variants {
                try string(v.name, site)
                guard names.insert(v.name).inserted, bundle.strings[Int(v.name)] != "holdout" else {
                    throw .invalidValue(site, rule: "variant names are distinct and not 'holdout'")
                }
                guard v.share > 0 else { throw .invalidValue(site, rule: "a variant's share is positive") }
                total += Int(v.share)
                if let t = v.title { try text(t, arguments: arguments, site) }
                if let m = v.message { try text(m, arguments: arguments, site) }
                if v.image != noIndex { try string(v.image, site) }
                if v.imageIsAsset, v.image == noIndex { throw .invalidValue(site, rule: "an asset image needs an image") }
                for r in v.rules { try program(r, returns: .bool, site, exact: true) }
                if let n = v.maxDisplayCount, n < 1 { throw .invalidValue(site, rule: "maxDisplayCount must be at least 1") }
                if let d = v.maxDisplayDuration, d <= 0 { throw .invalidValue(site, rule: "maxDisplayDuration must be positive") }
            }
            guard total == Int(ExperimentSchema.wholeShare) else {
                throw .invalidValue(site, rule: "the variants' and the holdout's shares add up to 10000")
            }
        }
    }
}
