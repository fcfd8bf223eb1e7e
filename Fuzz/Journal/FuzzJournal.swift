// libFuzzer target for the journal reader: arbitrary bytes as a journal file, read-only
// read, writer open (replay + repair), append, compaction and reopen.
//
// Built by scripts/fuzz-journal.sh, which compiles this file together with the TipsJournal
// sources as one module, so internal API (options, LineEncoder) is reachable.
// Invariants beyond "does not trap":
//  - the read-only reader and the writer's open agree on corrupted lines, repairs and state;
//  - after open repaired the file, a second read finds nothing to repair;
//  - an append after the open adds exactly one record;
//  - compaction keeps the state (unknown record kinds included) and leaves a clean file;
//  - no read is ever larger than the line limit plus one chunk (bounded memory);
//  - on every line, replay's fast decoder returns the general decoder's record or nothing.
import Foundation

let fuzzDirectory: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let dir = "\(base)/tips-fuzz-journal-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}()

func fuzzOptions() -> JournalOptions {
    var o = JournalOptions()
    o.io = .noSync          // fsync adds nothing to the logic and costs milliseconds
    o.autoCompactBytes = nil
    o.readChunkBytes = 256  // small chunks, so lines cross chunk boundaries
    o.maxLineBytes = 4096   // and some lines are "too long"
    o.now = { 1_700_000_000_000 }
    return o
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    checkFastDecoderAgrees(bytes)
    let path = fuzzDirectory + "/state.jsonl"
    for suffix in ["", ".corrupt", ".lock"] { unlink(path + suffix) }
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let options = fuzzOptions()

    let read: (entries: [JournalEntry], report: JournalReport, peakReadBytes: Int)
    do {
        read = try Journal.readEntries(at: path, options: options)
    } catch {
        // Not a journal: the writer must refuse it too, and leave it untouched.
        precondition((try? Journal.open(at: path, locking: .none, options: options)) == nil, "writer opened what the reader refused")
        precondition(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == bytes, "refused file was changed")
        return 0
    }
    precondition(read.peakReadBytes <= options.maxLineBytes + options.readChunkBytes, "unbounded read")

    let journal: Journal
    do {
        journal = try Journal.open(at: path, locking: .none, options: options)
    } catch {
        preconditionFailure("reader accepted what the writer refused: \(error)")
    }
    precondition(journal.report.corruptedLines == read.report.corruptedLines, "corrupted lines differ")
    precondition(journal.report.repairs == read.report.repairs, "repairs differ")
    var expected = JournalState()
    for e in read.entries { expected.apply(e.record) }
    let state = journal.state
    precondition(state.params == expected.params && state.donations == expected.donations && state.tips == expected.tips,
                 "state differs from the reader's")
    precondition(journal.peakReadBytes <= options.maxLineBytes + options.readChunkBytes, "unbounded read in open")

    let again = try? Journal.readEntries(at: path, options: options)
    precondition(again?.report.repairs.isEmpty == true, "open left something to repair")

    let before = journal.lastSequence
    if before < UInt64.max {
        do {
            try journal.append(.donate(event: "fuzz", at: 1, payload: ["n": .int(1)]))
            precondition(journal.lastSequence == before + 1, "append did not take the next seq")
        } catch {
            preconditionFailure("append failed: \(error)")
        }
    }
    let beforeCompaction = journal.state
    do {
        try journal.compact()
        precondition(journal.state == beforeCompaction, "compaction changed the state")
        let after = try Journal.readEntries(at: path, options: options)
        precondition(after.report.isClean, "compaction left a damaged file")
        var replayed = JournalState()
        for e in after.entries { replayed.apply(e.record) }
        precondition(replayed.params == beforeCompaction.params && replayed.donations == beforeCompaction.donations
                     && replayed.tips == beforeCompaction.tips, "compacted file replays differently")
        precondition(after.report.unknownRecords.map(\.kind) == beforeCompaction.unknownRecords.map(\.kind),
                     "unknown records not kept")
    } catch let error where error.detail.contains("sequence numbers are used up") {
        // Refused rather than wrapped: fine.
    } catch {
        preconditionFailure("compaction failed: \(error)")
    }
    try? journal.close()
    return 0
}

/// Every line of `bytes` through one `ReplayDecoder` (so its caches carry over from line to
/// line) and through `LineDecoder`: a record from the fast path must be the general
/// decoder's, to the bit (compared re-encoded: `-0.0` is not `0.0` there).
func checkFastDecoderAgrees(_ bytes: [UInt8]) {
    var decoder = ReplayDecoder()
    var start = 0
    while start < bytes.count {
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        bytes[start..<end].withUnsafeBytes { line in
            guard let fast = decoder.decode(line) else { return }
            let general: JournalEntry
            do throws(LineError) {
                general = try LineDecoder.decodeRecord(line)
            } catch {
                preconditionFailure("fast decoder accepted a line the general one rejects: \(error.reason)")
            }
            precondition(fast == general && encoded(fast) == encoded(general), "fast and general decoders differ")
        }
        start = end + 1
    }
}

func encoded(_ e: JournalEntry) -> [UInt8] {
    var out: [UInt8] = []
    guard let body = try? LineEncoder.recordBody(e.record, path: "fuzz") else { return [] }
    LineEncoder.appendLine(seq: e.seq, body: body, to: &out)
    return out
}
