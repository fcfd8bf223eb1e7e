import TipsBytecode

extension CatalogSchema {
    /// Renders a bundle's indices as names and literals.
    struct Names {
        let bundle: TipsBundle

        init(_ bundle: TipsBundle) { self.bundle = bundle }

        func string(_ i: UInt32) -> String { Int(i) < bundle.strings.count ? bundle.strings[Int(i)] : "?" }

        func field(_ f: FieldSchema) -> Field { Field(name: string(f.name), type: bundle.typeName(f.type)) }

        func constant(_ i: UInt32) -> String {
            guard Int(i) < bundle.constants.count else { return "?" }
            let c = bundle.constants[Int(i)]
            if c.isNil { return "nil" }
            switch c.type.kind {
            case .bool: return c.bits == 0 ? "false" : "true"
            case .int: return String(Int64(bitPattern: c.bits))
            case .double: return String(Double(bitPattern: c.bits))
            case .date: return "date(\(Int64(bitPattern: c.bits))ms)"
            case .duration: return CatalogSchema.duration(Int64(bitPattern: c.bits))
            case .string: return quoted(string(UInt32(truncatingIfNeeded: c.bits)))
            case .enumeration:
                let e = Int(c.type.enumIndex)
                guard e < bundle.enums.count, c.bits < UInt64(bundle.enums[e].cases.count) else { return "?" }
                return string(bundle.enums[e].name) + "." + string(bundle.enums[e].cases[Int(c.bits)])
            case .stringSet:
                guard c.bits < UInt64(bundle.sets.count) else { return "?" }
                return "[" + bundle.sets[Int(c.bits)].map { quoted(string($0)) }.joined(separator: ", ") + "]"
            }
        }

        func quoted(_ s: String) -> String { "\"" + s.replacingAll("\\", "\\\\").replacingAll("\"", "\\\"") + "\"" }

        func template(_ t: Template, arguments: [Field]) -> String {
            t.parts.map { part -> String in
                switch part {
                case .literal(let s): return string(s)
                case .argument(let a): return "\\(\(Int(a) < arguments.count ? arguments[Int(a)].name : "?"))"
                }
            }.joined()
        }

        func text(_ t: TipText, arguments: [Field]) -> String {
            switch t {
            case .plain(let template):
                return quoted(self.template(template, arguments: arguments))
            case .localized(let key, let table, let fallback):
                var s = "localized(" + quoted(template(key, arguments: arguments))
                if table != noIndex { s += ", table: " + quoted(string(table)) }
                if let fallback { s += ", default: " + quoted(template(fallback, arguments: arguments)) }
                return s + ")"
            }
        }

        func eventName(_ i: UInt32) -> String { Int(i) < bundle.events.count ? string(bundle.events[Int(i)].name) : "?" }

        func filter(_ i: UInt32, event: UInt32) -> String {
            guard i != noIndex, Int(i) < bundle.filters.count else { return "" }
            let fields = Int(event) < bundle.events.count ? bundle.events[Int(event)].fields : []
            return bundle.filters[Int(i)].terms.map { t in
                let name = Int(t.field) < fields.count ? string(fields[Int(t.field)].name) : "?"
                switch t.relation {
                case .isTrue: return name
                case .isFalse: return "!" + name
                default: return "\(name) \(t.relation) \(constant(t.constant))"
                }
            }.joined(separator: " && ")
        }

        func trigger(_ t: TriggerSchema) -> String {
            var s = "invalidate when " + eventName(t.event)
            let f = filter(t.filter, event: t.event)
            if !f.isEmpty { s += " where " + f }
            return s + " reason \(t.reason)"
        }

        func effect(_ e: Effect) -> String {
            switch e {
            case .invalidate(let reason): return "invalidate reason \(reason)"
            case .set(let param, let program):
                let name = Int(param) < bundle.params.count ? string(bundle.params[Int(param)].name) : "?"
                return "set \(name) = {\(self.program(program))}"
            case .donate(let event, let fields):
                return "donate \(eventName(event))(" + fields.map { "{\(program($0))}" }.joined(separator: ", ") + ")"
            case .snooze(let interval, let limit):
                return "snooze \(interval)ms" + (limit > 0 ? " limit \(limit)" : "")
            }
        }

        /// A program as symbolic instructions: mnemonic and what its operand names, no
        /// table indices and no source positions, so equal code in two bundles renders equal.
        func program(_ index: UInt32) -> String {
            guard Int(index) < bundle.programs.count else { return "?" }
            return bundle.programs[Int(index)].code.enumerated().map { pc, ins in
                let line = Disassembler.line(ins, at: pc, bundle: bundle)
                let body = line.dropFirst(6)
                guard let semicolon = body.range(of: "; ") else {
                    return body.split(separator: " ").joined(separator: " ")
                }
                let mnemonic = body.split(separator: " ").first.map(String.init) ?? ""
                let note = body[semicolon.upperBound...].split(separator: " ")
                    .filter { !($0.first == "q" && $0.dropFirst().allSatisfy(\.isNumber) && $0.count > 1) }
                return mnemonic + " " + note.joined(separator: " ")
            }.joined(separator: "; ")
        }
    }
}
