#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsCommandLine
import TipsJournal

extension JournalCommand {
    /// `tipc journal merge A B [C...] -o OUT`: the journals' facts merged (Docs/sync.md) and
    /// written to the journal OUT under its lock, through the journal's own atomic replace
    /// (`Journal.replace`): OUT appears whole or not at all, a writer appending to OUT
    /// meanwhile loses nothing (what OUT holds is always merged in, whether or not it is
    /// named among the inputs), and a link, the mode and the owner are kept as compaction
    /// keeps them. Corrupted lines of an input are skipped, with a warning.
    static func merge(_ inputs: [String], output: String?, at: Int64, _ invocation: inout Invocation) throws(Definitions.Exit) -> Int32 {
        guard let output else {
            throw Definitions.Exit(status: invocation.usageError(UsageError(message: "merge needs -o OUT, the journal to write"),
                                                                 command: command))
        }
        guard inputs.count >= 2 else {
            throw Definitions.Exit(status: invocation.usageError(
                UsageError(message: "merge needs at least two journals; got \(inputs.count)"), command: command))
        }
        try checkMergeOutput(output, &invocation)
        // OUT's own records are read under its lock (below), not here.
        let outIdentity = identity(output)
        // Each input is folded as it is read, a few megabytes at a time: memory holds the
        // merged facts, not the inputs' records (Docs/cli.md gives the figures).
        var merged = JournalMerge()
        for path in inputs where outIdentity == nil || identity(path) != outIdentity {
            try fold(path, into: &merged, &invocation)
        }
        var written = 0
        // Tips and parameters, from the records other than donations (no second copy of
        // every donation just to count them).
        var state = JournalState()
        let found: JournalReport?
        do throws(JournalError) {
            found = try Journal.replace(at: output, created: at) { (file: inout Journal.Replacement) throws(JournalError) in
                // Under OUT's lock: every record a writer acknowledged is in it.
                do throws(JournalError) {
                    let stream = try JournalRecordStream(path: output)
                    merged.merge(records: stream)
                    if let failure = stream.failure { throw failure }
                } catch {
                    // Nothing there yet: a new journal.
                    guard error.kind == .io, error.errno == ENOENT else { throw error }
                }
                let records = merged.records
                for record in records { try file.append(record) }
                written = file.records
                state = JournalState(records: records.lazy.filter { if case .donate = $0 { return false } else { return true } })
            }
        } catch {
            throw fail(error, path: output, &invocation)
        }
        if let found {
            warnAboutSkipped(found, of: output, &invocation, kept: true)
            if outIdentity != nil, !inputs.contains(where: { identity($0) == outIdentity }), found.records > 0 {
                invocation.stderr += "tipc: note: \(output) already held \(found.records) record\(found.records == 1 ? "" : "s"); "
                    + "they are merged in (remove \(output) first to write the inputs' merge alone)\n"
            }
        }
        invocation.stdout += "merged \(inputs.count) journals into \(output): \(written) records "
            + "(\(state.params.count) parameters, \(merged.donations.count) donations, \(state.tips.count) tips)\n"
        return ExitCode.success
    }

    /// Merges the facts of the journal at `path` into `merged`, read in bounded chunks; its
    /// damaged lines and records of unknown kinds are warned about.
    static func fold(_ path: String, into merged: inout JournalMerge, _ invocation: inout Invocation) throws(Definitions.Exit) {
        do throws(JournalError) {
            let stream = try JournalRecordStream(path: path)
            merged.merge(records: stream)
            if let failure = stream.failure { throw failure }
            warnAboutSkipped(stream.report, of: path, &invocation)
        } catch {
            throw fail(error, path: path, &invocation)
        }
    }

    /// Refuses an OUT that cannot be a journal: standard output, a FIFO, a device, a
    /// directory, a path whose folder is missing. Exit 2.
    static func checkMergeOutput(_ output: String, _ invocation: inout Invocation) throws(Definitions.Exit) {
        let reason: String
        do throws(OutputFile.Failure) {
            switch try OutputFile(output).destination {
            case .replace: return
            case .standardOutput:
                reason = "a journal is a regular file; " + (output == "-" ? "-o - (standard output)" : "standard output") + " cannot be one"
            case .stream(let kind):
                reason = "not a regular file: it is \(kind); a journal is only ever a regular file"
            }
        } catch {
            reason = error.reason
        }
        invocation.error("cannot write \(output): \(reason)")
        throw Definitions.Exit(status: ExitCode.usage)
    }

    /// Warns about lines of `path` that the merge could not use.
    static func warnAboutSkipped(_ report: JournalReport, of path: String, _ invocation: inout Invocation, kept: Bool = false) {
        let copied = kept ? "; copied to \(path).corrupt" : ""
        if !report.corruptedLines.isEmpty {
            let n = report.corruptedLines.count
            invocation.warning("\(path): \(n) corrupted line\(n == 1 ? "" : "s") skipped\(copied) (run 'tipc journal \(path) verify')")
        }
        if !report.unknownRecords.isEmpty, !kept {
            let n = report.unknownRecords.count
            invocation.warning("\(path): \(n) record\(n == 1 ? "" : "s") of kinds this version does not read not merged")
        }
    }

    /// Device and inode of what `path` names (links followed), nil if nothing.
    static func identity(_ path: String) -> [UInt64]? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return [UInt64(st.st_dev), UInt64(st.st_ino)]
    }
}
