import TipsTime

/// Prints programs as text, one instruction per line:
///
///     0003  COUNT_AT_LEAST  3 q0  ; manualSave within 7d  ; main.tips:8:10
///
/// address (4 digits), mnemonic, operands, then `;` and what the operand names, then
/// `;` and the source position when the bundle has a source map. Safe on unverified
/// bundles (bad indices print as `?`). This is the API behind `tipc disasm`.
public enum Disassembler {
    /// Loads, verifies and disassembles bundle bytes.
    public static func disassemble(bytes: [UInt8]) throws(BundleError) -> String {
        disassemble(try BundleLoader.load(bytes).bundle)
    }

    /// Every program of `bundle`, each under a header saying who uses it.
    public static func disassemble(_ bundle: TipsBundle) -> String {
        var users: [Int: String] = [:]
        for tip in bundle.tips {
            let name = string(tip.name, bundle)
            for (i, r) in tip.rules.enumerated() { users[Int(r)] = "tip \(name) rule \(i + 1)" }
            for action in tip.actions {
                for effect in action.effects {
                    switch effect {
                    case .set(let param, let p): users[Int(p)] = "tip \(name) action \(string(action.id, bundle)) set \(paramName(param, bundle))"
                    case .donate(let event, let fields):
                        for (f, p) in fields.enumerated() { users[Int(p)] = "tip \(name) action \(string(action.id, bundle)) donate \(eventName(event, bundle)) field \(f)" }
                    case .invalidate, .snooze: break
                    }
                }
            }
        }
        var out = ""
        for p in bundle.programs.indices {
            let program = bundle.programs[p]
            out += "program \(p) -> \(program.resultType)"
            if let user = users[p] { out += "  (\(user))" }
            out += "\n" + disassemble(program: p, of: bundle) + "\n"
        }
        return out
    }

    /// The lines of program `index`.
    public static func disassemble(program index: Int, of bundle: TipsBundle) -> String {
        guard bundle.programs.indices.contains(index) else { return "" }
        let program = bundle.programs[index]
        var lines: [String] = []
        for (pc, ins) in program.code.enumerated() {
            let location = pc < program.sourceMap.count ? position(program.sourceMap[pc], bundle) : nil
            lines.append(line(ins, at: pc, bundle: bundle, location: location))
        }
        return lines.joined(separator: "\n")
    }

    /// One instruction's line.
    public static func line(_ ins: Instruction, at pc: Int, bundle: TipsBundle, location: String? = nil) -> String {
        let address = String(repeating: "0", count: max(0, 4 - String(pc).count)) + String(pc)
        guard let op = ins.opcode else {
            return "\(address)  ???  0x\(String(ins.word, radix: 16))"
        }
        var operands = ""
        var note = ""
        switch op.format {
        case .none: break
        case .a: operands = "\(ins.a)"
        case .bx: operands = "\(ins.bx)"
        case .sBx: operands = "\(ins.sBx)"
        case .aK: operands = "\(ins.a) \(ins.k)"
        }
        switch op {
        case .jump, .jumpIfFalseOrPop, .jumpIfTrueOrPop: note = "to \(pc + 1 + ins.sBx)"
        case .pushConst: note = constant(ins.bx, bundle)
        case .pushString: note = quoted(ins.bx, bundle)
        case .loadParam: note = paramName(UInt32(ins.bx), bundle)
        case .compareString: note = Relation(rawValue: UInt8(ins.a)).map(\.description) ?? "?"
        case .countEvent: note = eventName(UInt32(ins.bx), bundle)
        case .countWithin, .countWhere, .largestGroup, .smallestGroup, .firstTime, .lastTime, .countDays:
            note = query(ins.bx, bundle)
        case .localTime: note = CalendarField(rawValue: UInt8(ins.a)).map { "\($0)" } ?? "?"
        case .lifetime: note = LifetimeInstant(rawValue: UInt8(ins.a)).map { "\($0)" } ?? "?"
        case .countAtLeast: note = "\(query(ins.k, bundle)) >= \(ins.a)"
        case .paramEqConst: note = "\(paramName(UInt32(ins.k), bundle)) == \(constant(ins.a, bundle))"
        default: break
        }
        var text = "\(address)  \(pad(op.mnemonic, 18))\(pad(operands, 9))"
        if !note.isEmpty { text += "; \(note)" }
        if let location { text += (note.isEmpty ? "; " : "  ; ") + location }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    private static func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(1, n - s.count)) }

    private static func string(_ i: UInt32, _ b: TipsBundle) -> String {
        Int(i) < b.strings.count ? b.strings[Int(i)] : "?"
    }
    private static func quoted(_ i: Int, _ b: TipsBundle) -> String {
        i < b.strings.count ? "\"\(b.strings[i])\"" : "?"
    }
    private static func paramName(_ i: UInt32, _ b: TipsBundle) -> String {
        Int(i) < b.params.count ? string(b.params[Int(i)].name, b) : "?"
    }
    private static func eventName(_ i: UInt32, _ b: TipsBundle) -> String {
        Int(i) < b.events.count ? string(b.events[Int(i)].name, b) : "?"
    }
    private static func constant(_ i: Int, _ b: TipsBundle) -> String {
        guard i < b.constants.count else { return "?" }
        // A constant bound to a tip argument holds only a placeholder: name the argument.
        if let a = b.argumentBindings.first(where: { Int($0.constant) == i }), Int(a.tip) < b.tips.count,
           Int(a.argument) < b.tips[Int(a.tip)].arguments.count {
            return "argument \(string(b.tips[Int(a.tip)].arguments[Int(a.argument)].name, b))"
        }
        let c = b.constants[i]
        if !c.isNil {
            switch c.type.kind {
            case .string: return quoted(Int(c.bits), b)
            case .enumeration:
                let e = Int(c.type.enumIndex)
                if e < b.enums.count, c.bits < UInt64(b.enums[e].cases.count) {
                    return "\(string(b.enums[e].name, b)).\(string(b.enums[e].cases[Int(c.bits)], b))"
                }
            case .stringSet:
                if c.bits < UInt64(b.sets.count) { return "[" + b.sets[Int(c.bits)].map { string($0, b) }.joined(separator: ", ") + "]" }
            case .duration: return DurationText.format(Int64(bitPattern: c.bits))
            default: break
            }
        }
        return c.description
    }
    private static func query(_ i: Int, _ b: TipsBundle) -> String {
        guard i < b.queries.count else { return "?" }
        let q = b.queries[i]
        var s = "q\(i) " + eventName(q.event, b)
        let fields = Int(q.event) < b.events.count ? b.events[Int(q.event)].fields : []
        func field(_ f: UInt32) -> String { Int(f) < fields.count ? string(fields[Int(f)].name, b) : "?" }
        if q.groupField != noIndex { s += " by \(field(q.groupField))" }
        if q.filter != noIndex, Int(q.filter) < b.filters.count {
            let terms = b.filters[Int(q.filter)].terms.map { t in
                t.relation == .isTrue ? field(t.field) : t.relation == .isFalse ? "!" + field(t.field)
                    : "\(field(t.field)) \(t.relation) \(constant(Int(t.constant), b))"
            }
            s += " where " + terms.joined(separator: " && ")
        }
        if let w = q.window { s += " within \(DurationText.format(w))" }
        return s
    }
    private static func position(_ e: SourceMapEntry, _ b: TipsBundle) -> String? {
        guard e.file != noIndex else { return nil }
        let name = Int(e.file) < b.files.count ? string(b.files[Int(e.file)], b) : "?"
        return "\(name):\(e.line):\(e.column)"
    }
}
