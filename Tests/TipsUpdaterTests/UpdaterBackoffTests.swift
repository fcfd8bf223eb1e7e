import Foundation
import Testing
import TipsRuntime
import TipsTestSupport
import TipsTime
import TipsUpdater

/// The backoff against the loopback server: `Retry-After` (seconds and HTTP dates, hostile
/// values clamped or ignored), seeded jitter, and the backoff kept across launches in the
/// state file beside the ETag (a corrupt file ignored with its reason).
@Suite struct UpdaterBackoffTests {
    typealias T = CatalogUpdaterTests

    static let day: Int64 = 86_400_000

    static func notModified(_ fetch: CatalogFetch) -> Bool {
        if case .notModified = fetch { return true }
        return false
    }

    /// (status, Retry-After, the wait expected from the clock's instant, given the 60 s first backoff).
    static let retryCases: [(Int, String, Int64)] = [
        (503, "600", 600_000),
        (429, "  7200 ", 7_200_000),
        (503, "5", 60_000),                              // less than the backoff: the backoff
        (503, "0", 60_000),
        (429, "99999999999999999999999999", day),        // huge: the limit
        (503, "172800", day),                            // two days: the limit
        (503, "-5", 60_000),                             // negative: ignored
        (503, "soon", 60_000),                           // garbage: ignored
        (503, "1.5", 60_000),
        (503, "Sun, 06 Nov 1994 10:49:37 GMT", 7_200_000),   // two hours after the clock
        (429, "Sunday, 06-Nov-94 09:49:37 GMT", 3_600_000),
        (503, "Sun, 06 Nov 1994 08:00:00 GMT", 60_000),      // in the past
        (503, "Fri, 31 Dec 9999 23:59:59 GMT", day),         // far off: the limit
        (500, "600", 60_000),                            // only 429 and 503 carry it
    ]

    /// Every case against one server (one site each), so the suite starts few servers.
    @Test func retryAfterIsHonouredWithinItsLimit() async throws {
        let setup = try T.Setup()
        for (n, (status, value, wait)) in Self.retryCases.enumerated() {
            let site = "case-\(n)"
            try FileManager.default.createDirectory(atPath: setup.folder.path + "/" + site, withIntermediateDirectories: true)
            try Data((value + "\n").utf8).write(to: URL(fileURLWithPath: setup.folder.path + "/" + site + "/retry-after"))
            let clock = ManualClock(start: try #require(ISO8601.parse("1994-11-06T08:49:37Z")))
            let updater = setup.updater("retry-\(status)", site: site, clock: clock)
            let error = try #require(await T.failure(updater))
            let label = "\(status) Retry-After '\(value)'"
            #expect(error.kind == .httpStatus(status), "\(label)")
            #expect(error.retryAfter?.trimmingCharacters(in: .whitespaces) == (status == 500 ? nil : value.trimmingCharacters(in: .whitespaces)),
                    "\(label)")
            #expect(error.retryAt == clock.now() + wait, "\(label)")
            if status != 500, ["-5", "soon", "1.5"].contains(value) { #expect(error.message.contains("ignored"), "\(label)") }
            // Nothing goes out until then.
            clock.advance(by: wait - 1)
            #expect(await T.failure(updater)?.kind == .backingOff, "\(label)")
            #expect(try await setup.server.requests(endingWith: "/\(site)/manifest.json").count == 1, "\(label)")
        }
    }

    @Test func jitterTakesUpToItsFractionOffAndIsRepeatableWithASeed() async throws {
        let backoff = CatalogUpdaterBackoff(initial: .seconds(60), maximum: .seconds(3600), jitter: 0.25)
        #expect(backoff.delay(afterFailures: 3, random: 0) == 240_000)
        #expect(backoff.delay(afterFailures: 3, random: 0.5) == 210_000)
        #expect(backoff.delay(afterFailures: 3, random: 1) == 180_000)
        #expect(backoff.delay(afterFailures: 3, random: .nan) == 240_000)
        #expect(CatalogUpdaterBackoff(jitter: 7).delay(afterFailures: 1, random: 1) == 0)
        #expect(CatalogUpdaterBackoff(jitter: -1).delay(afterFailures: 1, random: 1) == 60_000)

        let setup = try T.Setup()
        func waits(seed: UInt64) async -> [Int64] {
            let clock = ManualClock()
            let updater = setup.updater("status-500", clock: clock, backoff: backoff, jitterSeed: seed)
            var out: [Int64] = []
            for _ in 0..<4 {
                guard let at = await T.failure(updater)?.retryAt else { return [] }
                out.append(at - clock.now())
                clock.advance(to: at)
            }
            return out
        }
        let a = await waits(seed: 1), b = await waits(seed: 1), c = await waits(seed: 2)
        #expect(a == b)
        #expect(a != c)
        for (n, wait) in a.enumerated() {
            let full = backoff.delay(afterFailures: n + 1)
            #expect(wait <= full && wait >= full * 3 / 4, "failure \(n + 1): \(wait) of \(full)")
        }
    }

    @Test func theBackoffOutlivesARelaunchBesideTheETag() async throws {
        let setup = try T.Setup()
        let state = try TemporaryDirectory()
        let folder = URL(fileURLWithPath: state.path)
        try Publisher.publish(in: setup.folder, version: 7)
        let clock = ManualClock()
        guard case .update = try await setup.updater(stateFolder: folder, clock: clock).check(runningVersion: 6) else {
            Issue.record("no update")
            return
        }
        let failing = setup.updater("status-500", stateFolder: folder, clock: clock)
        #expect(await T.failure(failing, running: 7)?.retryAt == clock.now() + 60_000)
        // A relaunch (a new updater over the same folder) sends nothing before then...
        let relaunched = setup.updater("status-500", stateFolder: folder, clock: clock)
        #expect(await relaunched.consecutiveFailures == 1)
        #expect(await relaunched.stateProblem == nil)
        #expect(await T.failure(relaunched, running: 7)?.kind == .backingOff)
        #expect(try await setup.server.requests(endingWith: "manifest.json").count == 2)
        // ...then fails again with the doubled delay.
        clock.advance(seconds: 60)
        #expect(await T.failure(setup.updater("status-500", stateFolder: folder, clock: clock), running: 7)?.retryAt
                == clock.now() + 120_000)
        // The ETag kept beside the backoff still makes the plain request conditional.
        clock.advance(seconds: 120)
        let plain = setup.updater(stateFolder: folder, clock: clock)
        #expect(Self.notModified(try await plain.check(runningVersion: 7)))
        #expect(await plain.consecutiveFailures == 0)
        let last = try await setup.server.requests(endingWith: "manifest.json").last
        #expect(last?.ifNoneMatch != nil)
        // One file, written by renaming: no temporary files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path) == ["com.example.notes.etag.json"])
    }

    @Test(arguments: [
        ("not json", "not an updater state"),
        ("{\"etag\": \"a\\nb\", \"url\": \"u\", \"catalog\": \"c\", \"version\": 1}", "ETag cannot be sent"),
        ("{\"failures\": -3, \"retryAt\": 5}", "negative failure count"),
        ("{\"retryAt\": \"tomorrow\"}", "not an updater state"),
        (String(repeating: " ", count: 5000), "ignored"),
    ])
    func aCorruptStateFileIsIgnoredWithItsReason(_ text: String, _ reason: String) async throws {
        let setup = try T.Setup()
        let state = try TemporaryDirectory()
        try Data(text.utf8).write(to: URL(fileURLWithPath: state.path + "/com.example.notes.etag.json"))
        let updater = setup.updater("status-500", stateFolder: URL(fileURLWithPath: state.path), clock: ManualClock())
        let problem = await updater.stateProblem
        #expect(problem?.contains(reason) == true, "\(problem ?? "nil")")
        #expect(await updater.nextAttempt == nil)
        // It checks at once, and the failure is kept in a file that reads well again.
        #expect(await T.failure(updater)?.kind == .httpStatus(500))
        #expect(await setup.updater(stateFolder: URL(fileURLWithPath: state.path), clock: ManualClock()).stateProblem == nil)
    }

    @Test func aNextCheckTooFarOffIsShortenedToTheLongestWait() async throws {
        let setup = try T.Setup()
        let state = try TemporaryDirectory()
        let clock = ManualClock()
        let far = clock.now() + 3650 * Self.day
        try Data("{\"failures\": 2, \"retryAt\": \(far)}".utf8).write(to: URL(fileURLWithPath: state.path + "/com.example.notes.etag.json"))
        let updater = setup.updater(stateFolder: URL(fileURLWithPath: state.path), clock: clock)
        #expect(await updater.nextAttempt == clock.now() + Self.day)
        #expect(await updater.stateProblem?.contains("shortened") == true)
        #expect(await updater.consecutiveFailures == 2)
    }

    @Test func aStateFileOfTheOlderFormatStillReads() async throws {
        let setup = try T.Setup()
        let state = try TemporaryDirectory()
        try Publisher.publish(in: setup.folder, version: 7)
        let url = setup.server.url("plain").appendingPathComponent("manifest.json").absoluteString
        // Learn the server's ETag with one unconditional check, then write it the old way.
        let first = setup.updater(stateFolder: URL(fileURLWithPath: state.path))
        _ = try await first.check(runningVersion: 7)
        let file = URL(fileURLWithPath: state.path + "/com.example.notes.etag.json")
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let etag = try #require(written?["etag"] as? String)
        let old = ["catalog": Publisher.catalog, "etag": etag, "url": url, "version": 7] as [String: Any]
        try JSONSerialization.data(withJSONObject: old).write(to: URL(fileURLWithPath: state.path + "/com.example.notes.etag.json"))
        let updater = setup.updater(stateFolder: URL(fileURLWithPath: state.path))
        #expect(Self.notModified(try await updater.check(runningVersion: 7)))
        #expect(await updater.stateProblem == nil)
    }
}
