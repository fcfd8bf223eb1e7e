import TipsBytecode

extension Engine {
    /// Checks `tip` against the catalog: its name, and for a reusable tip every argument
    /// (present, known, of the declared type). Fills the id template.
    func resolve(_ tip: TipKey) throws(TipStoreError) -> ResolvedTip {
        try Engine.resolve(tip, in: catalog)
    }

    /// `resolve` against any catalog (the embedded one, for a tip the live catalog removed).
    static func resolve(_ tip: TipKey, in catalog: Catalog) throws(TipStoreError) -> ResolvedTip {
        guard let index = catalog.tipIndex(named: tip.name) else {
            throw TipStoreError(.unknownTip, "unknown tip '\(tip.name)'")
        }
        // The common case, a plain tip named without arguments: its id is known at open.
        if tip.arguments.isEmpty, let id = catalog.plainID(ofTip: index) {
            return ResolvedTip(index: index, id: id, tip: tip, arguments: [])
        }
        let schema = catalog.bundle.tips[index]
        var values: [TipValue] = []
        for a in schema.arguments {
            let name = catalog.string(a.name)
            guard let v = tip.arguments[name] else {
                throw TipStoreError(.wrongFields, "tip '\(tip.name)' needs argument '\(name): \(catalog.typeName(a.type))'")
            }
            let checked = try catalog.journalValue(v, as: a.type.nonOptional, what: "argument '\(name)' of tip '\(tip.name)'")
            values.append(TipValue(checked))
        }
        let declared = Set(schema.arguments.map { catalog.string($0.name) })
        if let extra = tip.arguments.keys.sorted().first(where: { !declared.contains($0) }) {
            let detail = declared.isEmpty ? "has no arguments" : "has no argument '\(extra)'"
            throw TipStoreError(.wrongFields, "tip '\(tip.name)' \(detail)")
        }
        return ResolvedTip(index: index, id: catalog.fill(schema.id, values), tip: tip, arguments: values)
    }

    /// Resolves and, for a reusable tip, remembers the instance (for `availableTips` and
    /// `invalidate when` triggers).
    mutating func resolveAndRemember(_ tip: TipKey) throws(TipStoreError) -> ResolvedTip {
        let r = try resolve(tip)
        if catalog.isReusable(r.index) {
            if instances[r.id] == nil { addedInstance(r) }
            instances[r.id] = r
            internArguments(of: r)
        }
        return r
    }

    /// The resolved tip for a plain (non-reusable) tip index.
    func plain(_ index: Int) -> ResolvedTip {
        let schema = catalog.bundle.tips[index]
        return ResolvedTip(index: index, id: fill(schema.id, []), tip: TipKey(catalog.tipName(index)), arguments: [])
    }

    /// A template with argument values inserted.
    func fill(_ template: Template, _ values: [TipValue]) -> String { catalog.fill(template, values) }

    /// A bundle text resolved for an instance.
    func text(_ t: TipsBytecode.TipText, _ values: [TipValue]) -> TipText {
        switch t {
        case .plain(let template):
            return .plain(fill(template, values))
        case .localized(let key, let table, let fallback):
            return .localized(key: fill(key, values), table: table == noIndex ? nil : catalog.string(table),
                              fallback: fallback.map { fill($0, values) })
        }
    }

    /// The instance's argument values by name, as `fill` writes them: translations are
    /// looked up after the runtime is done, by the app, and fill their `\(name)` from these.
    func argumentTexts(tip: Int, _ values: [TipValue]) -> [String: String] {
        var out: [String: String] = [:]
        for (i, a) in catalog.bundle.tips[tip].arguments.enumerated() where i < values.count {
            out[catalog.string(a.name)] = values[i].templateText
        }
        return out
    }

    /// Everything a UI shows for `r`.
    /// With an experiment, the assigned variant's title, message and image replace the tip's
    /// (all of its messages or images, when it chooses between several). A tip that chooses
    /// shows the first alternative whose condition holds now.
    func content(_ r: ResolvedTip) -> TipContent {
        let s = catalog.bundle.tips[r.index]
        let v = catalog.experimentOfTip.isEmpty ? nil : variant(ofTip: r.index)
        let chosen = catalog.contentOfTip.isEmpty ? nil : chosenContent(tip: r.index)
        var message: TipText?
        if let choices = chosen?.messages, !choices.isEmpty {
            message = v?.message.map { text($0, r.arguments) }
                ?? self.chosen(choices.map(\.condition)).map { text(choices[$0].text, r.arguments) }
        } else if shows(tip: r.index, item: noIndex) || (s.message == nil && v?.message != nil) {
            message = (v?.message ?? s.message).map { text($0, r.arguments) }
        }
        let imageName: String?
        let asset: Bool
        if let v, v.image != noIndex {
            imageName = catalog.string(v.image)
            asset = v.imageIsAsset
        } else if let choices = chosen?.images, !choices.isEmpty {
            let i = self.chosen(choices.map(\.condition))
            imageName = i.map { fill(choices[$0].name, r.arguments) }
            asset = i.map { choices[$0].isAsset } ?? false
        } else {
            imageName = s.image == noIndex ? nil : catalog.string(s.image)
            asset = catalog.assetImageTips.contains(r.index)
        }
        return TipContent(tip: r.tip, id: r.id, title: text(v?.title ?? s.title, r.arguments),
                          message: message,
                          image: imageName,
                          imageKind: asset ? .asset : .symbol,
                          actions: s.actions.indices.filter { shows(tip: r.index, item: UInt32($0)) }.map {
                              TipActionContent(id: catalog.string(s.actions[$0].id), title: text(s.actions[$0].title, r.arguments))
                          },
                          arguments: argumentTexts(tip: r.index, r.arguments))
    }

    /// The tip index an instance id belongs to: a plain tip's id, an instance addressed
    /// in this run, or an id that matches a reusable tip's template.
    func tipIndex(forID id: String) -> Int? {
        if let i = catalog.plainTipIDs[id] { return i }
        if let r = instances[id] { return r.index }
        for (i, t) in catalog.bundle.tips.enumerated() where !t.arguments.isEmpty && matches(id, t.id) { return i }
        return nil
    }

    /// Whether `id` could be produced by `template` (`Catalog.matches`).
    func matches(_ id: String, _ template: Template) -> Bool { catalog.matches(id, template) }
}

extension Catalog {
    /// A template with argument values inserted.
    func fill(_ template: Template, _ values: [TipValue]) -> String {
        var out = ""
        for part in template.parts {
            switch part {
            case .literal(let s): out += string(s)
            case .argument(let i): out += values.indices.contains(Int(i)) ? values[Int(i)].templateText : ""
            }
        }
        return out
    }
}
