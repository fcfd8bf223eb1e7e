import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// Groups: declared, distinct members; a tip in at most one group.
    mutating func checkGroups() {
        var membership: [Int: SourceRange] = [:]  // tip -> where its (first) group names it
        for (index, decl) in groupDecls.enumerated() {
            var group = model.groups[index]
            group.priority = decl.priority == .ordered ? .ordered : .firstAvailable
            group.together = decl.together != nil
            group.togetherRange = decl.together
            var seen: [String: SourceRange] = [:]
            for member in decl.members {
                if let first = seen[member.name] {
                    error(.duplicateGroupMember, "'\(member.name)' is already a member of group '\(decl.name.name)'",
                          at: member.range, notes: [Note("first listed here", at: first)])
                    continue
                }
                seen[member.name] = member.range
                // A reusable member stands for its live instances at run time (Docs/semantics.md, "Groups").
                guard let tip = resolveTip(member) else { continue }
                if let first = membership[tip] {
                    let other = model.tips[tip].group.map { model.groups[$0].name } ?? "another group"
                    error(.tipInTwoGroups, "tip '\(member.name)' is already in group '\(other)'", at: member.range,
                          notes: [Note("first listed here", at: first)])
                    continue
                }
                membership[tip] = member.range
                model.tips[tip].group = index
                group.members.append(tip)
                group.memberRanges.append(member.range)
            }
            model.groups[index] = group
        }
    }

    /// `testing { ... }` blocks, merged (the lints flag them).
    mutating func checkTesting() {
        for decl in testingDecls {
            model.testingOverrides.ranges.append(decl.range)
            for item in decl.items {
                switch item {
                case .showAll: model.testingOverrides.showAll = true
                case .hideAll: model.testingOverrides.hideAll = true
                case .show(let ids, _): model.testingOverrides.show += ids.compactMap { resolveTip($0) }
                case .hide(let ids, _): model.testingOverrides.hide += ids.compactMap { resolveTip($0) }
                }
            }
        }
    }

    /// The index of tip `id`, or nil after reporting it.
    mutating func resolveTip(_ id: Identifier) -> Int? {
        guard let entry = symbols[id.name] else {
            unknown(.unknownTip, "tip", id, candidates: tipNames)
            return nil
        }
        guard case .tip(let index) = entry.symbol else {
            wrongKind(id, entry, expected: "a tip")
            return nil
        }
        return index
    }

    /// Tip ids that two tips share. Templated ids compare by shape (text with argument
    /// holes), so two identical templates are one id whatever their argument names. TipKit
    /// accepts a shared id (its state is kept by id), and an app may mean it, so both cases
    /// are warnings: W154 for the same id, W153 for ids the same only for some values.
    mutating func checkTipIDs() {
        var seen: [[String]: Int] = [:]
        var accepted = TipIDIndex()
        for (index, tip) in model.tips.enumerated() {
            let shape = tip.id.segments.map { segment -> String in
                switch segment {
                case .text(let t): "t" + t
                case .argument: "a"
                }
            }
            if let first = seen[shape] {
                let other = model.tips[first].name
                let shared = tip.id.literalText.map { "the same id '\($0)' as tip '\(other)': the two share one state" }
                    ?? "the same id template as tip '\(other)': instances with the same arguments share one state"
                diagnostics.append(.warning(
                    .sharedTipID, "tip '\(tip.name)' has \(shared)", at: tip.id.range,
                    notes: [Note("first used here", at: model.tips[first].id.range),
                            Note("TipKit allows it, and it may be meant: two declarations of one tip (a variant for another "
                                 + "screen, or an old declaration kept for its users) share its display count, display time "
                                 + "and invalidation; if they are two tips, give '\(tip.name)' an id of its own")]))
                continue
            }
            seen[shape] = index
            // Ids of different shapes are the same text only for some argument values: TipKit
            // accepts them and apps rely on it, so it is a warning (W153) with an example.
            let pieces = idPieces(tip)
            if let clash = accepted.firstClash(pieces) {
                let other = model.tips[clash]
                let example = IDOverlap(pieces).sharedText(IDOverlap(idPieces(other)))
                var notes = [Note("the id of '\(other.name)' is here", at: other.id.range)]
                if let example {
                    // Control and format characters escaped: the id text is the author's, any scalar.
                    let shown = example.unicodeScalars.map { c in
                        c.properties.generalCategory == .control || c.properties.generalCategory == .format
                            ? c.escaped(asASCII: true) : String(c)
                    }.joined()
                    notes.append(Note("for example, both ids are '\(shown)'"))
                }
                notes.append(Note("TipKit accepts such ids, and two declarations may mean to share one state; if not, instances "
                                  + "with one id share a display count and an invalidation: give each id a literal part the other "
                                  + "cannot spell, as in 'Template-\\(id)'"))
                diagnostics.append(.warning(.tipIDsMayCoincide,
                                            "the id of tip '\(tip.name)' is the same text as the id of tip '\(other.name)' "
                                                + "for some argument values", at: tip.id.range, notes: notes))
            }
            accepted.add(tip: index, pieces)
        }
    }

    /// What each piece of a tip's id can spell, from its arguments' types.
    private func idPieces(_ tip: Tip) -> [IDOverlap.Piece] {
        tip.id.segments.map { segment in
            switch segment {
            case .text(let t): return .text(t)
            case .argument(let i):
                guard i < tip.arguments.count else { return .anyText }
                switch tip.arguments[i].type {
                case .int: return .integer
                case .bool: return .oneOf(["true", "false"])
                case .enumeration(let e) where e < model.enums.count: return .oneOf(model.enums[e].cases)
                default: return .anyText
                }
            }
        }
    }
}
