/// Encodes a bundle into its byte form. Deterministic: the same bundle gives the same
/// bytes (fixed section order, fixed widths, no padding choices, no dictionaries).
public enum BundleWriter {
    /// The encoded bytes of `bundle` (which should verify; the writer does not check).
    public static func encode(_ bundle: TipsBundle) -> [UInt8] {
        var w = ByteWriter()
        w.bytes.append(contentsOf: BundleFormat.magic)
        let version = bundle.formatVersion
        let sections = BundleSection.layout(of: bundle)
        w.u16(version)
        w.u16(0)
        w.u32(0)  // total length, patched below
        w.count(sections.count)
        w.u64(0)  // checksum, patched below
        for section in sections {
            w.u32(section.rawValue)
            let lengthAt = w.bytes.count
            w.u32(0)
            let start = w.bytes.count
            writeBody(section, of: bundle, to: &w)
            w.patchU32(UInt32(truncatingIfNeeded: w.bytes.count - start), at: lengthAt)
        }
        w.patchU32(UInt32(truncatingIfNeeded: w.bytes.count), at: 8)
        w.patchU64(BundleFormat.checksum(w.bytes), at: BundleFormat.checksumOffset)
        return w.bytes
    }

    private static func writeBody(_ section: BundleSection, of b: TipsBundle, to w: inout ByteWriter) {
        switch section {
        case .header: break
        case .strings:
            w.count(b.strings.count)
            for s in b.strings {
                let utf8 = Array(s.utf8)
                w.count(utf8.count)
                w.bytes.append(contentsOf: utf8)
            }
        case .files:
            w.count(b.files.count)
            for f in b.files { w.u32(f) }
        case .constants:
            w.count(b.constants.count)
            for c in b.constants { w.type(c.type); w.bool(c.isNil); w.u64(c.bits) }
        case .sets:
            w.count(b.sets.count)
            for s in b.sets { w.count(s.count); for m in s { w.u32(m) } }
        case .enums:
            w.count(b.enums.count)
            for e in b.enums { w.u32(e.name); w.count(e.cases.count); for c in e.cases { w.u32(c) } }
        case .params:
            w.count(b.params.count)
            for p in b.params { w.u32(p.name); w.type(p.type); w.u32(p.defaultValue); w.bool(p.isTransient) }
        case .events:
            w.count(b.events.count)
            for e in b.events {
                w.u32(e.name)
                w.count(e.fields.count)
                for f in e.fields { w.u32(f.name); w.type(f.type) }
                w.u32(e.limit)
                w.optionalI64(e.maxAge)
            }
        case .filters:
            w.count(b.filters.count)
            for f in b.filters {
                w.count(f.terms.count)
                for t in f.terms { w.u32(t.field); w.u8(t.relation.rawValue); w.u32(t.constant) }
            }
        case .queries:
            w.count(b.queries.count)
            for q in b.queries { w.u32(q.event); w.optionalI64(q.window); w.u32(q.filter); w.u32(q.groupField) }
        case .programs:
            w.count(b.programs.count)
            for p in b.programs {
                w.type(p.resultType)
                w.count(p.code.count)
                for i in p.code { w.u32(i.word) }
            }
        case .tips:
            w.count(b.tips.count)
            for t in b.tips { writeTip(t, to: &w) }
        case .groups:
            w.count(b.groups.count)
            for g in b.groups { w.u32(g.name); w.u8(g.priority.rawValue); w.count(g.members.count); for m in g.members { w.u32(m) } }
        case .configuration:
            w.i64(b.configuration.displayFrequency)
            w.u32(b.configuration.donationLimit)
            w.optionalI64(b.configuration.donationMaxAge)
        case .sourceMap:
            w.count(b.programs.count)
            for p in b.programs {
                w.count(p.sourceMap.count)
                for e in p.sourceMap { w.u32(e.file); w.u32(e.line); w.u32(e.column) }
            }
        case .explain:
            writeExplain(b.explain, to: &w)
        case .renames:
            w.count(b.renames.count)
            for r in b.renames {
                w.u8(r.kind.rawValue)
                w.u32(r.index)
                w.u32(r.caseIndex)
                w.u32(r.oldName)
            }
        case .keys:
            w.count(b.keys.count)
            for k in b.keys {
                w.u8(k.kind.rawValue)
                w.u32(k.index)
                w.u32(k.key)
            }
        case .assets:
            w.count(b.assetImages.count)
            for t in b.assetImages { w.u32(t) }
        case .arguments:
            w.count(b.argumentBindings.count)
            for a in b.argumentBindings {
                w.u32(a.tip)
                w.u32(a.argument)
                w.u32(a.constant)
            }
        case .conditions:
            w.count(b.conditions.count)
            for c in b.conditions {
                w.u32(c.tip)
                w.u32(c.item)
                w.u8(c.platforms)
                w.u32(c.program)
            }
        case .goals:
            w.count(b.goals.count)
            for g in b.goals {
                w.u32(g.tip)
                w.u32(g.event)
                w.u32(g.filter)
                w.i64(g.window)
            }
        case .experiments:
            w.count(b.experiments.count)
            for x in b.experiments {
                w.u32(x.tip)
                w.u32(x.name)
                w.u32(x.salt)
                w.u16(x.holdout)
                w.count(x.variants.count)
                for v in x.variants { writeVariant(v, to: &w) }
            }
        case .budgets:
            w.u16(b.budgets.perDay)
            w.u16(b.budgets.perLaunch)
            w.count(b.budgets.tips.count)
            for t in b.budgets.tips {
                w.u32(t.tip)
                w.u16(UInt16(bitPattern: t.priority))
                w.u8(t.exempt ? 1 : 0)
            }
            w.count(b.budgets.togetherGroups.count)
            for g in b.budgets.togetherGroups { w.u32(g) }
        case .renewals:
            w.count(b.renewals.count)
            for r in b.renewals {
                w.u32(r.tip)
                w.i64(r.after)
            }
        case .content:
            w.count(b.contents.count)
            for c in b.contents {
                w.u32(c.tip)
                w.count(c.messages.count)
                for m in c.messages {
                    writeText(m.text, to: &w)
                    writeChoice(m.condition, to: &w)
                }
                w.count(c.images.count)
                for image in c.images {
                    writeTemplate(image.name, to: &w)
                    w.u8(image.isAsset ? 1 : 0)
                    writeChoice(image.condition, to: &w)
                }
            }
        }
    }

    private static func writeText(_ s: String, to w: inout ByteWriter) {
        let utf8 = Array(s.utf8)
        w.count(utf8.count)
        w.bytes.append(contentsOf: utf8)
    }

    private static func writeExplain(_ e: ExplainTable, to w: inout ByteWriter) {
        w.count(e.programs.count)
        for p in e.programs {
            w.type(p.resultType)
            w.count(p.code.count)
            for i in p.code { w.u32(i.word) }
        }
        w.count(e.tips.count)
        for rules in e.tips {
            w.count(rules.count)
            for rule in rules {
                writeText(rule.text, to: &w)
                w.u32(rule.location.file); w.u32(rule.location.line); w.u32(rule.location.column)
                w.count(rule.probes.count)
                for p in rule.probes {
                    w.u8(p.kind.rawValue)
                    w.u8(p.isNegated ? 1 : 0)
                    writeText(p.text, to: &w)
                    w.u32(p.line); w.u32(p.column); w.u32(p.program)
                    if p.kind == .comparison {
                        w.u8(p.relation.rawValue)
                        writeText(p.left?.text ?? "", to: &w); w.u32(p.left?.program ?? 0)
                        writeText(p.right?.text ?? "", to: &w); w.u32(p.right?.program ?? 0)
                    }
                }
            }
        }
    }

    private static func writeChoice(_ c: ChoiceCondition, to w: inout ByteWriter) {
        w.u8(c.platforms)
        w.u32(c.program)
    }

    private static func writeTemplate(_ t: Template, to w: inout ByteWriter) {
        w.count(t.parts.count)
        for part in t.parts {
            switch part {
            case .literal(let s): w.u8(0); w.u32(s)
            case .argument(let a): w.u8(1); w.u32(a)
            }
        }
    }

    private static func writeText(_ t: TipText, to w: inout ByteWriter) {
        switch t {
        case .plain(let template):
            w.u8(0)
            writeTemplate(template, to: &w)
        case .localized(let key, let table, let fallback):
            w.u8(1)
            writeTemplate(key, to: &w)
            w.u32(table)
            w.bool(fallback != nil)
            if let fallback { writeTemplate(fallback, to: &w) }
        }
    }

    /// Flags say which overrides follow: 1 title, 2 message, 4 asset image, 8 count, 16 duration.
    private static func writeVariant(_ v: VariantSchema, to w: inout ByteWriter) {
        w.u32(v.name)
        w.u16(v.share)
        let flags = (v.title != nil ? 1 : 0) | (v.message != nil ? 2 : 0) | (v.imageIsAsset ? 4 : 0)
            | (v.maxDisplayCount != nil ? 8 : 0) | (v.maxDisplayDuration != nil ? 16 : 0)
        w.u8(UInt8(flags))
        if let t = v.title { writeText(t, to: &w) }
        if let m = v.message { writeText(m, to: &w) }
        w.u32(v.image)
        w.count(v.rules.count)
        for r in v.rules { w.u32(r) }
        w.u32(v.maxDisplayCount ?? 0)
        w.i64(v.maxDisplayDuration ?? 0)
    }

    private static func writeTip(_ t: TipSchema, to w: inout ByteWriter) {
        w.u32(t.name)
        writeTemplate(t.id, to: &w)
        w.count(t.arguments.count)
        for a in t.arguments { w.u32(a.name); w.type(a.type) }
        writeText(t.title, to: &w)
        w.bool(t.message != nil)
        if let m = t.message { writeText(m, to: &w) }
        w.u32(t.image)
        w.count(t.rules.count)
        for r in t.rules { w.u32(r) }
        w.count(t.actions.count)
        for a in t.actions {
            w.u32(a.id)
            writeText(a.title, to: &w)
            w.count(a.effects.count)
            for e in a.effects {
                switch e {
                case .invalidate(let reason): w.u8(0); w.u8(reason.rawValue)
                case .set(let param, let program): w.u8(1); w.u32(param); w.u32(program)
                case .donate(let event, let fields): w.u8(2); w.u32(event); w.count(fields.count); for f in fields { w.u32(f) }
                case .snooze(let interval, let limit): w.u8(3); w.i64(interval); w.u32(limit)
                }
            }
        }
        w.count(t.triggers.count)
        for tr in t.triggers { w.u32(tr.event); w.u32(tr.filter); w.u8(tr.reason.rawValue) }
        let o = t.options
        w.u8((o.maxDisplayCount != nil ? 1 : 0) | (o.maxDisplayDuration != nil ? 2 : 0) | (o.ignoresDisplayFrequency ? 4 : 0))
        w.u32(o.maxDisplayCount ?? 0)
        w.i64(o.maxDisplayDuration ?? 0)
    }
}
