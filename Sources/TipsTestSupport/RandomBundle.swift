import TipsBenchSupport
import TipsBytecode

/// Seeded random *valid* bundles: schemas, filters, queries, well-typed programs, tips,
/// groups and a source map. Shared by TipsBytecodeTests, TipsVMTests, TipsRuntimeTests and
/// the fuzz seed generator (scripts/fuzz-bundle.sh compiles this file), so every consumer
/// sees the same bundles for the same seed.
public struct RandomBundle {
    var rng: SeededGenerator
    var b = BundleBuilder()
    var p = ProgramBuilder()

    /// The random bundle of `seed`: the same bytes on every run and machine.
    public static func make(seed: UInt64) -> TipsBundle {
        var g = RandomBundle(rng: SeededGenerator(seed: seed))
        return g.build()
    }

    /// The texts strings are drawn from (tests reuse them as hostile names).
    public static let texts = ["", "a", "b", "hello", "héllo", "😀", "tab\there", "New \\(x)", "ünïcödé", "zz"]

    mutating func text() -> String {
        rng.chance(70) ? Self.texts[rng.below(Self.texts.count)] : "s\(rng.below(1000))"
    }

    mutating func scalarType(enums: Int) -> ValueType {
        let kinds: [ValueType.Kind] = [.bool, .int, .double, .string, .date, .duration] + (enums > 0 ? [.enumeration] : [])
        let k = kinds[rng.below(kinds.count)]
        return ValueType(k, enumIndex: k == .enumeration ? UInt16(rng.below(enums)) : 0)
    }

    mutating func constant(_ t: ValueType) -> Constant {
        if t.isOptional && rng.chance(30) { return .nil(t) }
        var c: Constant
        switch t.kind {
        case .bool: c = .bool(rng.chance(50))
        case .int: c = .int(rng.chance(50) ? Int64(rng.below(20)) - 5 : Int64(bitPattern: rng.next()))
        case .double: c = .double([0, -0.0, 1.5, .nan, .infinity, -3.25][rng.below(6)])
        case .string:
            let s = text()
            c = .string(b.string(s))
        case .date: c = .date(ms: Int64(rng.below(1 << 30)) * 1000)
        case .duration: c = .duration(ms: Int64(rng.below(1 << 20)) * 1000 + 1)
        case .enumeration: c = .enumCase(Int(t.enumIndex), rng.below(b.bundle.enums[Int(t.enumIndex)].cases.count))
        case .stringSet:
            let members = (0..<rng.below(4)).map { _ in text() }
            let id = b.set(members)
            c = .set(id)
        }
        c.type = t
        return c
    }

    mutating func build() -> TipsBundle {
        b.configuration = Configuration(displayFrequency: Int64(rng.below(4)) * 3_600_000,
                                        donationLimit: UInt32(1 + rng.below(2000)),
                                        donationMaxAge: rng.chance(30) ? Int64(1 + rng.below(1 << 30)) : nil)
        for e in 0..<rng.below(3) {
            b.addEnum("E\(e)", cases: (0..<(1 + rng.below(4))).map { "c\($0)" })
        }
        let enums = b.bundle.enums.count
        for i in 0..<rng.below(7) {
            var t = rng.chance(15) ? ValueType.stringSet : scalarType(enums: enums)
            t.isOptional = rng.chance(25)
            let value = constant(t)
            b.addParam("p\(i)", type: t, default: value, transient: rng.chance(20))
        }
        for i in 0..<rng.below(4) {
            let fields = (0..<rng.below(4)).map { ("f\($0)", scalarType(enums: enums)) }
            b.addEvent("e\(i)", fields: fields, limit: rng.chance(50) ? UInt32(1 + rng.below(50)) : nil,
                       maxAge: rng.chance(30) ? Int64(1 + rng.below(1 << 28)) : nil)
        }
        for (e, event) in b.bundle.events.enumerated() {
            for _ in 0..<rng.below(3) {
                var terms: [FilterTerm] = []
                for (f, field) in event.fields.enumerated() where rng.chance(60) {
                    if field.type.kind == .bool && rng.chance(50) {
                        terms.append(FilterTerm(field: UInt32(f), relation: rng.chance(50) ? .isTrue : .isFalse, constant: noIndex))
                    } else {
                        let ordered = field.type.kind != .bool && field.type.kind != .enumeration
                        let relation = Relation(rawValue: UInt8(rng.below(ordered ? 6 : 2))) ?? .eq
                        let value = constant(field.type)
                        let index = b.constant(value)
                        terms.append(FilterTerm(field: UInt32(f), relation: relation, constant: index))
                    }
                }
                let filter = terms.isEmpty ? noIndex : b.filter(Filter(terms: terms))
                let window: Int64? = rng.chance(60) ? Int64(1 + rng.below(1 << 30)) : nil
                let group = !event.fields.isEmpty && rng.chance(30) ? UInt32(rng.below(event.fields.count)) : noIndex
                _ = b.query(Query(event: UInt32(e), window: window, filter: filter, groupField: group))
            }
        }
        let files = (0..<(1 + rng.below(2))).map { b.file("file\($0).tips") }
        var rules: [UInt32] = []
        for _ in 0..<rng.below(6) {
            p = ProgramBuilder()
            p.location = SourceMapEntry(file: files[rng.below(files.count)], line: UInt32(1 + rng.below(200)), column: 1)
            emitBool(depth: 0)
            p.emit(.ret)
            rules.append(b.addProgram(p.program(resultType: .bool, withSourceMap: rng.chance(80))))
        }
        for t in 0..<rng.below(4) {
            let args: [ArgumentSchema] = (0..<rng.below(3)).map { i in
                FieldSchema(name: b.string("a\(i)"), type: [.string, .int, .bool][rng.below(3)])
            }
            let name = b.string("Tip\(t)")
            var id = Template([.literal(name)])
            if !args.isEmpty { id.parts.append(.argument(UInt32(rng.below(args.count)))) }
            let title = textValue(args: args.count)
            let message = rng.chance(50) ? textValue(args: args.count) : nil
            let imageText = text()
            let image = rng.chance(50) ? b.string(imageText) : noIndex
            let myRules = rules.isEmpty ? [] : (0..<rng.below(3)).map { _ in rules[rng.below(rules.count)] }
            var actions: [ActionSchema] = []
            for a in 0..<rng.below(3) {
                var effects: [Effect] = []
                if rng.chance(50) { effects.append(.invalidate(InvalidationReason(rawValue: UInt8(rng.below(4))) ?? .tipClosed)) }
                if !b.bundle.params.isEmpty && rng.chance(50) {
                    let param = rng.below(b.bundle.params.count)
                    effects.append(.set(param: UInt32(param), program: valueProgram(b.bundle.params[param].type)))
                }
                if !b.bundle.events.isEmpty && rng.chance(50) {
                    let e = rng.below(b.bundle.events.count)
                    let programs = b.bundle.events[e].fields.map { valueProgram($0.type) }
                    effects.append(.donate(event: UInt32(e), fields: programs))
                }
                actions.append(ActionSchema(id: b.string("action\(a)"), title: textValue(args: args.count), effects: effects))
            }
            var triggers: [TriggerSchema] = []
            for q in b.bundle.queries where rng.chance(20) {
                triggers.append(TriggerSchema(event: q.event, filter: q.filter, reason: InvalidationReason(rawValue: UInt8(rng.below(4))) ?? .actionPerformed))
            }
            let options = TipOptions(maxDisplayCount: rng.chance(50) ? UInt32(1 + rng.below(5)) : nil,
                                     maxDisplayDuration: rng.chance(30) ? Int64(1 + rng.below(100_000)) : nil,
                                     ignoresDisplayFrequency: rng.chance(30))
            b.addTip(TipSchema(name: name, id: id, arguments: args, title: title, message: message, image: image,
                               rules: myRules, actions: actions, triggers: triggers, options: options))
        }
        var members = Array(0..<b.bundle.tips.count).map(UInt32.init)
        var g = 0
        while !members.isEmpty && rng.chance(60) {
            let take = 1 + rng.below(members.count)
            let groupName = b.string("G\(g)")
            b.addGroup(GroupSchema(name: groupName, priority: rng.chance(50) ? .ordered : .firstAvailable,
                                   members: Array(members.prefix(take))))
            members.removeFirst(take)
            g += 1
        }
        if rng.chance(60) { b.setExplain(explainTable(b.bundle)) }
        // Argument bindings (format version 4), drawn last so the rest of each seed's
        // bundle stays as it was before they existed.
        for (t, tip) in b.bundle.tips.enumerated() {
            for (k, a) in tip.arguments.enumerated() where rng.chance(30) {
                _ = b.argumentConstant(tip: t, argument: k, placeholder: constant(a.type))
            }
        }
        // Persistence keys and asset images (format version 4 too), drawn after them so a
        // version 4 bundle may hold any mix of the three; keys never clash with "p"/"e" names.
        for (i, param) in b.bundle.params.enumerated() where !param.isTransient && rng.chance(15) {
            b.addKey(.param, index: i, key: "com.random.p\(i)")
        }
        for i in b.bundle.events.indices where rng.chance(15) { b.addKey(.event, index: i, key: "com.random.e\(i)") }
        for (t, tip) in b.bundle.tips.enumerated() where tip.image != noIndex && rng.chance(20) { b.markAssetImage(tip: t) }
        // `when` conditions (format version 5), drawn last for the same reason: a random
        // platform mask and one of the tip's Bool rule programs or none.
        for (t, tip) in b.bundle.tips.enumerated() where rng.chance(10) {
            let items = (tip.message == nil ? [] : [noIndex]) + tip.actions.indices.map(UInt32.init)
            for item in items where rng.chance(50) {
                let mask = UInt8(1 + rng.below(Int(ConditionSchema.allPlatforms)))
                let program = tip.rules.isEmpty || rng.chance(30) ? noIndex : tip.rules[rng.below(tip.rules.count)]
                b.addCondition(ConditionSchema(tip: UInt32(t), item: item, platforms: mask, program: program))
            }
        }
        // Goals (format version 7), drawn last for the same reason: one of the tip's own
        // `invalidate when` event and filter pairs (so the filter fits), or any event unfiltered.
        for (t, tip) in b.bundle.tips.enumerated() where !b.bundle.events.isEmpty && rng.chance(10) {
            let window = Int64(1 + rng.below(14)) * 86_400_000
            if !tip.triggers.isEmpty && rng.chance(50) {
                let trigger = tip.triggers[rng.below(tip.triggers.count)]
                b.addGoal(GoalSchema(tip: UInt32(t), event: trigger.event, filter: trigger.filter, window: window))
            } else {
                b.addGoal(GoalSchema(tip: UInt32(t), event: UInt32(rng.below(b.bundle.events.count)), window: window))
            }
        }
        // Experiments (format version 8), drawn last for the same reason: up to three
        // variants (and maybe a holdout) whose shares add up to the whole, each overriding a
        // random mix of the tip's own texts, image, rule programs and limits, so they verify.
        for (t, tip) in b.bundle.tips.enumerated() where rng.chance(8) {
            let count = 1 + rng.below(3)
            let holdout = rng.chance(50) || count == 1 ? UInt16(1 + rng.below(3000)) : 0
            var left = Int(ExperimentSchema.wholeShare) - Int(holdout)
            var variants: [VariantSchema] = []
            for k in 0..<count {
                let share = k == count - 1 ? left : 1 + rng.below(left - (count - 1 - k))
                left -= share
                var v = VariantSchema(name: b.string("v\(k)"), share: UInt16(share))
                if rng.chance(50) { v.title = tip.message ?? tip.title }
                if rng.chance(30) { v.message = tip.title }
                if rng.chance(30) { v.image = b.string("star"); v.imageIsAsset = rng.chance(30) }
                if !tip.rules.isEmpty, rng.chance(30) { v.rules = [tip.rules[rng.below(tip.rules.count)]] }
                if rng.chance(30) { v.maxDisplayCount = UInt32(1 + rng.below(5)) }
                if rng.chance(20) { v.maxDisplayDuration = Int64(1 + rng.below(600)) * 1000 }
                variants.append(v)
            }
            b.addExperiment(ExperimentSchema(tip: UInt32(t), name: b.string("x\(t)"), salt: b.string("salt\(t)"),
                                             holdout: holdout, variants: variants))
        }
        // Budgets (format version 11), drawn last for the same reason: budgets from 0 (none)
        // to the maximum, tips with a priority or an exemption (never neither, so they
        // verify), and some groups that flow as one unit.
        if rng.chance(15) {
            var budgets = BudgetSchema()
            if rng.chance(60) { budgets.perDay = UInt16(1 + rng.below(Int(BudgetSchema.maxBudget))) }
            if rng.chance(40) { budgets.perLaunch = UInt16(1 + rng.below(Int(BudgetSchema.maxBudget))) }
            let span = Int(BudgetSchema.priorities.upperBound) - Int(BudgetSchema.priorities.lowerBound) + 1
            for t in b.bundle.tips.indices where rng.chance(30) {
                let priority = rng.chance(70) ? Int16(Int(BudgetSchema.priorities.lowerBound) + rng.below(span)) : 0
                budgets.tips.append(BudgetSchema.TipBudget(tip: UInt32(t), priority: priority, exempt: priority == 0 || rng.chance(20)))
            }
            budgets.togetherGroups = b.bundle.groups.indices.filter { _ in rng.chance(40) }.map(UInt32.init)
            b.setBudgets(budgets)
        }
        // Renewals (format version 12): some tips return after an interval from a minute to
        // a year, drawn last for the same reason.
        if rng.chance(15) {
            let renewals = b.bundle.tips.indices.filter { _ in rng.chance(30) }.map { t in
                RenewalSchema(tip: UInt32(t), after: Int64(1 + rng.below(525_600)) * 60_000)
            }
            b.setRenewals(renewals)
        }
        // Chosen content (format version 13), drawn last for the same reason: for tips
        // without a message (or image) of their own, one to three alternatives with random
        // platforms and Bool rule programs, the last maybe the fallback; images may name an
        // argument and be assets.
        for (t, tip) in b.bundle.tips.enumerated() where rng.chance(12) {
            func condition(last: Bool) -> ChoiceCondition {
                if last && rng.chance(50) { return .always }
                let mask = UInt8(1 + rng.below(Int(ConditionSchema.allPlatforms)))
                let program = tip.rules.isEmpty || rng.chance(40) ? noIndex : tip.rules[rng.below(tip.rules.count)]
                // Only the last may always hold: before it, every platform needs a program.
                let choice = ChoiceCondition(platforms: mask, program: program)
                return choice.isAlways && !last ? ChoiceCondition(platforms: mask >> 1, program: noIndex) : choice
            }
            var content = ContentSchema(tip: UInt32(t))
            let hasMessageCondition = b.bundle.conditions.contains { $0.tip == UInt32(t) && $0.item == noIndex }
            if tip.message == nil, !hasMessageCondition, rng.chance(70) {
                let n = 1 + rng.below(3)
                for k in 0..<n {
                    content.messages.append(MessageChoice(text: .plain(Template([.literal(b.string("m\(k)"))])),
                                                          condition: condition(last: k == n - 1)))
                }
            }
            if tip.image == noIndex, !b.bundle.assetImages.contains(UInt32(t)), rng.chance(60) {
                let n = 1 + rng.below(3)
                for k in 0..<n {
                    var parts: [TemplatePart] = [.literal(b.string("i\(k)"))]
                    if !tip.arguments.isEmpty, rng.chance(40) { parts.append(.argument(UInt32(rng.below(tip.arguments.count)))) }
                    content.images.append(ImageChoice(name: Template(parts), isAsset: rng.chance(30),
                                                      condition: condition(last: k == n - 1)))
                }
            }
            if !content.messages.isEmpty || !content.images.isEmpty { b.addContent(content) }
        }
        return b.bundle
    }

    /// An `explain` section: probe programs copied from the bundle's own (so they verify),
    /// one explanation per rule with random probes of every kind.
    mutating func explainTable(_ bundle: TipsBundle) -> ExplainTable {
        var table = ExplainTable()
        var bools: [UInt32] = [], any: [UInt32] = []
        for program in bundle.programs where rng.chance(70) {
            let k = UInt32(table.programs.count)
            table.programs.append(Program(resultType: program.resultType, code: program.code))
            any.append(k)
            if program.resultType == .bool { bools.append(k) }
        }
        for tip in bundle.tips {
            var rules: [RuleExplanation] = []
            for _ in tip.rules {
                var probes: [Probe] = []
                for _ in 0..<rng.below(4) where !bools.isEmpty {
                    let kind = Probe.Kind(rawValue: UInt8(rng.below(3))) ?? .term
                    let program = kind == .term ? any[rng.below(any.count)] : bools[rng.below(bools.count)]
                    var probe = Probe(kind: kind, text: text(), line: UInt32(rng.below(100)), column: UInt32(rng.below(80)),
                                      isNegated: rng.chance(30), program: program)
                    if kind == .comparison {
                        probe.relation = Relation(rawValue: UInt8(rng.below(6))) ?? .eq
                        probe.left = ProbeOperand(text: text(), program: any[rng.below(any.count)])
                        probe.right = ProbeOperand(text: text(), program: any[rng.below(any.count)])
                    }
                    probes.append(probe)
                }
                let file: UInt32 = !bundle.files.isEmpty && rng.chance(50) ? 0 : noIndex
                rules.append(RuleExplanation(text: text(), location: SourceMapEntry(file: file, line: UInt32(rng.below(50)),
                                                                                   column: UInt32(rng.below(50))),
                                             probes: probes))
            }
            table.tips.append(rules)
        }
        return table
    }

    mutating func template(args: Int) -> Template {
        let literal = text()
        var parts: [TemplatePart] = [.literal(b.string(literal))]
        if args > 0 && rng.chance(50) { parts.append(.argument(UInt32(rng.below(args)))) }
        return Template(parts)
    }

    mutating func textValue(args: Int) -> TipText {
        if rng.chance(70) { return .plain(template(args: args)) }
        let key = template(args: args)
        let table = rng.chance(50) ? b.string("Table") : noIndex
        return .localized(key: key, table: table, fallback: rng.chance(50) ? template(args: args) : nil)
    }

    /// A program returning a value of exactly `type` (a constant or a parameter).
    mutating func valueProgram(_ type: ValueType) -> UInt32 {
        p = ProgramBuilder()
        if let param = b.bundle.params.firstIndex(where: { type.accepts($0.type) }), rng.chance(50) {
            p.emit(.loadParam, bx: param)
        } else {
            let value = constant(type)
            b.emitPush(value, into: &p)
        }
        p.emit(.ret)
        return b.addProgram(p.program(resultType: type, withSourceMap: false))
    }

    mutating func params(where test: (ValueType) -> Bool) -> [Int] {
        b.bundle.params.indices.filter { test(b.bundle.params[$0].type) }
    }

    mutating func emitBool(depth: Int) {
        let leaf = depth >= 4 || rng.chance(30)
        switch leaf ? rng.below(5) : 5 + rng.below(4) {
        case 0: p.emit(.pushBool, a: rng.below(2))
        case 1:
            let bools = params { $0 == .bool }
            if bools.isEmpty { p.emit(.pushBool, a: 1) } else { p.emit(.loadParam, bx: bools[rng.below(bools.count)]) }
        case 2:
            let candidates = b.bundle.queries.indices.filter { b.bundle.queries[$0].groupField == noIndex }
            if candidates.isEmpty { p.emit(.pushBool, a: 0) } else { p.emit(.countAtLeast, a: rng.below(6), k: candidates[rng.below(candidates.count)]) }
        case 3:
            let equatable = params { $0.kind != .double && $0.kind != .stringSet }
            if equatable.isEmpty { p.emit(.pushBool, a: 1); return }
            let param = equatable[rng.below(equatable.count)]
            let value = constant(b.bundle.params[param].type)
            let c = b.constant(value)
            if c < 256 { p.emit(.paramEqConst, a: Int(c), k: param) } else { p.emit(.pushBool, a: 0) }
        case 4:
            let optionals = params { $0.isOptional }
            if optionals.isEmpty { p.emit(.pushBool, a: 0) } else { p.emit(.loadParam, bx: optionals[rng.below(optionals.count)]); p.emit(.isNil) }
        case 5:
            emitInt(depth: depth + 1)
            emitInt(depth: depth + 1)
            p.emit([Opcode.eq, .ne, .lt, .le, .gt, .ge][rng.below(6)])
        case 6:
            emitBool(depth: depth + 1)
            let label = p.emitJump(rng.chance(50) ? .jumpIfFalseOrPop : .jumpIfTrueOrPop)
            emitBool(depth: depth + 1)
            p.patch(label)
        case 7:
            emitBool(depth: depth + 1)
            p.emit(.not)
        default:
            let t1 = text(), t2 = text()
            let s1 = b.string(t1), s2 = b.string(t2)
            p.emit(.pushString, bx: Int(s1))
            p.emit(.pushString, bx: Int(s2))
            p.emit([Opcode.hasPrefix, .hasSuffix, .containsString][rng.below(3)])
        }
    }

    mutating func emitInt(depth: Int) {
        let leaf = depth >= 4 || rng.chance(40)
        switch leaf ? rng.below(4) : 4 + rng.below(2) {
        case 0: p.emit(.pushInt, sBx: rng.below(100) - 50)
        case 1: b.emitPush(.int(Int64(bitPattern: rng.next())), into: &p)
        case 2:
            if b.bundle.events.isEmpty { p.emit(.pushInt, sBx: 3) } else { p.emit(.countEvent, bx: rng.below(b.bundle.events.count)) }
        case 3:
            let groups = b.bundle.queries.indices.filter { b.bundle.queries[$0].groupField != noIndex }
            let filtered = b.bundle.queries.indices.filter { b.bundle.queries[$0].filter != noIndex && b.bundle.queries[$0].groupField == noIndex }
            if !groups.isEmpty && rng.chance(50) {
                p.emit(rng.chance(50) ? .largestGroup : .smallestGroup, bx: groups[rng.below(groups.count)])
            } else if !filtered.isEmpty {
                p.emit(.countWhere, bx: filtered[rng.below(filtered.count)])
            } else {
                let t = text()
                let s = b.string(t)
                p.emit(.pushString, bx: Int(s))
                p.emit(.countString)
            }
        case 4:
            emitInt(depth: depth + 1)
            emitInt(depth: depth + 1)
            p.emit([Opcode.addInt, .subInt, .mulInt, .divInt, .remInt, .minInt, .maxInt][rng.below(7)])
        default:
            let ints = params { $0.kind == .int }
            if ints.isEmpty { p.emit(.pushInt, sBx: -1); return }
            p.emit(.loadParam, bx: ints[rng.below(ints.count)])
            p.emit(.pushInt, sBx: 7)
            p.emit(.coalesce)
        }
    }
}
