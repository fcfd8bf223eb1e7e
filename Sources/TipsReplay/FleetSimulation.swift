import Dispatch
import Foundation
import TipsDriver
import TipsJournal
import TipsRuntime

/// A fleet of devices made by the runtime itself: each device is a real `TipStore` over its
/// own journal file, driven through a simulated week on a `ManualClock` with behaviour drawn
/// from a seeded generator (how often the app opens, what the user saves, shares and
/// searches, how each presentation ends, relaunches and quits with a tip on screen). The
/// journals it writes are what `tipc report --defs` and `tipc events export` read
/// (Docs/report.md); the same seed always writes the same bytes, variants included: each
/// journal starts with the install record `fleet-SEED-device-N` that the `linkWording`
/// experiment's assignment hashes.
public struct FleetSimulation: Sendable {
    /// The catalog the devices run: three tips with goals, a cooldown, an action, and an
    /// experiment on ShareTip (a tenth of installs held out, two wordings on the rest).
    public static let source = """
        config { displayFrequency daily }
        param pro: Bool = false
        event noteSaved
        event searchUsed
        event noteShared(viaLink: Bool)
        tip SearchTip {
            title "Search Your Notes"
            rule count(noteSaved) >= 1
            goal searchUsed within 3d
        }
        tip ShareTip {
            title "Share a Link"
            rule count(noteSaved within 7d) >= 2
            action "share" { title "Share" invalidate }
            goal noteShared where viaLink within 2d
            experiment linkWording {
                holdout 10%
                variant plain 45% {
                    message "Send a link to this note."
                }
                variant benefit 45% {
                    message "Whoever opens the link sees your latest edits."
                }
            }
        }
        tip ProTip {
            title "Go Pro"
            rule !pro
            maxDisplayCount 2
        }

        """
    /// How the simulated devices' events name the catalog.
    public static let catalog = CatalogIdentity(name: "com.example.notes", version: 7)
    static let tips = ["SearchTip", "ShareTip", "ProTip"]

    public var bundle: [UInt8]
    public var seed: UInt64
    /// The week starts here (ms since the epoch): 2026-01-05T00:00:00Z, a Monday.
    public var start: Int64 = 1_767_571_200_000

    public init(bundle: [UInt8], seed: UInt64 = 24) {
        self.bundle = bundle
        self.seed = seed
    }

    /// The journal of device `index` (`device-0001.jsonl` …).
    public static func journalName(_ index: Int) -> String {
        let digits = String(index + 1)
        return "device-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".jsonl"
    }

    /// The install identifier device `index` records (`fleet-24-device-1` for the first
    /// device of seed 24, whose journal is `device-0001.jsonl`).
    public func installIdentifier(device index: Int) -> String {
        "fleet-\(seed)-device-\(index + 1)"
    }

    /// Runs device `index` against a journal at `url` (replacing it) and returns the events
    /// its sinks received live, in order.
    @discardableResult
    public func run(device index: Int, journal url: URL) throws -> [EffectivenessEvent] {
        try? FileManager.default.removeItem(at: url)
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ UInt64(index))
        let clock = ManualClock(start: start)
        // The install record first, as a device's first open writes one, but seeded: the
        // store's own would be a random UUID, and the variants would change run to run.
        try Self.recordInstall(installIdentifier(device: index), at: url, clock: clock)
        let live = EventCollector()
        var received: [EffectivenessEvent] = []
        func open() throws -> TipStore {
            let store = try TipStore(simulatingBundle: bundle, journalURL: url, clock: clock, overrides: .none, durability: .synced)
            try store.setEventSink(EventSinkOptions(catalog: Self.catalog), live.receive)
            return store
        }
        var store: TipStore! = try open()
        // The users respond to the tip: a share is by link more often once they have seen
        // it, and more so under the `benefit` wording (the holdout never sees it).
        let wording = try store.variantAssignment(of: TipKey("ShareTip"))?.variant
        var sawShareTip = false
        // Each user has a habit: how many launches a day, how likely to share and search.
        let launchesPerDay = Int.random(in: 0...4, using: &random)
        let sharesByLink = Double.random(in: 0.1...0.9, using: &random)
        let searches = Double.random(in: 0...0.6, using: &random)
        for day in 0..<7 {
            let launches = max(0, launchesPerDay + Int.random(in: -1...1, using: &random))
            var minute = Int64.random(in: 7 * 60...10 * 60, using: &random)
            for _ in 0..<launches {
                clock.advance(to: start + Int64(day) * 86_400_000 + minute * 60_000)
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    try store.donate(dynamic: "noteSaved")
                    clock.advance(by: Int64.random(in: 1_000...90_000, using: &random))
                }
                var quitWithTipOnScreen = false
                for tip in Self.tips where try store.status(of: TipKey(tip)) == .available {
                    guard Double.random(in: 0..<1, using: &random) < 0.8 else { continue }
                    try store.presentationBegan(TipKey(tip))
                    if tip == "ShareTip" { sawShareTip = true }
                    clock.advance(by: Int64.random(in: 2_000...120_000, using: &random))
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0...3:
                        try store.presentationEnded(TipKey(tip))          // tapped outside
                    case 4...5:
                        try store.invalidate(TipKey(tip), reason: .tipClosed) // the close button
                        try store.presentationEnded(TipKey(tip))
                    case 6...7 where tip == "ShareTip":
                        try store.perform(action: "share", of: TipKey(tip))
                        try store.presentationEnded(TipKey(tip))
                    case 8:
                        quitWithTipOnScreen = true                          // the app dies on screen
                    default:
                        try store.presentationEnded(TipKey(tip))
                    }
                    if quitWithTipOnScreen { break }
                    clock.advance(by: Int64.random(in: 1_000...30_000, using: &random))
                }
                if Double.random(in: 0..<1, using: &random) < sharesByLink {
                    clock.advance(by: Int64.random(in: 60_000...3_600_000, using: &random))
                    let byLink = !sawShareTip ? 0.5 : wording == "benefit" ? 0.8 : 0.7
                    try store.donate(dynamic: "noteShared", ["viaLink": .bool(Double.random(in: 0..<1, using: &random) < byLink)])
                }
                if Double.random(in: 0..<1, using: &random) < searches {
                    clock.advance(by: Int64.random(in: 60_000...7_200_000, using: &random))
                    try store.donate(dynamic: "searchUsed")
                }
                if Int.random(in: 0..<40, using: &random) == 0 { try store.setParameter(dynamic: "pro", to: .bool(true)) }
                // The next launch is a new process: the journal is reopened.
                store.flushEvents()
                received += live.take()
                if quitWithTipOnScreen {
                    store = nil            // a crash: no close, the next open ends it
                    store = try open()
                } else if Int.random(in: 0..<4, using: &random) == 0 {
                    try store.close()      // the system ended the app between launches
                    store = try open()
                }
                minute += Int64.random(in: 60...300, using: &random)
            }
        }
        store.flushEvents()
        try store.close()
        received += live.take()
        return received
    }

    /// Starts the journal at `url` with an install record dated at the clock's instant.
    static func recordInstall(_ id: String, at url: URL, clock: ManualClock) throws {
        var options = JournalOptions()
        options.now = { clock.now() }
        options.io = .noSync
        let journal = try Journal.open(at: url.path, durability: .synced, options: options)
        _ = try journal.append(.install(id: id, at: clock.now()))
        try journal.close()
    }

    /// Writes `devices` journals into `folder` (created if needed), on every core: each
    /// device has its own journal, clock and generator, so the bytes are the same either way.
    public func write(devices: Int, into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let failures = EventCollectorFailures()
        DispatchQueue.concurrentPerform(iterations: devices) { index in
            do {
                try run(device: index, journal: folder.appendingPathComponent(Self.journalName(index)))
            } catch {
                failures.add("\(Self.journalName(index)): \(error)")
            }
        }
        if let first = failures.first { throw FleetError(message: first) }
    }

    /// Why a device's run failed.
    public struct FleetError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
