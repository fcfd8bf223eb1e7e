import TipsSource
import TipsSyntax

/// `experiment` blocks: shares that add up, unique variant names, variants that change
/// something, and only the items a variant may set.
extension CatalogChecker {
    /// The items a variant may set, as the message lists them.
    static let variantItems = ["title", "message", "image", "rule", "maxDisplayCount", "maxDisplayDuration"]

    mutating func experiment(_ e: ExperimentSyntax, of tip: Tip, tipName: String) -> TipExperiment? {
        var salt: String?
        var holdout = 0
        var seen: [String: SourceRange] = [:]
        var variants: [TipVariant] = []
        var names: [String: SourceRange] = [:]
        var valid = true
        for member in e.members {
            switch member {
            case .salt(let s, let r):
                guard firstTime("salt", r, &seen) else { continue }
                if let text = plainString(s, what: "a salt") {
                    if text.isEmpty {
                        error(.invalidExperiment, "an experiment's salt cannot be empty; leave 'salt' out to use the default "
                              + "'\(tipName).\(e.name.name)'", at: s.range)
                        valid = false
                    } else {
                        salt = text
                    }
                }
            case .holdout(let share, let r):
                guard firstTime("holdout", r, &seen) else { continue }
                if let share, let bps = self.share(share, what: "the holdout") { holdout = bps } else { valid = false }
            case .variant(let v):
                if let first = names[v.name.name] {
                    error(.invalidExperiment, "experiment '\(e.name.name)' already has a variant '\(v.name.name)'",
                          at: v.name.range, notes: [Note("first declared here", at: first)])
                    valid = false
                    continue
                }
                names[v.name.name] = v.name.range
                if v.name.name == "holdout" {
                    error(.invalidExperiment, "a variant cannot be named 'holdout': reports give that name to the installs "
                          + "that never see the tip; write 'holdout 10%' for a holdout", at: v.name.range)
                    valid = false
                    continue
                }
                guard let shareSyntax = v.share else {
                    error(.invalidExperiment, "variant '\(v.name.name)' has no share; say which part of installs sees it",
                          at: v.name.range, notes: [Note("for example variant \(v.name.name) 50% { ... }")],
                          fixIts: [.replace(.point(v.name.range.file, v.name.range.end), with: " 50%", message: "add ' 50%'")])
                    valid = false
                    continue
                }
                guard let bps = share(shareSyntax, what: "variant '\(v.name.name)'") else {
                    valid = false
                    continue
                }
                if let variant = self.variant(v, share: bps, of: tip) { variants.append(variant) } else { valid = false }
            }
        }
        if names.isEmpty {
            error(.invalidExperiment, "experiment '\(e.name.name)' has no variants", at: e.name.range,
                  notes: [Note("for example variant shorter 50% { title \"...\" }; a holdout alone is 'holdout 50%' beside a variant")])
            return nil
        }
        guard valid else { return nil }
        let total = variants.reduce(holdout) { $0 + $1.share }
        if total != TipExperiment.wholeShare {
            let parts = (holdout > 0 ? ["holdout \(Self.percent(holdout))"] : [])
                + variants.map { "\($0.name) \(Self.percent($0.share))" }
            error(.invalidExperiment, "the shares of experiment '\(e.name.name)' add up to \(Self.percent(total)), not 100%",
                  at: e.name.range, notes: [Note(parts.joined(separator: " + "))])
            return nil
        }
        return TipExperiment(name: e.name.name, salt: salt ?? "\(tipName).\(e.name.name)", holdout: holdout,
                             variants: variants, range: e.range)
    }

    /// A share in basis points: a percentage above 0 and below 100, in hundredths at most.
    /// A fraction (`0.45`) or a bare number (`45`) is refused with the percentage as a fix-it.
    private mutating func share(_ s: ShareSyntax, what: String) -> Int? {
        guard let value = Double(s.number), value.isFinite else {
            error(.invalidExperiment, "'\(s.number)' is not a share", at: s.range)
            return nil
        }
        guard s.isPercent else {
            // `0.45` reads as a fraction, `45` as a percentage missing its sign.
            let percent = value < 1 ? value * 100 : value
            let fixed = Self.trimmed(percent) + "%"
            error(.invalidExperiment, "shares are written as percentages: '\(fixed)', not '\(s.number)'", at: s.range,
                  fixIts: [.replace(s.range, with: fixed, message: "replace with '\(fixed)'")])
            return nil
        }
        let bps = (value * 100).rounded()
        guard abs(bps - value * 100) < 1e-6 else {
            error(.invalidExperiment, "\(what)'s share \(s.text) is finer than the assignment's steps of 0.01%",
                  at: s.range)
            return nil
        }
        guard bps > 0, bps < Double(TipExperiment.wholeShare) else {
            error(.invalidExperiment, "\(what)'s share must be above 0% and below 100%, found \(s.text)", at: s.range)
            return nil
        }
        return Int(bps)
    }

    /// One variant's items, each at most once and of the kinds a variant may set, and
    /// at least one of them different from the tip's own.
    private mutating func variant(_ v: VariantSyntax, share: Int, of tip: Tip) -> TipVariant? {
        var variant = TipVariant(name: v.name.name, share: share, range: v.range)
        var seen: [String: SourceRange] = [:]
        var differs = false
        var valid = true
        for item in v.items {
            switch item {
            case .title(let t, let r):
                guard firstTime("title", r, &seen) else { continue }
                let text = self.text(t)
                variant.title = text
                if !Self.sameText(text, tip.title) { differs = true }
            case .message(let t, let condition, let r):
                guard firstTime("message", r, &seen) else { continue }
                if let condition {
                    error(.invalidExperiment, "a variant's message takes no 'when'; the tip's condition applies to it",
                          at: condition.range)
                    valid = false
                }
                let text = self.text(t)
                variant.message = text
                // A variant's message replaces all of the tip's messages, so it differs from several.
                if tip.messages.count != 1 || tip.message.map({ !Self.sameText(text, $0) }) ?? true { differs = true }
            case .image(let s, let condition, let r), .imageAsset(let s, let condition, let r):
                guard firstTime("image", r, &seen) else { continue }
                if let condition {
                    error(.invalidExperiment, "a variant's image takes no 'when'; it replaces the tip's images", at: condition.range)
                    valid = false
                }
                variant.image = plainString(s, what: "a variant's image name")
                if case .imageAsset = item { variant.imageIsAsset = true }
                if tip.choosesImage || variant.image != tip.image || variant.imageIsAsset != tip.imageIsAsset { differs = true }
            case .rule(let e, _):
                variant.rules.append(checkRule(e))
                differs = true
            case .maxDisplayCount(let e, let r):
                guard firstTime("maxDisplayCount", r, &seen) else { continue }
                variant.maxDisplayCount = positiveInt(e, what: "'maxDisplayCount'", code: .invalidTipOption)
                if variant.maxDisplayCount != tip.options.maxDisplayCount { differs = true }
            case .maxDisplayDuration(let e, let r):
                guard firstTime("maxDisplayDuration", r, &seen) else { continue }
                variant.maxDisplayDuration = reportSecondsWithoutUnit(e, what: "'maxDisplayDuration'")
                    ? nil : positiveDuration(e, what: "'maxDisplayDuration'", code: .invalidTipOption)
                if variant.maxDisplayDuration != tip.options.maxDisplayDuration { differs = true }
            default:
                let word = Self.itemWord(item)
                error(.invalidExperiment, "a variant cannot set '\(word)'; a variant sets "
                      + Self.variantItems.map { "'\($0)'" }.joined(separator: ", "), at: item.range)
                valid = false
            }
        }
        guard valid else { return nil }
        if !differs {
            error(.variantNotDifferent, "variant '\(v.name.name)' shows the tip as it is; give it a title, message, image, "
                  + "rule or limit of its own", at: v.name.range,
                  notes: v.items.isEmpty ? [] : [Note("each item it sets is the tip's own")])
            return nil
        }
        return variant
    }

    /// Whether two texts read the same (ranges aside).
    static func sameText(_ a: Text, _ b: Text) -> Bool {
        switch (a, b) {
        case (.literal(let x), .literal(let y)): return x.segments == y.segments
        case (.localized(let k1, let t1, let f1, _), .localized(let k2, let t2, let f2, _)):
            return k1.segments == k2.segments && t1 == t2 && f1?.segments == f2?.segments
        default: return false
        }
    }

    /// The word that starts a tip item, for messages.
    static func itemWord(_ item: TipItemSyntax) -> String {
        switch item {
        case .id: "id"
        case .title: "title"
        case .message: "message"
        case .image, .imageAsset: "image"
        case .rule: "rule"
        case .action: "action"
        case .invalidateWhen: "invalidate"
        case .goal: "goal"
        case .experiment: "experiment"
        case .maxDisplayCount: "maxDisplayCount"
        case .maxDisplayDuration: "maxDisplayDuration"
        case .ignoresDisplayFrequency: "ignoresDisplayFrequency"
        case .priority: "priority"
        case .ignoresDisplayBudget: "ignoresDisplayBudget"
        case .resetEligibility: "resetEligibility"
        }
    }

    /// Basis points as a percentage (`4500` → `45%`, `1250` → `12.5%`).
    static func percent(_ bps: Int) -> String { trimmed(Double(bps) / 100) + "%" }

    /// A number without a trailing `.0`, to two decimals at most.
    static func trimmed(_ x: Double) -> String {
        let hundredths = (x * 100).rounded()
        let whole = Int(hundredths / 100)
        let frac = Int(abs(hundredths).truncatingRemainder(dividingBy: 100))
        if frac == 0 { return "\(whole)" }
        return frac % 10 == 0 ? "\(whole).\(frac / 10)" : "\(whole).\(frac < 10 ? "0" : "")\(frac)"
    }
}
