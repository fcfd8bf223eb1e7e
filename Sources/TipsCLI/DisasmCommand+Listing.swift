import TipsBytecode
import TipsTime

extension DisasmCommand {
    /// The text `tipc disasm` prints for a verified bundle: header, schemas, then each tip
    /// with its programs (the ``Disassembler``'s instruction lines, indented), groups last.
    /// Every index is in range: the bundle was verified.
    struct Listing {
        let bundle: TipsBundle
        let info: [ProgramInfo]
        private(set) var text = ""

        init(_ verified: VerifiedBundle, path: String, byteCount: Int) {
            bundle = verified.bundle
            info = verified.programInfo
            header(path: path, byteCount: byteCount)
            schemas()
            for t in bundle.tips.indices { tip(t) }
            groups()
        }

        private mutating func line(_ s: String = "") { text += s + "\n" }

        private mutating func header(path: String, byteCount: Int) {
            let b = bundle
            let version = b.formatVersion
            line("bundle \(path): format version \(version), \(byteCount) bytes")
            line("  \(b.tips.count) tips, \(b.groups.count) groups, \(b.params.count) parameters, \(b.events.count) events, "
                 + "\(b.programs.count) programs (\(b.programs.reduce(0) { $0 + $1.code.count }) instructions)")
            line("  \(b.strings.count) strings, \(b.constants.count) constants, \(b.sets.count) sets, \(b.enums.count) enums, "
                 + "\(b.queries.count) queries, \(b.filters.count) filters, "
                 + "source map \(b.programs.contains { !$0.sourceMap.isEmpty } ? "yes" : "no")")
            for r in b.renames {
                switch r.kind {
                case .param: line("  renamed: parameter \(string(b.params[Int(r.index)].name)) from \(string(r.oldName))")
                case .event: line("  renamed: event \(string(b.events[Int(r.index)].name)) from \(string(r.oldName))")
                case .tip: line("  renamed: tip \(string(b.tips[Int(r.index)].name)) from \(string(r.oldName))")
                case .enumCase:
                    let e = b.enums[Int(r.index)]
                    line("  renamed: case \(string(e.name)).\(string(e.cases[Int(r.caseIndex)])) from \(string(r.oldName))")
                }
            }
            for k in b.keys {
                switch k.kind {
                case .param: line("  key: parameter \(string(b.params[Int(k.index)].name)) stored as \"\(string(k.key))\"")
                case .event: line("  key: event \(string(b.events[Int(k.index)].name)) stored as \"\(string(k.key))\"")
                }
            }
            for t in b.assetImages { line("  asset image: tip \(string(b.tips[Int(t)].name))") }
            for cond in b.conditions {
                let tip = b.tips[Int(cond.tip)]
                let item = cond.item == noIndex ? "message" : "action \"\(string(tip.actions[Int(cond.item)].id))\""
                let platforms = cond.platforms == ConditionSchema.allPlatforms ? ""
                    : " on " + BundlePlatform.allCases.filter(cond.allows).map(\.description).joined(separator: ", ")
                let program = cond.program == noIndex ? "" : " if program \(cond.program)"
                line("  condition: tip \(string(tip.name)) \(item)\(platforms)\(program)")
            }
            let c = b.configuration
            line("  config displayFrequency \(frequency(c.displayFrequency)), donationLimit \(c.donationLimit), "
                 + "donationMaxAge \(c.donationMaxAge.map(duration) ?? "none")")
            if b.budgets.perDay > 0 || b.budgets.perLaunch > 0 {
                line("  config displayBudget " + [b.budgets.perDay > 0 ? "\(b.budgets.perDay) per day" : nil,
                                                  b.budgets.perLaunch > 0 ? "\(b.budgets.perLaunch) per launch" : nil]
                    .compactMap { $0 }.joined(separator: ", "))
            }
        }

        private mutating func schemas() {
            if !bundle.enums.isEmpty { line() }
            for (i, e) in bundle.enums.enumerated() {
                line("enum \(i) \(string(e.name)) { \(e.cases.map(string).joined(separator: ", ")) }")
            }
            if !bundle.params.isEmpty { line() }
            for (i, p) in bundle.params.enumerated() {
                line("param \(i) \(string(p.name)): \(typeName(p.type)) = \(constant(p.defaultValue))"
                     + (p.isTransient ? " transient" : ""))
            }
            if !bundle.events.isEmpty { line() }
            for (i, e) in bundle.events.enumerated() {
                let fields = e.fields.isEmpty ? ""
                    : "(" + e.fields.map { "\(string($0.name)): \(typeName($0.type))" }.joined(separator: ", ") + ")"
                line("event \(i) \(string(e.name))\(fields) limit \(e.limit)" + (e.maxAge.map { " maxAge \(duration($0))" } ?? ""))
            }
            if !bundle.queries.isEmpty { line() }
            for i in bundle.queries.indices { line("query \(i) \(query(i))") }
        }

        private mutating func tip(_ t: Int) {
            let tip = bundle.tips[t]
            line()
            var head = "tip \(t) \(string(tip.name))"
            if !tip.arguments.isEmpty {
                head += "(" + tip.arguments.map { "\(string($0.name)): \(typeName($0.type))" }.joined(separator: ", ") + ")"
            }
            line(head + "  id \(template(tip.id, arguments: tip.arguments))")
            line("  title " + text(tip.title, arguments: tip.arguments))
            if let message = tip.message { line("  message " + text(message, arguments: tip.arguments)) }
            for c in bundle.contents where Int(c.tip) == t {
                // The `content` section: alternatives in order, the first that holds is shown.
                for (i, m) in c.messages.enumerated() {
                    line("  message \(i + 1) of \(c.messages.count) " + text(m.text, arguments: tip.arguments) + choice(m.condition, of: c.messages.count))
                }
                for (i, image) in c.images.enumerated() {
                    line("  image \(i + 1) of \(c.images.count) " + (image.isAsset ? "asset " : "")
                         + template(image.name, arguments: tip.arguments) + choice(image.condition, of: c.images.count))
                }
            }
            for (r, p) in tip.rules.enumerated() { program(p, title: "rule \(r + 1)", indent: "  ") }
            for action in tip.actions {
                line("  action \"\(string(action.id))\" title " + text(action.title, arguments: tip.arguments))
                for effect in action.effects {
                    switch effect {
                    case .invalidate(let reason):
                        line("    invalidate \(reason)")
                    case .snooze(let interval, let limit):
                        line("    snooze \(DurationText.format(interval))" + (limit > 0 ? " limit \(limit)" : ""))
                    case .set(let param, let p):
                        program(p, title: "set \(string(bundle.params[Int(param)].name))", indent: "    ")
                    case .donate(let event, let fields):
                        let schema = bundle.events[Int(event)]
                        line("    donate \(string(schema.name))")
                        for (f, p) in fields.enumerated() {
                            program(p, title: "field \(string(schema.fields[f].name))", indent: "      ")
                        }
                    }
                }
            }
            for trigger in tip.triggers {
                var s = "  invalidate when \(string(bundle.events[Int(trigger.event)].name))"
                if trigger.filter != noIndex { s += " where " + filter(trigger.filter, event: trigger.event) }
                line(s + " reason \(trigger.reason)")
            }
            for goal in bundle.goals where Int(goal.tip) == t {
                var s = "  goal \(string(bundle.events[Int(goal.event)].name))"
                if goal.filter != noIndex { s += " where " + filter(goal.filter, event: goal.event) }
                line(s + " within \(duration(goal.window))")
            }
            for x in bundle.experiments where Int(x.tip) == t {
                line("  experiment \(string(x.name)) salt \"\(string(x.salt))\""
                     + (x.holdout > 0 ? " holdout \(ExperimentSchema.percent(x.holdout))" : ""))
                for v in x.variants {
                    var parts: [String] = []
                    if let title = v.title { parts.append("title " + text(title, arguments: tip.arguments)) }
                    if let message = v.message { parts.append("message " + text(message, arguments: tip.arguments)) }
                    if v.image != noIndex { parts.append((v.imageIsAsset ? "image asset " : "image ") + "\"\(string(v.image))\"") }
                    if let n = v.maxDisplayCount { parts.append("maxDisplayCount \(n)") }
                    if let d = v.maxDisplayDuration { parts.append("maxDisplayDuration \(duration(d))") }
                    line("    variant \(string(v.name)) \(ExperimentSchema.percent(v.share))"
                         + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", ")))
                    for (r, p) in v.rules.enumerated() { program(p, title: "rule \(r + 1)", indent: "      ") }
                }
            }
            var options: [String] = []
            if let n = tip.options.maxDisplayCount { options.append("maxDisplayCount \(n)") }
            if let d = tip.options.maxDisplayDuration { options.append("maxDisplayDuration \(duration(d))") }
            if tip.options.ignoresDisplayFrequency { options.append("ignoresDisplayFrequency") }
            if let budget = bundle.budgets.tips.first(where: { Int($0.tip) == t }) {
                if budget.priority != 0 { options.append("priority \(budget.priority)") }
                if budget.exempt { options.append("ignoresDisplayBudget") }
            }
            if let renewal = bundle.renewals.first(where: { Int($0.tip) == t }) {
                options.append("resetEligibility after \(duration(renewal.after))")
            }
            if !options.isEmpty { line("  options " + options.joined(separator: ", ")) }
        }

        /// An alternative's condition: ` on macOS if program 4`, ` (fallback)` for none.
        private func choice(_ c: ChoiceCondition, of count: Int) -> String {
            if c.isAlways { return count > 1 ? " (fallback)" : "" }
            let platforms = c.platforms == ConditionSchema.allPlatforms ? ""
                : " on " + BundlePlatform.allCases.filter(c.allows).map(\.description).joined(separator: ", ")
            return platforms + (c.program == noIndex ? "" : " if program \(c.program)")
        }

        /// `title: program N -> T (stack S)` then its instructions, indented.
        private mutating func program(_ p: UInt32, title: String, indent: String) {
            let index = Int(p)
            let program = bundle.programs[index]
            line("\(indent)\(title): program \(index) -> \(typeName(program.resultType)), "
                 + "stack \(info[index].maxStackDepth)")
            for instruction in Disassembler.disassemble(program: index, of: bundle).split(separator: "\n") {
                line(indent + "  " + instruction)
            }
        }

        private mutating func groups() {
            if !bundle.groups.isEmpty { line() }
            for (i, g) in bundle.groups.enumerated() {
                let together = bundle.budgets.togetherGroups.contains(UInt32(i)) ? " together" : ""
                line("group \(i) \(string(g.name)) \(g.priority)\(together): "
                     + g.members.map { string(bundle.tips[Int($0)].name) }.joined(separator: ", "))
            }
        }

        // MARK: - Names

        private func string(_ i: UInt32) -> String { bundle.strings[Int(i)] }

        private func typeName(_ type: ValueType) -> String {
            guard type.kind == .enumeration else { return type.description }
            return string(bundle.enums[Int(type.enumIndex)].name) + (type.isOptional ? "?" : "")
        }

        private func constant(_ i: UInt32) -> String {
            let c = bundle.constants[Int(i)]
            if c.isNil { return "nil" }
            switch c.type.kind {
            case .string: return "\"\(bundle.strings[Int(c.bits)])\""
            case .enumeration: return "." + string(bundle.enums[Int(c.type.enumIndex)].cases[Int(c.bits)])
            case .stringSet: return "[" + bundle.sets[Int(c.bits)].map { "\"\(string($0))\"" }.joined(separator: ", ") + "]"
            case .duration: return duration(Int64(bitPattern: c.bits))
            default: return c.description
            }
        }

        private func template(_ t: Template, arguments: [ArgumentSchema]) -> String {
            "\"" + t.parts.map { part in
                switch part {
                case .literal(let s): return string(s)
                case .argument(let a): return "\\(" + string(arguments[Int(a)].name) + ")"
                }
            }.joined() + "\""
        }

        private func text(_ t: TipText, arguments: [ArgumentSchema]) -> String {
            switch t {
            case .plain(let template): return self.template(template, arguments: arguments)
            case .localized(let key, let table, let fallback):
                var s = "localized(" + template(key, arguments: arguments)
                if table != noIndex { s += ", table: \"\(string(table))\"" }
                if let fallback { s += ", default: " + template(fallback, arguments: arguments) }
                return s + ")"
            }
        }

        private func filter(_ f: UInt32, event: UInt32) -> String {
            let fields = bundle.events[Int(event)].fields
            return bundle.filters[Int(f)].terms.map { term in
                let name = string(fields[Int(term.field)].name)
                switch term.relation {
                case .isTrue: return name
                case .isFalse: return "!" + name
                default: return "\(name) \(term.relation) \(constant(term.constant))"
                }
            }.joined(separator: " && ")
        }

        private func query(_ i: Int) -> String {
            let q = bundle.queries[i]
            let fields = bundle.events[Int(q.event)].fields
            var s = string(bundle.events[Int(q.event)].name)
            if q.groupField != noIndex { s += " by " + string(fields[Int(q.groupField)].name) }
            if q.filter != noIndex { s += " where " + filter(q.filter, event: q.event) }
            if let w = q.window { s += " within \(duration(w))" }
            return s
        }

        private func duration(_ ms: Int64) -> String { DurationText.format(ms) }

        private func frequency(_ ms: Int64) -> String { FrequencyName.text(ms) }
    }
}
