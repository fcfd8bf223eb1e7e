import Foundation
import TipsBytecode
import TipsCommandLine
import TipsDriver
import TipsJournal
import TipsRuntime
import TipsSource
import TipsText
import TipsTime

extension StatusCommand {
    /// What `tipc status` prints: the runtime's reports of every tip at one instant, the
    /// groups' current tips, and what the journal held that the definitions don't know.
    struct Snapshot {
        /// One tip (a plain tip, or a reusable instance found in the journal).
        struct Row {
            var name: String
            var id: String
            var isInstance: Bool
            var report: TipReport
            /// A presentation the journal left open (the runtime ends it at its start).
            var openSince: Int64?
        }

        struct GroupRow {
            var name: String
            var priority: String
            var current: String?
        }

        var at: Int64
        var journal: String
        var journalExists: Bool
        var records: Int
        var corruptedLines: [Int]
        var tornTail: Bool
        var rows: [Row] = []
        /// Reusable tips with no instance in the journal.
        var reusableWithoutInstances: [String] = []
        var groups: [GroupRow] = []
        /// State in the journal under names the definitions don't declare (kept, not lost).
        var unknownTips: [String] = []
        var unknownParameters: [String] = []
        var unknownEvents: [String] = []

        /// Replays `journal` (a copy of it) into a store over `definitions` at `at`.
        static func take(_ definitions: Definitions, journal: String, at: Int64, asOf: Bool = false,
                         overrides: TestingOverrides = .none, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
                         installID: String? = nil, _ invocation: inout Invocation) throws(Definitions.Exit) -> Snapshot {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tipc-status-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                invocation.error("cannot create a temporary directory: \(error.localizedDescription)")
                throw Definitions.Exit(status: ExitCode.usage)
            }
            defer { try? FileManager.default.removeItem(at: directory) }
            let copy = directory.appendingPathComponent("journal.jsonl")

            var exists = true
            do {
                try FileSystem.copyFile(journal, to: copy.path, limit: FileSystem.Limit.journal)
            } catch where error.isMissing {
                exists = false
                invocation.stderr += "tipc: note: \(journal) does not exist; showing the state of an empty journal\n"
            } catch {
                invocation.error("cannot read \(journal): \(error.reason)")
                throw Definitions.Exit(status: ExitCode.usage)
            }

            var state = JournalState()
            var report = JournalReport(path: journal)
            if exists {
                do {
                    let read = try Journal.readEntries(at: copy.path)
                    state = JournalState(records: read.entries.map(\.record).filter { record in
                        !asOf || JournalAsOf.instant(of: record).map { $0 <= at } ?? true
                    })
                    report = read.report
                } catch {
                    throw JournalCommand.fail(error, path: journal, &invocation)
                }
                for line in report.corruptedLines {
                    invocation.warning("\(journal):\(line.line): corrupted line skipped (\(line.reason)); run 'tipc journal \(journal) verify'")
                }
                for repair in report.repairs {
                    invocation.stderr += "tipc: note: \(journal):\(repair.line): torn last line ignored (\(repair.reason))\n"
                }
            }

            if asOf, exists {
                let dropped = JournalAsOf.cut(copy.path, at: at)
                if dropped > 0 { invocation.stderr += JournalAsOf.note(dropped, journal: journal) }
            }
            let store: TipStore
            do {
                store = try TipStore(bundle: definitions.bytes, journalURL: copy, clock: ManualClock(start: at),
                                     overrides: overrides, durability: .synced)
            } catch {
                invocation.error("\(journal): \(error.message.replacingOccurrences(of: copy.path, with: journal))")
                throw Definitions.Exit(status: ExitCode.usage)
            }
            defer { try? store.close() }
            do {
                try InstallIdentifierOption.apply(installID, to: store)
            } catch {
                invocation.error("\(journal): \(error.message.replacingOccurrences(of: copy.path, with: journal))")
                throw Definitions.Exit(status: ExitCode.usage)
            }
            store.setTimeZone(timeZone)

            var snapshot = Snapshot(at: at, journal: journal, journalExists: exists, records: report.records,
                                    corruptedLines: report.corruptedLines.map(\.line), tornTail: !report.repairs.isEmpty)
            for r in store.reports() {
                snapshot.rows.append(Row(name: r.tip.name, id: r.id, isInstance: false, report: r,
                                         openSince: state.tips[r.id]?.openSince))
            }
            let instances = store.journalInstanceReports()
            for r in instances {
                snapshot.rows.append(Row(name: r.tip.name, id: r.id, isInstance: true, report: r,
                                         openSince: state.tips[r.id]?.openSince))
            }
            let bundle = definitions.bundle
            let withInstances = Set(instances.map(\.tip.name))
            snapshot.reusableWithoutInstances = bundle.tips.filter { !$0.arguments.isEmpty }
                .map { definitions.string($0.name) }.filter { !withInstances.contains($0) }
            for (g, name) in store.groupNames.enumerated() {
                let priority = bundle.groups[g].priority == .ordered ? "ordered" : "firstAvailable"
                let current = (try? store.currentTip(inGroup: TipGroupKey(name)))?.name
                snapshot.groups.append(GroupRow(name: name, priority: priority, current: current))
            }
            let knownIDs = Set(snapshot.rows.map(\.id))
            snapshot.unknownTips = state.tips.keys.filter { !knownIDs.contains($0) }.sorted()
            // The journal holds what they are stored under: a declared key, else the name.
            let params = Set(definitions.paramKeys), events = Set(definitions.eventKeys)
            snapshot.unknownParameters = state.params.keys.filter { !params.contains($0) }.sorted()
            snapshot.unknownEvents = state.donations.keys.filter { !events.contains($0) }.sorted()
            return snapshot
        }

        // MARK: - Text

        func text() -> String {
            var out = "status at \(ISO8601.display(at)) from \(TerminalText.escaped(journal))"
            out += journalExists ? " (\(records) records)\n\n" : " (no such file: empty state)\n\n"
            let table = [["TIP", "STATUS", "DETAIL"]] + rows.map { [$0.isInstance ? $0.id : $0.name, "\($0.report.status)", detail($0)] }
            out += Snapshot.columns(table)
            if !reusableWithoutInstances.isEmpty {
                out += "reusable tips without instances in the journal: \(TerminalText.escaped(reusableWithoutInstances.joined(separator: ", ")))\n"
            }
            out += "\n"
            if groups.isEmpty {
                out += "no groups\n"
            } else {
                out += Snapshot.columns([["GROUP", "PRIORITY", "CURRENT"]] + groups.map { [$0.name, $0.priority, $0.current ?? "(none)"] })
            }
            for (what, names) in [("tips", unknownTips), ("parameters", unknownParameters), ("events", unknownEvents)] where !names.isEmpty {
                out += "\nkept for \(what) the definitions don't declare: \(TerminalText.escaped(names.joined(separator: ", ")))\n"
            }
            return out
        }

        /// Why a tip has its status, in a few words.
        func detail(_ row: Row) -> String {
            let r = row.report
            var parts: [String] = []
            if row.isInstance { parts.append("instance of \(row.name)") } else if row.id != row.name { parts.append("id \(row.id)") }
            if case .invalidated = r.status {
                if let at = r.invalidatedAt { parts.append("since \(ISO8601.display(at))") }
            } else {
                parts.append(r.rules.isEmpty ? "no rules" : "rules \(r.rules.filter { $0 }.count)/\(r.rules.count) hold")
                if r.heldBackByCooldown { parts.append("held back by the display-frequency cooldown") }
                if r.heldBackByBudget { parts.append("held back by a display budget") }
            }
            if let o = r.override { parts.append("testing override: \(o)") }
            if r.displayCount > 0 {
                parts.append("displayed \(r.displayCount) time\(r.displayCount == 1 ? "" : "s"), \(DurationText.format(r.displayMilliseconds, separator: " ", zero: "0ms")) in all")
            }
            if let since = row.openSince {
                parts.append("presentation left open since \(ISO8601.display(since)) (counted as ended then)")
            }
            return parts.joined(separator: "; ")
        }

        /// Left-aligned columns, two spaces apart; the last column is not padded.
        /// Cells are escaped (`TerminalText`): names from a journal can't forge a row.
        static func columns(_ rows: [[String]]) -> String {
            let rows = rows.map { $0.map { TerminalText.escaped($0) } }
            guard let count = rows.first?.count else { return "" }
            var widths = Array(repeating: 0, count: count)
            for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.unicodeScalars.count) } }
            var out = ""
            for row in rows {
                var line = ""
                for (i, cell) in row.enumerated() {
                    line += cell
                    if i < row.count - 1 { line += String(repeating: " ", count: widths[i] - cell.unicodeScalars.count + 2) }
                }
                while line.hasSuffix(" ") { line.removeLast() }
                out += line + "\n"
            }
            return out
        }

        // MARK: - JSON


        /// One document, keys always in this order.
        func json() -> JSON {
            func instant(_ ms: Int64?) -> JSON { ms.map { .string(ISO8601.display($0)) } ?? .null }
            let tips: [JSON] = rows.map { row in
                let r = row.report
                var status = "\(r.status)", reason: JSON = .null
                if case .invalidated(let why) = r.status {
                    status = "invalidated"
                    reason = .string(why.rawValue)
                }
                return .object([
                    ("name", .string(row.name)),
                    ("id", .string(row.id)),
                    ("instance", .bool(row.isInstance)),
                    ("status", .string(status)),
                    ("reason", reason),
                    ("rules", .array(r.rules.map { .bool($0) })),
                    ("heldBackByCooldown", .bool(r.heldBackByCooldown)),
                    ("heldBackByBudget", .bool(r.heldBackByBudget)),
                    ("override", r.override.map { .string($0) } ?? .null),
                    ("displayCount", .int(Int(r.displayCount))),
                    ("displayMilliseconds", .int(Int(r.displayMilliseconds))),
                    ("presentationOpenSince", instant(row.openSince)),
                    ("invalidatedAt", instant(r.invalidatedAt)),
                ])
            }
            return .object([
                ("version", .int(1)),
                ("at", .string(ISO8601.display(at))),
                ("journal", .object([
                    ("path", .string(journal)),
                    ("exists", .bool(journalExists)),
                    ("records", .int(records)),
                    ("corruptedLines", .array(corruptedLines.map { .int($0) })),
                    ("tornTail", .bool(tornTail)),
                ])),
                ("tips", .array(tips)),
                ("reusableWithoutInstances", .array(reusableWithoutInstances.map { .string($0) })),
                ("groups", .array(groups.map { g in
                    .object([("name", .string(g.name)), ("priority", .string(g.priority)),
                             ("current", g.current.map { .string($0) } ?? .null)])
                })),
                ("unknown", .object([
                    ("tips", .array(unknownTips.map { .string($0) })),
                    ("parameters", .array(unknownParameters.map { .string($0) })),
                    ("events", .array(unknownEvents.map { .string($0) })),
                ])),
            ])
        }
    }
}
