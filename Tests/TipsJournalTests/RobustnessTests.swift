import Foundation
import Testing
import TipsBenchSupport
@testable import TipsJournal

@Suite struct RobustnessTests {
    /// Mutated journals (flipped bytes, inserted/deleted bytes and newlines) never trap, and
    /// open agrees with the read-only reader about what survives.
    @Test(arguments: 0..<60)
    func damagedJournalsOpenWithoutTrapping(seed: Int) throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919)
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: (0..<30).map { _ in randomRecord(&rng) })
        try j.close()
        var bytes = readFile(path)
        let headerEnd = (bytes.firstIndex(of: 0x0A) ?? 0) + 1
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            let at = Int.random(in: headerEnd..<bytes.count, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
            case 1: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: at)
            case 2: bytes.remove(at: at)
            default: bytes.insert(0x0A, at: at)
            }
        }
        writeFile(path, bytes)
        let read = try Journal.readEntries(at: path)
        let opened = try Journal.open(at: path)
        #expect(opened.report.corruptedLines == read.report.corruptedLines)
        #expect(opened.report.repairs == read.report.repairs)
        #expect(opened.state == JournalState(records: read.entries.map(\.record)))
        try opened.append(.resetEligibility(tip: "A", at: 1))
        try opened.close()
        let again = try Journal.readEntries(at: path)
        #expect(again.report.repairs.isEmpty)
        #expect(again.entries.count == read.entries.count + 1)
    }

    /// Two writers on one file, appending, refreshing and compacting in a random order,
    /// always agree with a model that applies every record in append order.
    @Test(arguments: 0..<12)
    func interleavedWritersAndCompactionsMatchTheModel(seed: Int) throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        var rng = SeededGenerator(seed: UInt64(seed) &+ 99)
        let path = dir.file()
        var options = JournalOptions()
        options.autoCompactBytes = Bool.random(using: &rng) ? nil : 3000
        let writers = [
            try Journal.open(at: path, options: options),
            try Journal.open(at: path, durability: .batched(maxRecords: 5, maxDelayMs: 60_000), options: options),
        ]
        var model = JournalState()
        var queued: [JournalRecord] = []   // the batched writer's unflushed records
        for _ in 0..<300 {
            let w = Int.random(in: 0...1, using: &rng)
            switch Int.random(in: 0..<20, using: &rng) {
            case 0:
                try writers[w].compact()
                if w == 1 { model = model.applying(queued); queued = [] }
            case 1:
                try writers[w].refresh()
            default:
                let r = randomRecord(&rng)
                if w == 0 {
                    try writers[0].append(r)
                    model.apply(r)
                } else {
                    queued.append(r)
                    if try writers[1].append(r) != nil { model = model.applying(queued); queued = [] }
                }
            }
            // Once caught up, each writer sees every acknowledged record, and the batched
            // one sees its own queued records after them.
            try writers[0].refresh()
            try writers[1].refresh()
            #expect(writers[0].state == model)
            #expect(writers[1].state == model.applying(queued))
        }
        try writers[1].flush()
        model = model.applying(queued)
        let reopened = try Journal.open(at: path)
        #expect(reopened.report.isClean)
        #expect(reopened.state == model)
    }
}
