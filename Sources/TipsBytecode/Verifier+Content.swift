extension Verifier {
    /// Each entry names a tip, in ascending order, and has alternatives; their texts and
    /// image names use the tip's arguments and known strings, each condition allows at least
    /// one known platform and has a Bool program or none, and only the last alternative of a
    /// list may be the fallback. A tip whose messages are here has no message (nor message
    /// condition) of its own; one whose images are here has no image (nor asset mark).
    func checkContent() throws(BundleError) {
        var previous: UInt32?
        for (i, c) in bundle.contents.enumerated() {
            let site = ErrorSite.item(.content, i)
            try index(c.tip, bundle.tips.count, .tip, site)
            if let previous, c.tip <= previous {
                throw .invalidValue(site, rule: "content entries are in ascending tip order, at most one per tip")
            }
            previous = c.tip
            guard !c.messages.isEmpty || !c.images.isEmpty else {
                throw .invalidValue(site, rule: "a content entry has messages or images")
            }
            let tip = bundle.tips[Int(c.tip)]
            let n = tip.arguments.count
            if !c.messages.isEmpty {
                guard tip.message == nil, !bundle.conditions.contains(where: { $0.tip == c.tip && $0.item == noIndex }) else {
                    throw .invalidValue(site, rule: "a tip with message alternatives has no message of its own")
                }
            }
            if !c.images.isEmpty {
                guard tip.image == noIndex, !bundle.assetImages.contains(c.tip) else {
                    throw .invalidValue(site, rule: "a tip with image alternatives has no image of its own")
                }
            }
            for m in c.messages { try text(m.text, arguments: n, site) }
            for image in c.images {
                guard !image.name.parts.isEmpty else { throw .invalidValue(site, rule: "an image alternative has a name") }
                try template(image.name, arguments: n, site)
            }
            try choices(c.messages.map(\.condition), site)
            try choices(c.images.map(\.condition), site)
        }
    }

    private func choices(_ conditions: [ChoiceCondition], _ site: ErrorSite) throws(BundleError) {
        for (i, c) in conditions.enumerated() {
            guard c.platforms != 0, c.platforms & ~ConditionSchema.allPlatforms == 0 else {
                throw .invalidValue(site, rule: "an alternative's platforms are 1 to 6 known platforms")
            }
            if c.program != noIndex { try program(c.program, returns: .bool, site, exact: true) }
            guard !c.isAlways || i == conditions.count - 1 else {
                throw .invalidValue(site, rule: "only the last alternative is the fallback")
            }
        }
    }
}
