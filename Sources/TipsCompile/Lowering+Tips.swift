import TipsBytecode
import TipsCheck

/// Tips, their texts, actions, triggers and options, and groups.
extension Lowering {
    mutating func lowerTip(_ tip: Tip) {
        let name = builder.string(tip.name)
        let arguments = tip.arguments.map { FieldSchema(name: builder.string($0.name), type: bytecodeType($0.type)) }
        let id = template(tip.id)
        let title = text(tip.title)
        // Chosen messages and images live in the `content` section, not the tip's own fields.
        let message = tip.choosesMessage ? nil : tip.message.map { text($0) }
        let image = tip.choosesImage ? noIndex : tip.image.map { builder.string($0) } ?? noIndex
        var rules: [UInt32] = []
        for rule in tip.rules { rules.append(lowerProgram(rule, resultType: .bool)) }
        var actions: [ActionSchema] = []
        for action in tip.actions { actions.append(lowerAction(action)) }
        var triggers: [TriggerSchema] = []
        for t in tip.invalidations {
            triggers.append(TriggerSchema(event: UInt32(t.event), filter: filterIndex(t.filter, event: t.event),
                                          reason: reason(t.reason)))
        }
        let o = tip.options
        let options = TipsBytecode.TipOptions(maxDisplayCount: o.maxDisplayCount.map { UInt32(clamping: $0) },
                                              maxDisplayDuration: o.maxDisplayDuration,
                                              ignoresDisplayFrequency: o.ignoresDisplayFrequency)
        let index = builder.addTip(TipSchema(name: name, id: id, arguments: arguments, title: title, message: message,
                                             image: image, rules: rules, actions: actions, triggers: triggers,
                                             options: options))
        if !tip.choosesMessage, tip.message != nil, let c = tip.messageCondition { lowerCondition(c, tip: index, item: noIndex) }
        for (i, action) in tip.actions.enumerated() {
            if let c = action.condition { lowerCondition(c, tip: index, item: UInt32(i)) }
        }
        if tip.choosesContent { lowerContent(tip, index: index) }
        if let g = tip.goal {
            builder.addGoal(GoalSchema(tip: UInt32(index), event: UInt32(g.event), filter: filterIndex(g.filter, event: g.event),
                                       window: g.window))
        }
        if let x = tip.experiment { lowerExperiment(x, tip: index) }
    }

    /// An experiment: each variant's overrides, its rules as Bool programs.
    private mutating func lowerExperiment(_ x: TipExperiment, tip: Int) {
        var variants: [VariantSchema] = []
        for v in x.variants {
            var rules: [UInt32] = []
            for rule in v.rules { rules.append(lowerProgram(rule, resultType: .bool)) }
            variants.append(VariantSchema(name: builder.string(v.name), share: UInt16(v.share), title: v.title.map { text($0) },
                                          message: v.message.map { text($0) }, image: v.image.map { builder.string($0) } ?? noIndex,
                                          imageIsAsset: v.image != nil && v.imageIsAsset, rules: rules,
                                          maxDisplayCount: v.maxDisplayCount.map { UInt32(clamping: $0) },
                                          maxDisplayDuration: v.maxDisplayDuration))
        }
        builder.addExperiment(ExperimentSchema(tip: UInt32(tip), name: builder.string(x.name), salt: builder.string(x.salt),
                                               holdout: UInt16(x.holdout), variants: variants))
    }

    /// The `content` entry of a tip that chooses its message or image: every alternative of
    /// the kind that chooses, in source order (the other kind stays in the tip's own fields).
    private mutating func lowerContent(_ tip: Tip, index: Int) {
        var content = ContentSchema(tip: UInt32(index))
        if tip.choosesMessage {
            for m in tip.messages {
                content.messages.append(MessageChoice(text: text(m.text), condition: m.condition.map { choice($0) } ?? .always))
            }
        }
        if tip.choosesImage {
            for i in tip.images {
                content.images.append(ImageChoice(name: template(i.name), isAsset: i.isAsset,
                                                  condition: i.condition.map { choice($0) } ?? .always))
            }
        }
        builder.addContent(content)
    }

    /// An alternative's condition: its platform set as a mask, the rest as a Bool program.
    private mutating func choice(_ c: ContentCondition) -> ChoiceCondition {
        ChoiceCondition(platforms: c.platforms.map { Lowering.platformMask($0) } ?? ConditionSchema.allPlatforms,
                        program: c.expr.map { lowerProgram($0, resultType: .bool) } ?? noIndex)
    }

    /// A `when` condition: its platform set as a mask, the rest as a Bool program.
    private mutating func lowerCondition(_ c: ContentCondition, tip: Int, item: UInt32) {
        var mask = ConditionSchema.allPlatforms
        if let names = c.platforms {
            mask = Lowering.platformMask(names)
        }
        let program = c.expr.map { lowerProgram($0, resultType: .bool) } ?? noIndex
        builder.addCondition(ConditionSchema(tip: UInt32(tip), item: item, platforms: mask, program: program))
    }

    private mutating func lowerAction(_ action: Action) -> ActionSchema {
        let id = builder.string(action.id)
        let title = text(action.title)
        var effects: [TipsBytecode.Effect] = []
        for effect in action.effects {
            switch effect {
            case .invalidate(let r, _):
                effects.append(.invalidate(reason(r)))
            case .set(let param, let value, _):
                let type = bytecodeType(model.parameters[param].type)
                effects.append(.set(param: UInt32(param), program: lowerProgram(value, resultType: type)))
            case .donate(let event, let values, _):
                let fields = model.events[event].fields
                var programs: [UInt32] = []
                for (i, v) in values.enumerated() {
                    let type = i < fields.count ? bytecodeType(fields[i].type) : bytecodeType(v.type)
                    programs.append(lowerProgram(v, resultType: type))
                }
                effects.append(.donate(event: UInt32(event), fields: programs))
            case .snooze(let interval, let limit, _):
                // 0 encodes "no limit"; the checker keeps a limit within 1...UInt32.max.
                effects.append(.snooze(interval: interval, limit: UInt32(limit ?? 0)))
            }
        }
        return ActionSchema(id: id, title: title, effects: effects)
    }

    mutating func lowerGroups() {
        for g in model.groups {
            let priority: GroupPriority = g.priority == .ordered ? .ordered : .firstAvailable
            builder.addGroup(GroupSchema(name: builder.string(g.name), priority: priority,
                                         members: g.members.map { UInt32($0) }))
        }
    }

    private mutating func template(_ t: TipsCheck.Template) -> TipsBytecode.Template {
        var parts: [TemplatePart] = []
        for segment in t.segments {
            switch segment {
            case .text(let s): parts.append(.literal(builder.string(s)))
            case .argument(let a): parts.append(.argument(UInt32(a)))
            }
        }
        return TipsBytecode.Template(parts)
    }

    private mutating func text(_ t: Text) -> TipText {
        switch t {
        case .literal(let template): return .plain(self.template(template))
        case .localized(let key, let table, let fallback, _):
            let k = template(key)
            let tableIndex = table.map { builder.string($0) } ?? noIndex
            let f = fallback.map { template($0) }
            return .localized(key: k, table: tableIndex, fallback: f)
        }
    }

    private func reason(_ r: TipsCheck.InvalidationReason) -> TipsBytecode.InvalidationReason {
        switch r {
        case .actionPerformed: .actionPerformed
        case .displayCountExceeded: .displayCountExceeded
        case .displayDurationExceeded: .displayDurationExceeded
        case .tipClosed: .tipClosed
        }
    }
}

extension Lowering {
    /// The bundle's mask of platforms named as in `.tips` (`conditions` and `platformIn`).
    static func platformMask(_ names: [String]) -> UInt8 {
        names.compactMap(BundlePlatform.init(name:)).reduce(0) { $0 | (1 << $1.rawValue) }
    }
}

extension Lowering {
    /// The bundle's encoding of a calendar field the checker resolved.
    static func calendarField(_ field: CalendarRead) -> CalendarField {
        switch field {
        case .month: .month
        case .weekday: .weekday
        case .timeOfDay: .timeOfDay
        case .monthDay: .monthDay
        }
    }
}
