import Foundation
import Testing
@testable import TipsRuntime

/// Timings of the runtime's hot paths. Run with `TIPS_RUNTIME_BENCH=1 swift test --filter
/// Measurements` (release: `-c release`); prints one line per measurement.
@Suite("Measurements", .enabled(if: ProcessInfo.processInfo.environment["TIPS_RUNTIME_BENCH"] == "1"))
struct Measurements {
    static let catalog = """
    param hasKeyboard: Bool = true
    event manualSave
    event edited(words: Int)
    tip Shortcut { title "S" rule hasKeyboard rule count(manualSave within 7d) >= 3 }
    tip Long { title "L" rule count(edited where words >= 200 within 2w) >= 3 }
    tip Recent { title "R" rule now - last(manualSave) > 3d }
    """

    static func time(_ label: String, iterations: Int, _ body: () throws -> Void) rethrows {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { try body() }
        let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
        print(String(format: "measure %@: %.1f µs/op (%d ops)", label, ns / 1000, iterations))
    }

    @Test("Measure: status, donations, wake-up planning and replay")
    func measure() throws {
        let f = try Fixture(Self.catalog, durability: .batched(maxRecords: 256, maxDelayMilliseconds: 1000))
        // For the release-mode bench (a separate package linking TipsRuntime only).
        if let out = ProcessInfo.processInfo.environment["TIPS_RUNTIME_BENCH_BUNDLE"] {
            try Data(f.bytes).write(to: URL(fileURLWithPath: out))
        }
        let t = f.clock.now()
        for i in 0..<1000 {
            try f.store.donate(dynamic: "manualSave", at: t - Int64(i) * 10 * minute)
            try f.store.donate(dynamic: "edited", ["words": .int(Int64(i % 400))], at: t - Int64(i) * 10 * minute)
        }
        try f.store.flush()
        try Self.time("status (3 tips, 1000 donations each)", iterations: 2000) {
            _ = try f.store.status(of: "Shortcut"); _ = try f.store.status(of: "Long"); _ = try f.store.status(of: "Recent")
        }
        try Self.time("donate, batched", iterations: 2000) { try f.store.donate(dynamic: "manualSave") }
        try f.store.flush()
        let streams = try ["Shortcut", "Long", "Recent"].map { try f.store.statusUpdates(of: TipKey($0)) }
        try Self.time("donate, batched, 3 observed time-dependent tips", iterations: 2000) { try f.store.donate(dynamic: "manualSave") }
        try Self.time("status with observers (wake-up planning included)", iterations: 2000) { _ = try f.store.status(of: "Shortcut") }
        try f.store.flush()
        _ = streams
        let synced = try Fixture(Self.catalog)
        try Self.time("donate, synced (write + fsync)", iterations: 50) { try synced.store.donate(dynamic: "manualSave") }
        let lines = try f.journalLines().count
        let start = DispatchTime.now().uptimeNanoseconds
        try f.reopen()
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        print(String(format: "measure reopen (replay %d lines): %.1f ms", lines, ms))
    }
}
