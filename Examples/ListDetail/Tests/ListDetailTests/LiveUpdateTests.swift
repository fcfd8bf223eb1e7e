import Foundation
import Testing
import TipsRuntime
import TipsSignature
@testable import ListDetail

/// The app downloads a changed catalog and its screens follow (Docs/remote.md, "The example
/// app's download"). `scripts/check-example-update.sh` (run by `.ci/run`) generates a key,
/// publishes `LiveUpdate/` with `tipc publish` as version 2 of the catalog the app embeds,
/// serves the folder on 127.0.0.1 and runs this suite with
///
/// - `LISTDETAIL_UPDATE_URL`: the published folder's URL (`http://127.0.0.1:PORT/plain/site/`);
/// - `LISTDETAIL_UPDATE_PUBLIC_KEY`: the `.pub` file `tipc keygen` wrote.
///
/// Without them (`swift test` alone) the suite is skipped, and says so; the script fails
/// unless the server saw this suite download the bundle.
@MainActor @Suite(.enabled(if: LiveUpdateEnvironment.configuration != nil,
                           "set LISTDETAIL_UPDATE_URL and LISTDETAIL_UPDATE_PUBLIC_KEY, or run scripts/check-example-update.sh"))
struct LiveUpdateTests {
    let clock = ManualClock(start: 1_767_225_600_000)  // 2026-01-01T00:00:00Z
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listdetail-live-\(UUID().uuidString)")

    @Test func theAppDownloadsAChangedCatalogAndItsScreensFollow() async throws {
        let configuration = try #require(LiveUpdateEnvironment.configuration)
        #expect(!configuration.keys.isEmpty, "LISTDETAIL_UPDATE_PUBLIC_KEY does not hold a public key file")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = folder.appendingPathComponent("tips.jsonl")
        let store = try AppTips.makeLiveStore(journalURL: journal, trustedKeys: configuration.keys, clock: clock)
        #expect(store.liveCatalogLaunch == .embedded)
        let list = try ListScreen(store: store, items: [
            Item(id: 1, title: "Apples"), Item(id: 2, title: "Bread"), Item(id: 3, title: "Coffee"),
        ])

        // Before the update: the embedded catalog. The user sees the favourite tip on the
        // second visit and closes it.
        _ = try list.open(1).stop()
        let detail = try list.open(2)
        #expect(detail.favoriteTip.content?.title.fallbackText == "Favorite This Item")
        try detail.closeTip()
        detail.stop()
        #expect(try store.status(of: .favoriteTip) == .invalidated(.tipClosed))

        // The app checks: version 2 is downloaded from 127.0.0.1, verified and adopted.
        let live = LiveTipsUpdater(store: store, baseURL: configuration.url, trustedKeys: configuration.keys,
                                   stateFolder: folder)
        let adoption = try #require(try await live.checkNow(), "nothing newer was published at \(configuration.url)")
        #expect(store.liveManifest?.version == 2)
        // What observers hear: the app's tip, now HeartTip, with new content and the same status.
        let renamed = try #require(adoption.changes.first { $0.id == "HeartTip" }, "\(adoption.changes)")
        #expect(renamed.tip == .favoriteTip && renamed.contentChanged)
        #expect(renamed.statusBefore == .invalidated(.tipClosed) && renamed.statusAfter == .invalidated(.tipClosed))
        #expect(adoption.carriedRecords >= 1, "the closed tip's state is carried to the new id")

        // The rename: the app's typed name reaches HeartTip, with its new text, still closed.
        #expect(try store.content(of: .favoriteTip).title.fallbackText == "Keep It Close")
        #expect(try store.status(of: .favoriteTip) == .invalidated(.tipClosed))
        #expect(try store.status(of: TipKey("HeartTip")) == .invalidated(.tipClosed))
        clock.advance(days: 1)
        let later = try list.open(3)
        #expect(later.favoriteTip.content == nil && later.favoriteTip.timesShown == 0)
        later.stop()

        // The rule: the favourites-first tip now waits for a second favourite, then shows its
        // new title in the list's popover.
        let first = try list.open(1)
        try first.toggleFavorite()
        first.stop()
        #expect(try store.status(of: .favoritesFirstTip) == .pending, "the embedded rule (one favourite) would show it")
        #expect(list.tips.popoverTip == nil)
        let second = try list.open(2)
        try second.toggleFavorite()
        second.stop()
        #expect(try store.status(of: .favoritesFirstTip) == .available)
        #expect(await eventually { list.tips.popover?.title.fallbackText == "Your Favorites Lead the List" })
        #expect(list.tips.popoverTip == .favoritesFirstTip)

        // Checking again finds nothing newer (the server answers 304 to the remembered ETag).
        let again = try await live.checkNow()
        #expect(again == nil)

        // The kill switch published beside it hides the favourites-first tip at once, with
        // no new catalog; its popover leaves the screen (the swipe tip may take the slot).
        guard case .applied = try await live.checkKillSwitch() else {
            Issue.record("the kill switch at \(configuration.url) was not applied")
            return
        }
        #expect(try store.explanation(of: .favoritesFirstTip).suspended)
        #expect(try store.status(of: .favoritesFirstTip) != .available)
        #expect(await eventually { list.tips.popoverTip != .favoritesFirstTip })
        list.stop()
        try store.close()

        // The next launch runs version 2 from beside the journal, state and all.
        let relaunched = try AppTips.makeLiveStore(journalURL: journal, trustedKeys: configuration.keys, clock: clock)
        #expect(relaunched.liveCatalogLaunch == .adopted(version: 2, launch: 1))
        relaunched.markLaunchSucceeded()
        #expect(try relaunched.status(of: .favoriteTip) == .invalidated(.tipClosed))
        #expect(try relaunched.content(of: .favoritesFirstTip).title.fallbackText == "Your Favorites Lead the List")
        #expect(try relaunched.explanation(of: .favoritesFirstTip).suspended, "the kill switch is kept beside the journal")
        try relaunched.close()
    }
}

/// The server and the key `scripts/check-example-update.sh` hands the suite.
enum LiveUpdateEnvironment {
    struct Configuration {
        var url: URL
        var keys: [String: Ed25519.PublicKey]
    }

    /// From `LISTDETAIL_UPDATE_URL` and `LISTDETAIL_UPDATE_PUBLIC_KEY`; nil when either is
    /// missing (an unreadable key file gives no keys, which the test reports).
    static var configuration: Configuration? {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["LISTDETAIL_UPDATE_URL"].flatMap(URL.init(string:)),
              let keyPath = environment["LISTDETAIL_UPDATE_PUBLIC_KEY"] else { return nil }
        return Configuration(url: url, keys: (try? publicKeys(keyPath)) ?? [:])
    }

    /// The public key file of `tipc keygen` (`keyID`, `publicKey` in hex), as the app ships it.
    static func publicKeys(_ path: String) throws -> [String: Ed25519.PublicKey] {
        struct File: Decodable {
            var keyID: String
            var publicKey: String
        }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        guard let raw = Hex.decode(file.publicKey) else { throw CocoaError(.fileReadCorruptFile) }
        return [file.keyID: try Ed25519.PublicKey(rawRepresentation: raw)]
    }
}
