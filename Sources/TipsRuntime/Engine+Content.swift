import TipsBytecode

extension Engine {
    /// Tip `tip`'s entry in the `content` section: its messages or images as alternatives.
    func chosenContent(tip: Int) -> ContentSchema? {
        catalog.contentOfTip[tip].map { catalog.bundle.contents[$0] }
    }

    /// Whether an alternative's condition holds now: the app's platform is one of its
    /// platforms and its program (which reads no arguments) returns true.
    func holds(_ c: ChoiceCondition) -> Bool {
        guard c.platforms & platform.bundleBit != 0 else { return false }
        return c.program == noIndex || vm.evaluateRule(Int(c.program), in: rules)
    }

    /// The index of the first alternative whose condition holds, if any.
    func chosen(_ conditions: [ChoiceCondition]) -> Int? {
        conditions.firstIndex { holds($0) }
    }

    /// Why the alternative at `index` of `conditions` is chosen, or why none is, for the
    /// explanation: `message 2 of 3: for iOS, iPadOS; the platform is iOS; message 1 does not hold`.
    func choiceReason(_ kind: String, _ conditions: [ChoiceCondition], chosen index: Int?) -> String {
        let n = conditions.count
        guard let index else { return "none of the \(n) \(kind)s' conditions holds; the platform is \(platform.rawValue)" }
        let c = conditions[index]
        var reasons: [String] = []
        if c.isAlways {
            reasons.append(index == 0 ? "it has no condition" : "the fallback: no condition before it holds")
        } else {
            if c.platforms != ConditionSchema.allPlatforms {
                let names = BundlePlatform.allCases.filter(c.allows).map(\.description).joined(separator: ", ")
                reasons.append("for \(names); the platform is \(platform.rawValue)")
            }
            if c.program != noIndex { reasons.append("its condition on the state holds") }
            if index > 0 { reasons.append(index == 1 ? "\(kind) 1 does not hold" : "\(kind)s 1 to \(index) do not hold") }
        }
        return "\(kind) \(index + 1) of \(n): " + reasons.joined(separator: "; ")
    }

    /// The explanation's lines for a tip that chooses its message or image; an assigned
    /// variant's message (image) replaces all of them.
    func choiceItems(_ r: ResolvedTip) -> [TipExplanation.ConditionalItem] {
        guard let c = chosenContent(tip: r.index) else { return [] }
        var out: [TipExplanation.ConditionalItem] = []
        let v = catalog.experimentOfTip.isEmpty ? nil : variant(ofTip: r.index)
        if !c.messages.isEmpty, let v, v.message != nil {
            out.append(.init(item: "message", shown: true,
                             why: "variant \(catalog.string(v.name))'s message replaces all \(c.messages.count)"))
        } else if !c.messages.isEmpty {
            let conditions = c.messages.map(\.condition)
            let i = chosen(conditions)
            out.append(.init(item: "message", shown: i != nil, why: choiceReason("message", conditions, chosen: i)))
        }
        if !c.images.isEmpty, let v, v.image != noIndex {
            out.append(.init(item: "image", shown: true, why: "variant \(catalog.string(v.name))'s image replaces all \(c.images.count)"))
        } else if !c.images.isEmpty {
            let conditions = c.images.map(\.condition)
            let i = chosen(conditions)
            out.append(.init(item: "image", shown: i != nil, why: choiceReason("image", conditions, chosen: i)))
        }
        return out
    }
}
