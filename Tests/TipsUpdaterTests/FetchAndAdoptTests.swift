import Foundation
import Testing
import TipsDriver
import TipsRuntime
import TipsTestSupport
import TipsUpdater

/// The whole path on one machine: an author changes the notes-app catalog (a text, and a
/// tip renamed with `renamedFrom`), it is published and served on 127.0.0.1, the updater
/// fetches it, and the running store adopts it, keeping what the user did under the old name.
@Suite struct FetchAndAdoptTests {
    /// The notes-app catalog with WelcomeTip renamed to HelloTip (declared) and retitled.
    static func changedBundle(in folder: TemporaryDirectory) throws -> [UInt8] {
        let source = Publisher.root + "/Definitions/notes-app"
        let copy = folder.path + "/changed"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source) where name.hasSuffix(".tips") {
            var text = try String(contentsOfFile: source + "/" + name, encoding: .utf8)
            text = text.replacingOccurrences(of: "WelcomeTip", with: "HelloTip")
                .replacingOccurrences(of: "tip HelloTip {", with: "tip HelloTip renamedFrom WelcomeTip {")
                .replacingOccurrences(of: "title \"Welcome to Quill ✍️\"", with: "title \"Hello from the live catalog\"")
            try text.write(toFile: copy + "/" + name, atomically: true, encoding: .utf8)
        }
        guard case .success(let sources) = CatalogLoader.loadSingle(copy),
              let bytes = CheckedCatalog(sources).compile(catalogRelativePaths: true).bytes else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return bytes
    }

    @Test func aPublishedChangeIsFetchedAndAdoptedWithStateKeptAcrossTheRename() async throws {
        let folder = try TemporaryDirectory()
        let server = try UpdateServer(root: folder.path)
        let live = LiveCatalog(catalog: Publisher.catalog, embeddedVersion: 6, trustedKeys: Publisher.trustedKeys)
        let journal = URL(fileURLWithPath: folder.path + "/tips.jsonl")
        let store = try TipStore(bundle: Publisher.bundle, journalURL: journal, live: live, clock: ManualClock(start: 1_800_000_000_000))
        #expect(try store.content(of: "WelcomeTip").title.fallbackText == "Welcome to Quill ✍️")
        try store.invalidate("WelcomeTip", reason: .tipClosed)

        try Publisher.publish(in: folder, version: 7, bundle: try Self.changedBundle(in: folder))
        let updater = CatalogUpdater(CatalogUpdaterConfiguration(baseURL: server.url("plain"), catalog: Publisher.catalog,
                                                                 trustedKeys: Publisher.trustedKeys, stateFolder: nil))
        guard case .update(let update) = try await updater.check(runningVersion: 6) else {
            Issue.record("no update")
            return
        }
        _ = try store.adopt(update)
        #expect(store.liveManifest?.version == 7)
        #expect(try store.content(of: "HelloTip").title.fallbackText == "Hello from the live catalog")
        // Closed under its old name, still closed under the new one.
        #expect(try store.status(of: "HelloTip") == .invalidated(.tipClosed))
        // The app's own name for it (its typed Swift says WelcomeTip) follows the rename.
        #expect(try store.status(of: "WelcomeTip") == .invalidated(.tipClosed))
        #expect(try store.content(of: "WelcomeTip").title.fallbackText == "Hello from the live catalog")

        // The next launch runs the adopted catalog from beside the journal, state and all.
        try store.close()
        let relaunched = try TipStore(bundle: Publisher.bundle, journalURL: journal, live: live, clock: ManualClock(start: 1_800_000_100_000))
        #expect(relaunched.liveCatalogLaunch == .adopted(version: 7, launch: 1))
        #expect(try relaunched.status(of: "HelloTip") == .invalidated(.tipClosed))
        #expect(try relaunched.content(of: "HelloTip").title.fallbackText == "Hello from the live catalog")
        // Nothing newer is published: the same check now yields nothing to adopt (a 304, as
        // the updater remembers the manifest's ETag and the app runs that version).
        let again = try await updater.check(runningVersion: 7)
        guard case .notModified = again else {
            Issue.record("expected not modified, got \(again)")
            return
        }
        try relaunched.close()
        server.stop()
    }
}
