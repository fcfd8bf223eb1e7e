import Foundation
import Testing
import TipsRuntime
import TipsSignature
import TipsTestSupport
import TipsUpdater

/// `CatalogUpdater` against a real HTTP server on 127.0.0.1 (scripts/update-server.py)
/// serving pairs signed by the publisher: the good update is the only check that yields
/// an update; every hostile server fails with its own typed error.
@Suite struct CatalogUpdaterTests {
    /// A test's published folders, its server, and an updater for one mode.
    struct Setup {
        let folder: TemporaryDirectory
        let server: UpdateServer

        init() throws {
            folder = try TemporaryDirectory()
            server = try UpdateServer(root: folder.path)
        }

        /// Exact delays unless a test asks for jitter (`backoff`, `jitterSeed`).
        func updater(_ mode: String = "plain", site: String = "site", stateFolder: URL? = nil, bundleLimit: Int = TipStore.bundleLimit.bytes,
                     clock: any TipClock = SystemClock(), backoff: CatalogUpdaterBackoff = CatalogUpdaterBackoff(jitter: 0),
                     jitterSeed: UInt64? = nil) -> CatalogUpdater {
            CatalogUpdater(CatalogUpdaterConfiguration(baseURL: server.url(mode, site), catalog: Publisher.catalog,
                                                       trustedKeys: Publisher.trustedKeys, stateFolder: stateFolder,
                                                       bundleLimit: bundleLimit, idleTimeout: .seconds(1), totalTimeout: .seconds(2),
                                                       backoff: backoff),
                           clock: clock, jitterSeed: jitterSeed)
        }
    }

    /// The error `check` throws; records an issue when it yields anything instead.
    static func failure(_ updater: CatalogUpdater, running: UInt64 = 6) async -> CatalogFetchError? {
        do throws(CatalogFetchError) {
            let result = try await updater.check(runningVersion: running)
            Issue.record("expected a failure, got \(result)")
            return nil
        } catch {
            return error
        }
    }

    @Test func aGoodUpdateArrivesChecked() async throws {
        let setup = try Setup()
        let publication = try Publisher.publish(in: setup.folder, version: 7)
        guard case .update(let update) = try await setup.updater().check(runningVersion: 6) else {
            Issue.record("no update")
            return
        }
        #expect(update.manifest == publication.manifest)
        #expect(update.bundle == Publisher.bundle)
        #expect(update.verified.bundle.tips.count > 0)
        let bundleRequests = try await setup.server.requests(endingWith: ".tipsb")
        #expect(bundleRequests.map(\.path) == ["/plain/site/com.example.notes-7.tipsb"])
    }

    @Test func notModifiedHonoursTheRememberedETag() async throws {
        let setup = try Setup()
        let state = try TemporaryDirectory()
        let stateFolder = URL(fileURLWithPath: state.path)
        try Publisher.publish(in: setup.folder, version: 7)
        let updater = setup.updater(stateFolder: stateFolder)
        guard case .update = try await updater.check(runningVersion: 6) else { Issue.record("no update"); return }
        // Not adopted yet (still running 6): the ETag is not sent, the update comes again.
        guard case .update = try await updater.check(runningVersion: 6) else { Issue.record("no update again"); return }
        // Adopted: the manifest is asked for conditionally and the server answers 304.
        guard case .notModified = try await updater.check(runningVersion: 7) else { Issue.record("not 304"); return }
        // A new updater (the next launch) reads the ETag from the folder.
        guard case .notModified = try await setup.updater(stateFolder: stateFolder).check(runningVersion: 7) else {
            Issue.record("the ETag was not persisted")
            return
        }
        let manifests = try await setup.server.requests(endingWith: "/manifest.json")
        #expect(manifests.map { $0.ifNoneMatch != nil } == [false, false, true, true])
        #expect(try await setup.server.stats().notModified == 2)
        #expect(FileManager.default.fileExists(atPath: state.path + "/com.example.notes.etag.json"))

        // A new publication changes the ETag: the conditional request gets the new manifest.
        try Publisher.publish(in: setup.folder, version: 8)
        guard case .update(let update) = try await updater.check(runningVersion: 7) else { Issue.record("no version 8"); return }
        #expect(update.manifest.version == 8)
    }

    @Test func aSignedManifestOfTheRunningVersionIsUpToDate() async throws {
        let setup = try Setup()
        try Publisher.publish(in: setup.folder, version: 7)
        guard case .upToDate = try await setup.updater().check(runningVersion: 7) else { Issue.record("not up to date"); return }
        #expect(try await setup.server.requests(endingWith: ".tipsb").isEmpty)
    }

    @Test func aTamperedBundleIsRefused() async throws {
        let setup = try Setup()
        let publication = try Publisher.publish(in: setup.folder, version: 7)
        var bytes = publication.bundle
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: publication.bundlePath))
        let error = await Self.failure(setup.updater())
        #expect(error?.kind == .rejected(.digestMismatch))
        #expect(error?.resource == .bundle)
    }

    @Test func aWrongSignatureOrAnUnknownKeyIsRefusedBeforeTheBundle() async throws {
        let setup = try Setup()
        // Another key under the trusted id: the signature does not verify.
        try Publisher.publish(in: setup.folder, site: "forged", version: 7, key: Ed25519.PrivateKey())
        let forged = await Self.failure(setup.updater(site: "forged"))
        #expect(forged?.kind == .rejected(.badSignature))
        #expect(forged?.resource == .manifest)
        // A key id the app does not trust.
        try Publisher.publish(in: setup.folder, site: "stranger", version: 7, key: Ed25519.PrivateKey(), keyID: "stranger")
        let stranger = await Self.failure(setup.updater(site: "stranger"))
        #expect(stranger?.kind == .rejected(.untrustedKey))
        #expect(try await setup.server.requests(endingWith: ".tipsb").isEmpty)
    }

    @Test func aTruncatedBodyIsRefused() async throws {
        let setup = try Setup()
        try Publisher.publish(in: setup.folder, version: 7)
        let error = await Self.failure(setup.updater("truncate"))
        #expect(error?.kind == .truncated)
        #expect(error?.resource == .bundle)
    }

    @Test func anOversizedBodyIsCutOffWhileItArrives() async throws {
        let setup = try Setup()
        try Publisher.publish(in: setup.folder, version: 7)
        let error = await Self.failure(setup.updater("huge"))
        #expect(error?.kind == .tooLarge)
        #expect(error?.resource == .bundle)
        // The server streams 256 MiB over at least 8 s; the client stopped reading at the
        // limit, so the server's writes failed long before (what the sockets' buffers held
        // got through). A client that read it all would have sent its total.
        var stats = try await setup.server.stats()
        for _ in 0..<200 where !stats.hugeDone {
            try await Task.sleep(for: .milliseconds(50))
            stats = try await setup.server.stats()
        }
        #expect(stats.hugeDone)
        #expect(stats.hugeSent < 128 << 20, "the server sent \(stats.hugeSent) bytes")
    }

    @Test func aBundleOverTheLimitIsNotDownloaded() async throws {
        let setup = try Setup()
        try Publisher.publish(in: setup.folder, version: 7)
        let error = await Self.failure(setup.updater(bundleLimit: Publisher.bundle.count - 1))
        #expect(error?.kind == .tooLarge)
        #expect(try await setup.server.requests(endingWith: ".tipsb").isEmpty)
    }

    @Test func aSlowServerTimesOut() async throws {
        let setup = try Setup()
        try Publisher.publish(in: setup.folder, version: 7)
        // The server answers nothing for 60 s, then closes: without the timeout this would
        // be a lost connection, a minute later. (No wall-clock bound: in the full parallel
        // run the test's own resumption has waited for busy threads for longer than that.)
        let error = await Self.failure(setup.updater("slow"))
        #expect(error?.kind == .timedOut)
        #expect(error?.resource == .manifest)
    }

    @Test func aServerThatDisappearsMidBody() async throws {
        let setup = try Setup()
        try Publisher.publish(in: setup.folder, version: 7)
        let error = await Self.failure(setup.updater("vanish"))
        #expect(error?.kind == .connectionLost)
        #expect(error?.resource == .bundle)
    }

    @Test func aDowngradeIsRefused() async throws {
        let setup = try Setup()
        try Publisher.publish(in: setup.folder, version: 5)
        let error = await Self.failure(setup.updater())
        #expect(error?.kind == .rejected(.notNewer))
        #expect(try await setup.server.requests(endingWith: ".tipsb").isEmpty)
    }

    @Test func anotherAppsCatalogIsRefused() async throws {
        let setup = try Setup()
        try Publisher.publish(in: setup.folder, version: 7, catalog: "com.example.other")
        let error = await Self.failure(setup.updater())
        #expect(error?.kind == .rejected(.otherCatalog))
    }

    @Test func aServerThatIsNotThere() async throws {
        let setup = try Setup()
        setup.server.stop()
        let error = await Self.failure(setup.updater())
        #expect(error?.kind == .unreachable)
    }

    @Test func anHTTPErrorStatusIsReported() async throws {
        let setup = try Setup()
        let error = await Self.failure(setup.updater("status-503"))
        #expect(error?.kind == .httpStatus(503))
        let missing = await Self.failure(setup.updater(site: "nothing-published"))
        #expect(missing?.kind == .httpStatus(404))
    }

    /// After a failure nothing is sent until the delay passes; the delay doubles, and a
    /// success resets it.
    @Test func failuresBackOff() async throws {
        let setup = try Setup()
        let clock = ManualClock()
        let failing = setup.updater("status-500", clock: clock)
        let first = await Self.failure(failing)
        #expect(first?.kind == .httpStatus(500))
        #expect(first?.retryAt == clock.now() + 60_000)
        let held = await Self.failure(failing)
        #expect(held?.kind == .backingOff)
        #expect(try await setup.server.requests(endingWith: "manifest.json").count == 1)
        clock.advance(seconds: 60)
        let second = await Self.failure(failing)
        #expect(second?.kind == .httpStatus(500))
        #expect(second?.retryAt == clock.now() + 120_000)
        #expect(await failing.consecutiveFailures == 2)
        await failing.resetBackoff()
        #expect(await Self.failure(failing)?.kind == .httpStatus(500))
        #expect(try await setup.server.requests(endingWith: "manifest.json").count == 3)
    }

    @Test func theBackoffDoublesToItsCap() {
        let backoff = CatalogUpdaterBackoff(initial: .seconds(60), maximum: .seconds(3600))
        #expect((1...9).map { backoff.delay(afterFailures: $0) / 1000 } == [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
        #expect(backoff.delay(afterFailures: Int.max) == 3_600_000)
        #expect(backoff.delay(afterFailures: 0) == 0)
    }

    /// A failed check leaves the remembered ETag as it was (only the backoff beside it changes).
    @Test func aFailureChangesNothing() async throws {
        let setup = try Setup()
        let state = try TemporaryDirectory()
        let stateFolder = URL(fileURLWithPath: state.path)
        try Publisher.publish(in: setup.folder, version: 7)
        let updater = setup.updater(stateFolder: stateFolder)
        guard case .update = try await updater.check(runningVersion: 6) else { Issue.record("no update"); return }
        let file = state.path + "/com.example.notes.etag.json"
        // The manifest part of the state file; the backoff beside it is what a failure changes.
        func manifestFields() throws -> [String] {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
            return ["etag", "url", "catalog", "version"].map { "\(object?[$0] ?? "missing")" }
        }
        let remembered = try manifestFields()
        let next = try Publisher.publish(in: setup.folder, version: 8)
        var bytes = next.bundle
        bytes[0] ^= 0xff
        try Data(bytes).write(to: URL(fileURLWithPath: next.bundlePath))
        #expect(await Self.failure(updater, running: 7)?.kind == .rejected(.digestMismatch))
        #expect(try manifestFields() == remembered)
        #expect(!remembered.contains("missing"))
    }
}
