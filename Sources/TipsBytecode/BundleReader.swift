/// Decodes bundle bytes into a `TipsBundle`, checking the header, checksum and the shape
/// of every section. Cross-references (indices, types, code) are the `Verifier`'s job.
public enum BundleReader {
    /// Decodes `bytes`; throws the first problem found.
    public static func decode(_ bytes: [UInt8]) throws(BundleError) -> TipsBundle {
        let magic = BundleFormat.magic
        for i in 0..<min(bytes.count, magic.count) where bytes[i] != magic[i] { throw .badMagic }
        var header = ByteReader(bytes, from: 0, to: bytes.count, section: .header)
        _ = try header.take(magic.count)
        guard bytes.count >= BundleFormat.headerSize else { throw .truncated(.header) }
        let version = try header.u16()
        guard BundleFormat.readableVersions.contains(version) else { throw .unsupportedVersion(version) }
        let flags = try header.u16()
        guard flags == 0 else { throw .invalidValue(.item(.header, 0), rule: "flags must be 0") }
        let length = Int(try header.u32())
        guard length == bytes.count else { throw .lengthMismatch(declared: length, actual: bytes.count) }
        let sectionCount = try header.u32()
        let stored = try header.u64()
        let computed = BundleFormat.checksum(bytes)
        guard stored == computed else { throw .checksumMismatch(stored: stored, computed: computed) }
        // Sections are present by their tag. Every section the version always holds must be
        // there, in order; a later one (added after the fixed layouts) may be, with content.
        let always = BundleSection.body(version: version)
        let optional = BundleSection.allCases.filter { $0.presence(version: version) == .whenNotEmpty }
        guard sectionCount >= always.count, sectionCount <= always.count + optional.count else {
            let counts = optional.isEmpty ? "\(always.count)" : "\(always.count) to \(always.count + optional.count)"
            throw .invalidValue(.item(.header, 0), rule: "section count must be \(counts)")
        }

        var bundle = TipsBundle()
        var position = BundleFormat.headerSize
        var pending = always[...]
        var last = BundleSection.header
        for _ in 0..<sectionCount {
            let expected = pending.first ?? last
            var frame = ByteReader(bytes, from: position, to: bytes.count, section: expected)
            let tag = try frame.u32()
            // Known to this version, after the last one, and skipping none it always holds.
            guard tag > last.rawValue, let section = BundleSection(rawValue: tag), section.presence(version: version) != .never,
                  tag <= expected.rawValue || pending.isEmpty else {
                throw .unexpectedSection(expected: expected, found: tag)
            }
            if section == pending.first { pending.removeFirst() }
            var sized = ByteReader(bytes, from: position + 4, to: bytes.count, section: section)
            let size = Int(try sized.u32())
            let start = try sized.take(size)
            var r = ByteReader(bytes, from: start, to: start + size, section: section)
            try readBody(section, into: &bundle, from: &r)
            guard r.remaining == 0 else { throw .trailingBytes(section) }
            // One encoding per bundle: a section present only with content is never empty.
            guard section.presence(version: version) == .always || section.holdsContent(in: bundle) else {
                throw .invalidValue(.item(section, 0), rule: "an empty \(section.name) section is left out")
            }
            position = start + size
            last = section
        }
        if let missing = pending.first { throw .unexpectedSection(expected: missing, found: last.rawValue) }
        guard position == bytes.count else { throw .trailingBytes(last) }
        // A reader of an older version would meet an opcode it does not know: the version
        // must say so, as the writer's does.
        guard bundle.opcodeVersion <= version else {
            throw .invalidValue(.item(.header, 0), rule: "a program uses an opcode of format version \(bundle.opcodeVersion)")
        }
        // Likewise an action effect kind (snooze: 10) that an older reader does not know.
        guard bundle.effectVersion <= version else {
            throw .invalidValue(.item(.header, 0), rule: "an action uses an effect of format version \(bundle.effectVersion)")
        }
        return bundle
    }

    private static func readBody(_ section: BundleSection, into b: inout TipsBundle, from r: inout ByteReader) throws(BundleError) {
        switch section {
        case .header: break
        case .strings:
            let n = try r.count(minSize: 4)
            b.strings.reserveCapacity(n)
            for i in 0..<n {
                let len = try r.count(minSize: 1)
                let at = try r.take(len)
                guard let s = validUTF8(r.bytes[at..<(at + len)]) else { throw .invalidUTF8(string: i) }
                b.strings.append(s)
            }
        case .files:
            let n = try r.count(minSize: 4)
            for _ in 0..<n { b.files.append(try r.u32()) }
        case .constants:
            let n = try r.count(minSize: 13)
            for i in 0..<n {
                let site = ErrorSite.item(.constants, i)
                let type = try r.type(site)
                let isNil = try r.bool(site)
                let bits = try r.u64()
                guard !isNil || bits == 0 else { throw .invalidValue(site, rule: "nil constant must have payload 0") }
                b.constants.append(Constant(type: type, bits: bits, isNil: isNil))
            }
        case .sets:
            let n = try r.count(minSize: 4)
            for _ in 0..<n {
                let m = try r.count(minSize: 4)
                var members: [UInt32] = []
                members.reserveCapacity(m)
                for _ in 0..<m { members.append(try r.u32()) }
                b.sets.append(members)
            }
        case .enums:
            let n = try r.count(minSize: 8)
            for _ in 0..<n {
                let name = try r.u32()
                let m = try r.count(minSize: 4)
                var cases: [UInt32] = []
                for _ in 0..<m { cases.append(try r.u32()) }
                b.enums.append(EnumSchema(name: name, cases: cases))
            }
        case .params:
            let n = try r.count(minSize: 13)
            for i in 0..<n {
                let site = ErrorSite.item(.params, i)
                let name = try r.u32()
                let type = try r.type(site)
                let value = try r.u32()
                let transient = try r.bool(site)
                b.params.append(ParamSchema(name: name, type: type, defaultValue: value, isTransient: transient))
            }
        case .events:
            let n = try r.count(minSize: 21)
            for i in 0..<n {
                let site = ErrorSite.item(.events, i)
                let name = try r.u32()
                let m = try r.count(minSize: 8)
                var fields: [FieldSchema] = []
                for _ in 0..<m { fields.append(FieldSchema(name: try r.u32(), type: try r.type(site))) }
                let limit = try r.u32()
                let maxAge = try r.optionalI64(site)
                b.events.append(EventSchema(name: name, fields: fields, limit: limit, maxAge: maxAge))
            }
        case .filters:
            let n = try r.count(minSize: 4)
            for i in 0..<n {
                let m = try r.count(minSize: 9)
                var terms: [FilterTerm] = []
                for _ in 0..<m {
                    let field = try r.u32()
                    let rel = try r.u8()
                    guard let relation = Relation(rawValue: rel) else { throw .invalidTag(.item(.filters, i), value: rel) }
                    terms.append(FilterTerm(field: field, relation: relation, constant: try r.u32()))
                }
                b.filters.append(Filter(terms: terms))
            }
        case .queries:
            let n = try r.count(minSize: 21)
            for i in 0..<n {
                let event = try r.u32()
                let window = try r.optionalI64(.item(.queries, i))
                b.queries.append(Query(event: event, window: window, filter: try r.u32(), groupField: try r.u32()))
            }
        case .programs:
            let n = try r.count(minSize: 8)
            for i in 0..<n {
                let type = try r.type(.item(.programs, i))
                let m = try r.count(minSize: 4)
                var code: [Instruction] = []
                code.reserveCapacity(m)
                for _ in 0..<m { code.append(Instruction(word: try r.u32())) }
                b.programs.append(Program(resultType: type, code: code))
            }
        case .tips:
            let n = try r.count(minSize: 30)
            for i in 0..<n { b.tips.append(try readTip(i, from: &r)) }
        case .groups:
            let n = try r.count(minSize: 9)
            for i in 0..<n {
                let name = try r.u32()
                let p = try r.u8()
                guard let priority = GroupPriority(rawValue: p) else { throw .invalidTag(.item(.groups, i), value: p) }
                let m = try r.count(minSize: 4)
                var members: [UInt32] = []
                for _ in 0..<m { members.append(try r.u32()) }
                b.groups.append(GroupSchema(name: name, priority: priority, members: members))
            }
        case .configuration:
            let frequency = try r.i64()
            let limit = try r.u32()
            let maxAge = try r.optionalI64(.item(.configuration, 0))
            b.configuration = Configuration(displayFrequency: frequency, donationLimit: limit, donationMaxAge: maxAge)
        case .sourceMap:
            let n = try r.count(minSize: 4)
            guard n == b.programs.count else { throw .invalidValue(.item(.sourceMap, 0), rule: "one entry list per program") }
            for p in 0..<n {
                let m = try r.count(minSize: 12)
                guard m == 0 || m == b.programs[p].code.count else { throw .sourceMapMismatch(program: p) }
                var entries: [SourceMapEntry] = []
                entries.reserveCapacity(m)
                for _ in 0..<m { entries.append(SourceMapEntry(file: try r.u32(), line: try r.u32(), column: try r.u32())) }
                b.programs[p].sourceMap = entries
            }
        case .explain:
            b.explain = try readExplain(from: &r)
        case .renames:
            let n = try r.count(minSize: 13)
            for i in 0..<n {
                let k = try r.u8()
                guard let kind = RenameSchema.Kind(rawValue: k) else { throw .invalidTag(.item(.renames, i), value: k) }
                b.renames.append(RenameSchema(kind: kind, index: try r.u32(), caseIndex: try r.u32(), oldName: try r.u32()))
            }
        case .keys:
            let n = try r.count(minSize: 9)
            for i in 0..<n {
                let k = try r.u8()
                guard let kind = KeySchema.Kind(rawValue: k) else { throw .invalidTag(.item(.keys, i), value: k) }
                b.keys.append(KeySchema(kind: kind, index: try r.u32(), key: try r.u32()))
            }
        case .assets:
            let n = try r.count(minSize: 4)
            for _ in 0..<n { b.assetImages.append(try r.u32()) }
        case .arguments:
            let n = try r.count(minSize: 12)
            for _ in 0..<n {
                b.argumentBindings.append(ArgumentBinding(tip: try r.u32(), argument: try r.u32(), constant: try r.u32()))
            }
        case .conditions:
            let n = try r.count(minSize: 13)
            for _ in 0..<n {
                b.conditions.append(ConditionSchema(tip: try r.u32(), item: try r.u32(), platforms: try r.u8(),
                                                    program: try r.u32()))
            }
        case .goals:
            let n = try r.count(minSize: 20)
            for _ in 0..<n {
                b.goals.append(GoalSchema(tip: try r.u32(), event: try r.u32(), filter: try r.u32(), window: try r.i64()))
            }
        case .experiments:
            let n = try r.count(minSize: 18)
            for i in 0..<n {
                let tip = try r.u32()
                let name = try r.u32()
                let salt = try r.u32()
                let holdout = try r.u16()
                let m = try r.count(minSize: 23)
                var variants: [VariantSchema] = []
                for _ in 0..<m { variants.append(try readVariant(.item(.experiments, i), from: &r)) }
                b.experiments.append(ExperimentSchema(tip: tip, name: name, salt: salt, holdout: holdout, variants: variants))
            }
        case .budgets:
            b.budgets.perDay = try r.u16()
            b.budgets.perLaunch = try r.u16()
            let n = try r.count(minSize: 7)
            for i in 0..<n {
                let tip = try r.u32()
                let priority = Int16(bitPattern: try r.u16())
                let flags = try r.u8()
                guard flags <= 1 else { throw .invalidValue(.item(.budgets, i), rule: "a tip's budget flags are 0 or 1") }
                b.budgets.tips.append(.init(tip: tip, priority: priority, exempt: flags == 1))
            }
            let m = try r.count(minSize: 4)
            for _ in 0..<m { b.budgets.togetherGroups.append(try r.u32()) }
        case .renewals:
            let n = try r.count(minSize: 12)
            for _ in 0..<n { b.renewals.append(RenewalSchema(tip: try r.u32(), after: try r.i64())) }
        case .content:
            let n = try r.count(minSize: 12)
            for i in 0..<n {
                let site = ErrorSite.item(.content, i)
                var c = ContentSchema(tip: try r.u32())
                let messages = try r.count(minSize: 10)
                for _ in 0..<messages {
                    let text = try readText(site, from: &r)
                    c.messages.append(MessageChoice(text: text, condition: try readChoice(from: &r)))
                }
                let images = try r.count(minSize: 10)
                for _ in 0..<images {
                    let name = try readTemplate(site, from: &r)
                    let kind = try r.u8()
                    guard kind <= 1 else { throw .invalidTag(site, value: kind) }
                    c.images.append(ImageChoice(name: name, isAsset: kind == 1, condition: try readChoice(from: &r)))
                }
                b.contents.append(c)
            }
        }
    }

    /// `bytes` as a string when they are well-formed UTF-8, else nil. Not
    /// `String(validating:as:)`: that is iOS 18 / macOS 15, above the package's floor.
    /// Decoding repairs ill-formed input with U+FFFD, which always changes the bytes, so a
    /// string whose UTF-8 is not exactly `bytes` came from ill-formed input.
    static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        let s = String(decoding: bytes, as: UTF8.self)
        return s.utf8.elementsEqual(bytes) ? s : nil
    }

    private static func readText(from r: inout ByteReader, _ site: ErrorSite) throws(BundleError) -> String {
        let len = try r.count(minSize: 1)
        let at = try r.take(len)
        guard let s = validUTF8(r.bytes[at..<(at + len)]) else {
            throw .invalidValue(site, rule: "explanation text must be valid UTF-8")
        }
        return s
    }

    private static func readExplain(from r: inout ByteReader) throws(BundleError) -> ExplainTable {
        var table = ExplainTable()
        let n = try r.count(minSize: 8)
        for i in 0..<n {
            let type = try r.type(.item(.explain, i))
            let m = try r.count(minSize: 4)
            var code: [Instruction] = []
            code.reserveCapacity(m)
            for _ in 0..<m { code.append(Instruction(word: try r.u32())) }
            table.programs.append(Program(resultType: type, code: code))
        }
        let tipCount = try r.count(minSize: 4)
        for t in 0..<tipCount {
            let site = ErrorSite.item(.explain, t)
            let ruleCount = try r.count(minSize: 20)
            var rules: [RuleExplanation] = []
            for _ in 0..<ruleCount {
                let text = try readText(from: &r, site)
                let location = SourceMapEntry(file: try r.u32(), line: try r.u32(), column: try r.u32())
                let probeCount = try r.count(minSize: 18)
                var probes: [Probe] = []
                for _ in 0..<probeCount {
                    let k = try r.u8()
                    guard let kind = Probe.Kind(rawValue: k) else { throw .invalidTag(site, value: k) }
                    let flags = try r.u8()
                    guard flags <= 1 else { throw .invalidTag(site, value: flags) }
                    let text = try readText(from: &r, site)
                    var probe = Probe(kind: kind, text: text, line: try r.u32(), column: try r.u32(),
                                      isNegated: flags == 1, program: try r.u32())
                    if kind == .comparison {
                        let rel = try r.u8()
                        guard let relation = Relation(rawValue: rel), rel <= Relation.ge.rawValue else {
                            throw .invalidTag(site, value: rel)
                        }
                        probe.relation = relation
                        probe.left = ProbeOperand(text: try readText(from: &r, site), program: try r.u32())
                        probe.right = ProbeOperand(text: try readText(from: &r, site), program: try r.u32())
                    }
                    probes.append(probe)
                }
                rules.append(RuleExplanation(text: text, location: location, probes: probes))
            }
            table.tips.append(rules)
        }
        return table
    }

    private static func readChoice(from r: inout ByteReader) throws(BundleError) -> ChoiceCondition {
        ChoiceCondition(platforms: try r.u8(), program: try r.u32())
    }

    private static func readTemplate(_ site: ErrorSite, from r: inout ByteReader) throws(BundleError) -> Template {
        let n = try r.count(minSize: 5)
        var parts: [TemplatePart] = []
        for _ in 0..<n {
            let kind = try r.u8()
            let v = try r.u32()
            switch kind {
            case 0: parts.append(.literal(v))
            case 1: parts.append(.argument(v))
            default: throw .invalidTag(site, value: kind)
            }
        }
        return Template(parts)
    }

    private static func readText(_ site: ErrorSite, from r: inout ByteReader) throws(BundleError) -> TipText {
        let kind = try r.u8()
        switch kind {
        case 0: return .plain(try readTemplate(site, from: &r))
        case 1:
            let key = try readTemplate(site, from: &r)
            let table = try r.u32()
            let fallback = try r.bool(site) ? try readTemplate(site, from: &r) : nil
            return .localized(key: key, table: table, fallback: fallback)
        default: throw .invalidTag(site, value: kind)
        }
    }

    private static func readVariant(_ site: ErrorSite, from r: inout ByteReader) throws(BundleError) -> VariantSchema {
        let name = try r.u32()
        let share = try r.u16()
        let flags = try r.u8()
        guard flags < 32 else { throw .invalidTag(site, value: flags) }
        let title = flags & 1 != 0 ? try readText(site, from: &r) : nil
        let message = flags & 2 != 0 ? try readText(site, from: &r) : nil
        let image = try r.u32()
        let ruleCount = try r.count(minSize: 4)
        var rules: [UInt32] = []
        for _ in 0..<ruleCount { rules.append(try r.u32()) }
        let count = try r.u32()
        let duration = try r.i64()
        guard flags & 8 != 0 || count == 0, flags & 16 != 0 || duration == 0 else {
            throw .invalidValue(site, rule: "absent option must be encoded as 0")
        }
        return VariantSchema(name: name, share: share, title: title, message: message, image: image,
                             imageIsAsset: flags & 4 != 0, rules: rules, maxDisplayCount: flags & 8 != 0 ? count : nil,
                             maxDisplayDuration: flags & 16 != 0 ? duration : nil)
    }

    private static func readTip(_ i: Int, from r: inout ByteReader) throws(BundleError) -> TipSchema {
        let site = ErrorSite.item(.tips, i)
        let name = try r.u32()
        let id = try readTemplate(site, from: &r)
        let argCount = try r.count(minSize: 8)
        var arguments: [ArgumentSchema] = []
        for _ in 0..<argCount { arguments.append(FieldSchema(name: try r.u32(), type: try r.type(site))) }
        let title = try readText(site, from: &r)
        let message = try r.bool(site) ? try readText(site, from: &r) : nil
        let image = try r.u32()
        let ruleCount = try r.count(minSize: 4)
        var rules: [UInt32] = []
        for _ in 0..<ruleCount { rules.append(try r.u32()) }
        let actionCount = try r.count(minSize: 10)
        var actions: [ActionSchema] = []
        for _ in 0..<actionCount {
            let id = try r.u32()
            let title = try readText(site, from: &r)
            let effectCount = try r.count(minSize: 2)
            var effects: [Effect] = []
            for _ in 0..<effectCount {
                let kind = try r.u8()
                switch kind {
                case 0:
                    let raw = try r.u8()
                    guard let reason = InvalidationReason(rawValue: raw) else { throw .invalidTag(site, value: raw) }
                    effects.append(.invalidate(reason))
                case 1: effects.append(.set(param: try r.u32(), program: try r.u32()))
                case 2:
                    let event = try r.u32()
                    let m = try r.count(minSize: 4)
                    var fields: [UInt32] = []
                    for _ in 0..<m { fields.append(try r.u32()) }
                    effects.append(.donate(event: event, fields: fields))
                // Kind 3 came with format version 10; `load` rejects it in an older bundle.
                case 3:
                    effects.append(.snooze(interval: try r.i64(), limit: try r.u32()))
                default: throw .invalidTag(site, value: kind)
                }
            }
            actions.append(ActionSchema(id: id, title: title, effects: effects))
        }
        let triggerCount = try r.count(minSize: 9)
        var triggers: [TriggerSchema] = []
        for _ in 0..<triggerCount {
            let event = try r.u32()
            let filter = try r.u32()
            let raw = try r.u8()
            guard let reason = InvalidationReason(rawValue: raw) else { throw .invalidTag(site, value: raw) }
            triggers.append(TriggerSchema(event: event, filter: filter, reason: reason))
        }
        let flags = try r.u8()
        guard flags < 8 else { throw .invalidTag(site, value: flags) }
        let count = try r.u32()
        let duration = try r.i64()
        guard flags & 1 != 0 || count == 0, flags & 2 != 0 || duration == 0 else {
            throw .invalidValue(site, rule: "absent option must be encoded as 0")
        }
        let options = TipOptions(maxDisplayCount: flags & 1 != 0 ? count : nil,
                                 maxDisplayDuration: flags & 2 != 0 ? duration : nil,
                                 ignoresDisplayFrequency: flags & 4 != 0)
        return TipSchema(name: name, id: id, arguments: arguments, title: title, message: message, image: image,
                         rules: rules, actions: actions, triggers: triggers, options: options)
    }
}
