import Foundation
import Testing
import TipsCompile
import TipsReport
import TipsRuntime
import TipsSource

/// The report over events a real store emitted: stores with a sink run through a simulated
/// week, their events are exported as NDJSON (each `EffectivenessEvent.json` a line, the
/// export form) and read by `EventStreamReader`, and the conversion counts, rate, interval
/// and median delay come out as the simulation made them. The other report tests read
/// events written by hand or by a Python-made fleet; this one closes that gap.
@Suite struct RuntimeExportTests {
    static let source = """
        event noteShared(viaLink: Bool)
        tip ShareTip {
            title "Share a Link"
            goal noteShared where viaLink within 2d
        }
        """
    static let identity = CatalogIdentity(name: "com.example.notes", version: 7)
    static let minute: Int64 = 60_000, day: Int64 = 86_400_000

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func receive(_ batch: [EffectivenessEvent]) { lock.withLock { lines += batch.map(\.json) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// What one simulated device does: presentations (minutes after the start), shares
    /// (minutes after the start, via a link or not), and whether it relaunches halfway.
    struct Device {
        var presentations: [Int64]
        var shares: [(at: Int64, viaLink: Bool)]
        var relaunches = false
    }

    /// Runs `device` against its own journal and returns the events its sinks received.
    static func run(_ device: Device, bundle: [UInt8]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tips-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = directory.appendingPathComponent("state.jsonl")
        let clock = ManualClock()
        let start = clock.now()
        var store = try TipStore(bundle: bundle, journalURL: journal, clock: clock)
        let lines = Lines()
        try store.setEventSink(EventSinkOptions(catalog: identity), lines.receive)
        var steps: [(Int64, Int)] = device.presentations.map { ($0, -1) } + device.shares.indices.map { (device.shares[$0].at, $0) }
        steps.sort { $0.0 < $1.0 }
        var relaunched = !device.relaunches
        for (at, index) in steps {
            if !relaunched, at > day / minute {
                // A new launch halfway through the week: the journal replays, nothing is emitted again.
                store.flushEvents()
                try store.close()
                store = try TipStore(bundle: bundle, journalURL: journal, clock: clock)
                try store.setEventSink(EventSinkOptions(catalog: identity), lines.receive)
                relaunched = true
            }
            clock.advance(to: start + at * minute)
            if index < 0 {
                try store.presentationBegan("ShareTip")
                clock.advance(to: start + at * minute + 5_000)
                try store.presentationEnded("ShareTip")
            } else {
                try store.donate(dynamic: "noteShared", ["viaLink": .bool(device.shares[index].viaLink)])
            }
        }
        store.flushEvents()
        try store.close()
        return lines.all
    }

    @Test func conversionFiguresFromAStoresExport() throws {
        var sources = SourceSet()
        sources.add(path: "share.tips", text: Self.source)
        let bundle = try #require(Compiler.compile(sources: sources).bytes)
        let twoDays = 2 * Self.day / Self.minute
        // Twelve devices: each pattern four times, with its own delays.
        var devices: [Device] = []
        var expectedDelays: [Int64] = []   // ms from the first presentation to the conversion
        var expectedShown = 0
        for i in 0..<12 {
            let first = Int64(60 + i)
            switch i % 4 {
            case 0:
                // Shown, shares by link 10·(i+1) minutes later: converts, once, though it shares twice.
                let delay = Int64(10 * (i + 1))
                devices.append(Device(presentations: [first], shares: [(first + delay, true), (first + delay + 5, true)]))
                expectedDelays.append(delay * Self.minute)
                expectedShown += 1
            case 1:
                // Shown twice, shares by e-mail, then by link inside the window across a relaunch.
                let delay = twoDays - 30
                devices.append(Device(presentations: [first, first + 600], shares: [(first + 5, false), (first + delay, true)],
                                      relaunches: true))
                expectedDelays.append(delay * Self.minute)
                expectedShown += 2
            case 2:
                // Shown, shares by link on the window's last minute: converts.
                devices.append(Device(presentations: [first], shares: [(first + twoDays, true)]))
                expectedDelays.append(twoDays * Self.minute)
                expectedShown += 1
            default:
                // Shares by link before it is ever shown, and a minute after the window: no conversion.
                devices.append(Device(presentations: [first + 30], shares: [(first, true), (first + 30 + twoDays + 1, true)]))
                expectedShown += 1
            }
        }
        var export: [String] = []
        for device in devices { export += try Self.run(device, bundle: bundle) }
        let converted = export.filter { $0.contains(#""event":"converted""#) }
        #expect(converted.count == expectedDelays.count)

        // The export read once, and then again as a second copy: duplicates count once.
        var reader = EventStreamReader()
        let ndjson = Array((export.joined(separator: "\n") + "\n").utf8)
        reader.feed(ndjson)
        reader.finish()
        reader.feed(ndjson)
        reader.finish()
        #expect(reader.problems.isEmpty, "\(reader.problems)")
        let report = reader.aggregator.report
        #expect(report.duplicates == export.count)
        let row = try #require(report.rows.first { $0.tip == "ShareTip" })
        #expect(report.rows.count == 1)
        #expect(row.catalog == Self.identity.name)
        #expect(row.shown == expectedShown)
        #expect(row.conversions == expectedDelays.count)
        #expect(row.convertedAfterShown == expectedDelays.count)
        #expect(row.conversionRate == Double(expectedDelays.count) / Double(expectedShown))
        #expect(row.conversionInterval == WilsonInterval(successes: expectedDelays.count, trials: expectedShown))
        let sorted = expectedDelays.sorted(), mid = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
        #expect(row.medianTimeToConversion == median)
        // Three of the four patterns convert, each on three devices.
        #expect(expectedDelays.count == 9)
    }
}
