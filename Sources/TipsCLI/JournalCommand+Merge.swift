#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsJournal

extension JournalCommand {
    /// `tipc journal merge A B [C...] -o OUT`: the journals' facts merged (Docs/sync.md) and
    /// written as a new journal, atomically: OUT appears whole or not at all, and may be one
    /// of the inputs. Corrupted lines of an input are skipped, with a warning.
    static func merge(_ inputs: [String], output: String?, at: Int64, _ invocation: inout Invocation) throws(Definitions.Exit) -> Int32 {
        guard let output else {
            throw Definitions.Exit(status: invocation.usageError(UsageError(message: "merge needs -o OUT, the journal to write"),
                                                                 command: command))
        }
        guard inputs.count >= 2 else {
            throw Definitions.Exit(status: invocation.usageError(
                UsageError(message: "merge needs at least two journals; got \(inputs.count)"), command: command))
        }
        var merged = JournalMerge()
        for path in inputs {
            let (entries, report) = try read(path, &invocation)
            if !report.corruptedLines.isEmpty {
                let n = report.corruptedLines.count
                invocation.warning("\(path): \(n) corrupted line\(n == 1 ? "" : "s") skipped (run 'tipc journal \(path) verify')")
            }
            merged.merge(JournalMerge(records: entries.map(\.record)))
        }
        let records = merged.records
        let temporary = "\(output).merge-\(getpid()).tmp"
        _ = unlink(temporary)
        do throws(JournalError) {
            var options = JournalOptions()
            options.now = { at }
            options.autoCompactBytes = nil
            let journal = try Journal.open(at: temporary, durability: .synced, locking: .none, options: options)
            defer { try? journal.close() }
            if !records.isEmpty { _ = try journal.append(contentsOf: records) }
            try journal.flush()
        } catch {
            _ = unlink(temporary)
            throw fail(error, path: output, &invocation)
        }
        guard rename(temporary, output) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = unlink(temporary)
            invocation.error("cannot write \(output): \(reason)")
            throw Definitions.Exit(status: ExitCode.usage)
        }
        let state = merged.state
        invocation.stdout += "merged \(inputs.count) journals into \(output): \(records.count) records "
            + "(\(state.params.count) parameters, \(state.donations.values.reduce(0) { $0 + $1.count }) donations, "
            + "\(state.tips.count) tips)\n"
        return ExitCode.success
    }
}
