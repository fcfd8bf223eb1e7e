import Foundation
import Testing
import TipsDriver
import TipsRuntime
import TipsSignature
import TipsTestSupport
import TipsUpdater

/// `CatalogUpdater.checkSuspension(store:)` against the loopback server
/// (scripts/update-server.py), with kill switch documents written by the driver's
/// `SuspensionPublisher` as `tipc suspend` writes them: the good document is put in force
/// and remembered (304 next), a 404 is "nothing published", and every hostile document or
/// server fails with its own typed error and leaves the store's suspension, what it shows
/// and the remembered ETag as they were.
@Suite struct SuspensionFetchTests {
    typealias T = CatalogUpdaterTests
    typealias P = SuspensionPublisherTests

    static func store() throws -> TipStore {
        try TipStore(bundle: Publisher.bundle, clock: ManualClock(start: 1_800_000_000_000))
    }

    /// The error `checkSuspension` throws; records an issue when it yields anything instead.
    static func failure(_ updater: CatalogUpdater, _ store: TipStore) async -> CatalogFetchError? {
        do throws(CatalogFetchError) {
            let result = try await updater.checkSuspension(store: store)
            Issue.record("expected a failure, got \(result)")
            return nil
        } catch {
            return error
        }
    }

    static func makeSite(_ setup: T.Setup, _ name: String) throws -> String {
        let path = setup.folder.path + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aPublishedSuspensionIsAppliedThenRemembered() async throws {
        let setup = try T.Setup()
        try Publisher.publish(in: setup.folder, version: 6)
        let site = setup.folder.path + "/site"
        let state = try TemporaryDirectory()
        let stateFolder = URL(fileURLWithPath: state.path)
        let store = try Self.store()
        let before = try store.status(of: "WelcomeTip")
        #expect(before != .pending, "the test needs a tip that shows: \(before)")

        let hide = try P.write(P.request(.named(["WelcomeTip"])), into: site)
        let updater = setup.updater(stateFolder: stateFolder)
        #expect(try await updater.checkSuspension(store: store) == .applied(hide.suspension))
        #expect(store.suspension == hide.suspension)
        #expect(try store.status(of: "WelcomeTip") == .pending)
        #expect(try store.explanation(of: "WelcomeTip").suspended)

        // Asked again, conditionally: 304, in this run and the next (the ETag is kept).
        #expect(try await updater.checkSuspension(store: store) == .notModified)
        #expect(try await setup.updater(stateFolder: stateFolder).checkSuspension(store: store) == .notModified)
        #expect(FileManager.default.fileExists(atPath: state.path + "/com.example.notes.suspension.etag.json"))
        // The kill switch's state is its own: the catalog check's file was not written.
        #expect(!FileManager.default.fileExists(atPath: state.path + "/com.example.notes.etag.json"))

        // `tipc suspend --lift`: the next serial brings the tip back.
        let lift = try P.write(P.request(.none), into: site)
        #expect(try await updater.checkSuspension(store: store) == .applied(lift.suspension))
        #expect(try store.status(of: "WelcomeTip") == before)

        let requests = try await setup.server.requests(endingWith: "/suspension.json")
        #expect(requests.map(\.path) == Array(repeating: "/plain/site/suspension.json", count: 4))
        #expect(requests.map { $0.ifNoneMatch != nil } == [false, true, true, true])
        #expect(try await setup.server.stats().notModified == 2)
    }

    /// The ETag is sent only while the store holds the serial it answered for: a store that
    /// lost the document gets it whole. The document in force fetched again without an ETag
    /// is up to date, not a replay (else every check of a host without ETags would fail).
    @Test func aStoreWithoutTheDocumentGetsItWhole() async throws {
        let setup = try T.Setup()
        try Publisher.publish(in: setup.folder, version: 6)
        let hide = try P.write(P.request(.named(["WelcomeTip"])), into: setup.folder.path + "/site")
        let state = try TemporaryDirectory()
        let updater = setup.updater(stateFolder: URL(fileURLWithPath: state.path))
        #expect(try await updater.checkSuspension(store: try Self.store()) == .applied(hide.suspension))

        let relaunched = try Self.store()
        #expect(relaunched.suspension == nil)
        #expect(try await updater.checkSuspension(store: relaunched) == .applied(hide.suspension))
        #expect(try relaunched.status(of: "WelcomeTip") == .pending)

        let forgetful = setup.updater()
        #expect(try await forgetful.checkSuspension(store: relaunched) == .upToDate)
        #expect(await forgetful.consecutiveSuspensionFailures == 0)
        let requests = try await setup.server.requests(endingWith: "/suspension.json")
        #expect(requests.map { $0.ifNoneMatch != nil } == [false, false, false])
    }

    /// A 404 is no failure and lifts nothing; it forgets the ETag.
    @Test func nothingPublishedIsNotAnError() async throws {
        let setup = try T.Setup()
        try Publisher.publish(in: setup.folder, version: 6)
        let clock = ManualClock()
        let state = try TemporaryDirectory()
        let updater = setup.updater(stateFolder: URL(fileURLWithPath: state.path), clock: clock)
        let store = try Self.store()
        #expect(try await updater.checkSuspension(store: store) == .notPublished)
        #expect(store.suspension == nil)
        #expect(await updater.consecutiveSuspensionFailures == 0)
        #expect(await updater.nextSuspensionAttempt == nil)

        let hide = try P.write(P.request(.all), into: setup.folder.path + "/site")
        #expect(try await updater.checkSuspension(store: store) == .applied(hide.suspension))
        #expect(store.availableTips().isEmpty)
        // The file gone (a hosting mistake, or someone between app and host): what is in
        // force stays; only a newer signed document lifts it.
        try FileManager.default.removeItem(atPath: hide.path)
        #expect(try await updater.checkSuspension(store: store) == .notPublished)
        #expect(store.suspension == hide.suspension)
        #expect(store.availableTips().isEmpty)
        // The 404 forgot the ETag: the file back is asked for unconditionally.
        try Data(hide.bytes).write(to: URL(fileURLWithPath: hide.path))
        #expect(try await updater.checkSuspension(store: store) == .upToDate)
        let requests = try await setup.server.requests(endingWith: "/suspension.json")
        #expect(requests.map { $0.ifNoneMatch != nil } == [false, false, true, false])
        #expect(await updater.consecutiveSuspensionFailures == 0)
    }

    /// What a hostile case's site holds: a document the publisher signs (into the site),
    /// bytes written as they are, or a real signed manifest (version 4) in its place.
    enum Body {
        case signed(SuspensionPublisher.Request)
        case bytes([UInt8])
        case manifest
    }

    /// A hostile site or server: (what, mode, body, the kind expected).
    static var hostile: [(String, String, Body, CatalogFetchError.Kind)] {
        let newer = P.request(.all, serial: 4)
        var padded = Array("{\"catalog\":\"com.example.notes\"}".utf8)
        padded += Array(repeating: 0x20, count: CatalogSuspension.maxByteCount + 1 - padded.count)
        return [
            ("another key under the trusted id", "plain", .signed(P.request(.all, serial: 4, key: Ed25519.PrivateKey())),
             .rejected(.badSignature)),
            ("a key id the app does not trust", "plain",
             .signed(P.request(.all, serial: 4, key: Ed25519.PrivateKey(), keyID: "stranger")), .rejected(.untrustedKey)),
            ("an older serial (a replay)", "plain", .signed(P.request(.none, serial: 2)), .rejected(.notNewer)),
            ("the serial in force with other tips", "plain", .signed(P.request(.none, serial: 3)), .rejected(.notNewer)),
            ("another catalog's document", "plain", .signed(P.request(.all, serial: 4, catalog: "com.example.other")),
             .rejected(.otherCatalog)),
            ("garbage", "plain", .bytes(Array("<html>suspended?</html>".utf8)), .rejected(.malformedManifest)),
            ("a signed manifest in its place", "plain", .manifest, .rejected(.malformedManifest)),
            ("over 64 KiB, announced", "plain", .bytes(padded), .tooLarge),
            ("an endless body", "huge", .signed(newer), .tooLarge),
            ("a truncated body", "truncate", .signed(newer), .truncated),
            ("a server gone mid-body", "vanish", .signed(newer), .connectionLost),
            ("a slow server", "slow", .signed(newer), .timedOut),
            ("a server error", "status-500", .signed(newer), .httpStatus(500)),
            ("an empty body", "plain", .bytes([]), .rejected(.malformedManifest)),
        ]
    }

    /// Every case against one server (a site each) and a store with serial 3 in force,
    /// hiding WelcomeTip: only the transport or the store's checks stand between each
    /// site and a newer document, and nothing changes.
    @Test func everyHostileCaseIsTypedAndChangesNothing() async throws {
        let setup = try T.Setup()
        let scratch = try Self.makeSite(setup, "in-force")
        let inForce = try P.write(P.request(.named(["WelcomeTip"]), serial: 3, catalog: Publisher.catalog), into: scratch)
        for (n, (what, mode, body, kind)) in Self.hostile.enumerated() {
            let site = try Self.makeSite(setup, "case-\(n)")
            switch body {
            case .signed(var request):
                // The sites publish no manifest, so the document names its catalog.
                request.catalog = request.catalog ?? Publisher.catalog
                try P.write(request, into: site)
            case .bytes(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: site + "/" + CatalogSuspension.fileName))
            case .manifest:
                let publication = try Publisher.publish(in: setup.folder, site: "case-\(n)", version: 4)
                try Data(publication.manifestBytes).write(to: URL(fileURLWithPath: site + "/" + CatalogSuspension.fileName))
            }
            let store = try Self.store()
            try store.applySuspension(inForce.bytes, trustedKeys: Publisher.trustedKeys, catalog: Publisher.catalog)
            let shown = store.availableTips()
            let state = try TemporaryDirectory()
            let clock = ManualClock()
            let updater = setup.updater(mode, site: "case-\(n)", stateFolder: URL(fileURLWithPath: state.path), clock: clock)

            let error = try #require(await Self.failure(updater, store), "\(what)")
            #expect(error.kind == kind, "\(what): \(error)")
            #expect(error.resource == .suspension, "\(what)")
            #expect(error.retryAt == clock.now() + 60_000, "\(what)")
            #expect(store.suspension == inForce.suspension, "\(what)")
            #expect(try store.status(of: "WelcomeTip") == .pending, "\(what)")
            #expect(store.availableTips() == shown, "\(what)")
            // Only the backoff was written: no ETag remembered.
            let file = URL(fileURLWithPath: state.path + "/com.example.notes.suspension.etag.json")
            let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            #expect(kept?["etag"] == nil && kept?["failures"] as? Int == 1, "\(what): \(kept ?? [:])")
            // And nothing more goes out until the backoff has passed.
            #expect(await Self.failure(updater, store)?.kind == .backingOff, "\(what)")
            #expect(try await setup.server.requests(endingWith: "/case-\(n)/suspension.json").count == 1, "\(what)")
        }
    }

    /// The two checks back off apart: a broken kill switch document does not hold the
    /// catalog back, nor a refused publication the kill switch. The backoff is kept across
    /// launches, and a good document after the wait resets it.
    @Test func theKillSwitchBacksOffApartFromTheCatalog() async throws {
        let setup = try T.Setup()
        try Publisher.publish(in: setup.folder, version: 7)
        let site = setup.folder.path + "/site"
        let suspensionFile = URL(fileURLWithPath: site + "/" + CatalogSuspension.fileName)
        try Data("{".utf8).write(to: suspensionFile)
        let clock = ManualClock()
        let state = try TemporaryDirectory()
        let stateFolder = URL(fileURLWithPath: state.path)
        let updater = setup.updater(stateFolder: stateFolder, clock: clock)
        let store = try Self.store()

        let first = await Self.failure(updater, store)
        #expect(first?.kind == .rejected(.malformedManifest))
        #expect(first?.retryAt == clock.now() + 60_000)
        #expect(await Self.failure(updater, store)?.kind == .backingOff)
        // The next launch waits too.
        let relaunched = setup.updater(stateFolder: stateFolder, clock: clock)
        #expect(await Self.failure(relaunched, store)?.kind == .backingOff)
        #expect(await relaunched.nextSuspensionAttempt == clock.now() + 60_000)
        #expect(try await setup.server.requests(endingWith: "/suspension.json").count == 1)

        // The catalog check goes out regardless.
        guard case .update = try await updater.check(runningVersion: 6) else { Issue.record("no update"); return }
        #expect(await updater.consecutiveFailures == 0)
        #expect(await updater.consecutiveSuspensionFailures == 1)

        // Repaired, after the wait: applied, and the backoff reset. (`tipc suspend` refuses a
        // folder whose suspension.json does not decode, so the broken one goes first.)
        try FileManager.default.removeItem(at: suspensionFile)
        let hide = try P.write(P.request(.named(["WelcomeTip"])), into: site)
        clock.advance(seconds: 60)
        #expect(try await updater.checkSuspension(store: store) == .applied(hide.suspension))
        #expect(await updater.consecutiveSuspensionFailures == 0)

        // A publication refused (one byte of the bundle changed) backs the catalog off, and
        // the kill switch still arrives.
        let next = try Publisher.publish(in: setup.folder, version: 8)
        let all = try P.write(P.request(.all), into: site)
        var bytes = next.bundle
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: next.bundlePath))
        #expect(await T.failure(updater, running: 7)?.kind == .rejected(.digestMismatch))
        #expect(await T.failure(updater, running: 7)?.kind == .backingOff)
        #expect(try await updater.checkSuspension(store: store) == .applied(all.suspension))
        #expect(store.availableTips().isEmpty)
        #expect(await updater.consecutiveFailures == 1)

        // resetBackoff forgets both.
        try Data("{".utf8).write(to: suspensionFile)
        #expect(await Self.failure(updater, store)?.kind == .rejected(.malformedManifest))
        await updater.resetBackoff()
        #expect(await updater.consecutiveFailures == 0)
        #expect(await updater.consecutiveSuspensionFailures == 0)
    }
}
