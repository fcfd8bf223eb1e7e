import TipsBytecode
import TipsJournal

extension TipStore {
    /// What opening a journal under a bundle with declared renames (`renamedFrom`) writes,
    /// so state saved under an old name keeps its meaning: a value of the old parameter
    /// (when the new one has none: a value set under the new name is newer), and each
    /// donation of the old event that the new one lacks, with its instant and payload, and
    /// a renamed tip's display counts, invalidation and snooze (when the new id has no state yet).
    /// The old records stay, unread; once carried, nothing is carried again.
    static func renameRecords(_ bundle: TipsBundle, state: JournalState) -> [JournalRecord] {
        func string(_ i: UInt32) -> String? { Int(i) < bundle.strings.count ? bundle.strings[Int(i)] : nil }
        // What the renamed declaration is stored under now: its key, else its name.
        func stored(_ kind: KeySchema.Kind, _ index: UInt32, name: UInt32) -> String? {
            string(bundle.keys.first { $0.kind == kind && $0.index == index }?.key ?? name)
        }
        var out: [JournalRecord] = []
        for r in bundle.renames {
            guard let old = string(r.oldName) else { continue }
            switch r.kind {
            case .param:
                guard Int(r.index) < bundle.params.count, let new = stored(.param, r.index, name: bundle.params[Int(r.index)].name),
                      !bundle.params[Int(r.index)].isTransient,
                      let value = state.params[old], state.params[new] == nil else { continue }
                out.append(.param(name: new, value: value.value, at: value.at))
            case .event:
                guard Int(r.index) < bundle.events.count, let new = stored(.event, r.index, name: bundle.events[Int(r.index)].name),
                      let list = state.donations[old], !list.isEmpty else { continue }
                let have = Set((state.donations[new] ?? []).map { JournalMerge.Donation(event: new, at: $0.at, payload: $0.payload) })
                for d in list {
                    let carried = JournalMerge.Donation(event: new, at: d.at, payload: d.payload)
                    if !have.contains(carried) { out.append(.donate(event: new, at: d.at, payload: d.payload)) }
                }
            case .tip:
                guard Int(r.index) < bundle.tips.count else { continue }
                let tip = bundle.tips[Int(r.index)]
                guard tip.id.parts.count == 1, case .literal(let s) = tip.id.parts[0], let new = string(s),
                      state.tips[new] == nil, state.snoozes[new] == nil else { continue }
                if var carried = state.tips[old] {
                    carried.openSince = nil
                    out.append(.tipSnapshot(tip: new, state: carried))
                }
                // A snooze in force (or its count, which the limit reads) is the user's "later":
                // the renamed tip keeps it.
                if let snooze = state.snoozes[old] {
                    out.append(.snooze(tip: new, until: snooze.until, count: snooze.count, at: snooze.at))
                }
            case .enumCase:
                // Read under the new name wherever it is stored (`Catalog.renamedCase`): nothing to write.
                continue
            }
        }
        return out
    }
}
