import Foundation
import Testing
@testable import TipsRuntime
import TipsSignature

/// The live catalog's kill switch: a signed suspension hides one tip or all at once, with
/// observers told and `explanation` saying why; forged, foreign or replayed ones change
/// nothing; a store with a `LiveCatalog` keeps it for the next launch.
@Suite struct SuspensionTests {
    typealias A = CatalogAdoptionTests

    static func suspension(_ tips: [String], serial: UInt64 = 1, catalog: String = "notes",
                           key: Ed25519.PrivateKey = A.key, keyID: String = "adopt-1") throws -> [UInt8] {
        try CatalogSuspension.signed(catalog: catalog, serial: serial, tips: tips, key: key, keyID: keyID).encoded()
    }

    static func available() throws -> Fixture {
        let f = try Fixture(A.v1)
        try f.store.setParameter(dynamic: "hasSeenList", to: true)
        for _ in 0..<3 { try f.store.donate(dynamic: "manualSave", ["menu": false]) }
        return f
    }

    @Test func oneTipOrAllAreHiddenAndLiftedAgain() throws {
        let f = try Self.available()
        let heard = try A.listen(f.store, "ShortcutTip")
        try f.store.applySuspension(try Self.suspension(["ShortcutTip"]), trustedKeys: A.trusted, catalog: "notes")
        #expect(try f.status("ShortcutTip") == .pending)
        #expect(try f.status("ListTip") == .available)
        #expect(heard.all == [.available, .pending])
        let explained = try f.store.explanation(of: "ShortcutTip")
        #expect(explained.suspended)
        #expect(explained.text.contains("suspended by the live catalog"))
        #expect(explained.next == .blocked("suspended by the live catalog; a newer suspension document lifts it"))
        try f.store.applySuspension(try Self.suspension(["*"], serial: 2), trustedKeys: A.trusted, catalog: "notes")
        #expect(try f.status("ListTip") == .pending)
        #expect(f.store.availableTips().isEmpty)
        try f.store.applySuspension(try Self.suspension([], serial: 3), trustedKeys: A.trusted, catalog: "notes")
        #expect(try f.status("ShortcutTip") == .available)
        #expect(try f.status("ListTip") == .available)
        #expect(heard.all == [.available, .pending, .available])
        #expect(try !f.store.explanation(of: "ShortcutTip").suspended)
    }

    @Test func forgedForeignAndReplayedSuspensionsChangeNothing() throws {
        let f = try Self.available()
        try f.store.applySuspension(try Self.suspension([], serial: 5), trustedKeys: A.trusted, catalog: "notes")
        let stranger = try Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 8, count: 32))
        var tampered = try Self.suspension(["ShortcutTip"], serial: 6)
        let text = String(decoding: tampered, as: UTF8.self).replacingOccurrences(of: "ShortcutTip", with: "ListTip")
        tampered = Array(text.utf8)
        let cases: [(String, [UInt8], CatalogUpdateError.Kind)] = [
            ("another key", try Self.suspension(["*"], serial: 6, key: stranger), .badSignature),
            ("an unknown key id", try Self.suspension(["*"], serial: 6, keyID: "other"), .untrustedKey),
            ("another catalog", try Self.suspension(["*"], serial: 6, catalog: "mail"), .otherCatalog),
            ("a replay", try Self.suspension(["*"], serial: 5), .notNewer),
            ("an older one", try Self.suspension(["*"], serial: 4), .notNewer),
            ("a changed name", tampered, .badSignature),
            ("not JSON", Array("suspend everything".utf8), .malformedManifest),
        ]
        for (what, bytes, kind) in cases {
            var refused: CatalogUpdateError.Kind?
            do throws(CatalogUpdateError) { try f.store.applySuspension(bytes, trustedKeys: A.trusted, catalog: "notes") } catch { refused = error.kind }
            #expect(refused == kind, "\(what)")
            #expect(try f.status("ShortcutTip") == .available, "\(what)")
            #expect(try f.status("ListTip") == .available, "\(what)")
            #expect(f.store.suspension?.serial == 5, "\(what)")
        }
    }

    @Test func theSuspensionIsKeptForTheNextLaunchAndFollowsAnAdoptedCatalog() throws {
        let d = try LiveCatalogLaunchTests.Device()
        var store = try d.open()
        try store.applySuspension(try Self.suspension(["SaveTip"]), trustedKeys: A.trusted, catalog: "notes")
        #expect(try !store.explanation(of: "ShortcutTip").suspended)
        // The tip it names arrives with a catalog: suspended at once.
        try store.adopt(try A.update(A.v1 + "\ntip SaveTip { title \"Save\" }"))
        #expect(try store.status(of: "SaveTip") == .pending)
        try store.close()
        store = try d.open()
        #expect(try store.status(of: "SaveTip") == .pending)
        #expect(store.suspension?.serial == 1)
        try store.close()
        // Without the key that signed it, the kept suspension is dropped at launch.
        let other = try Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 9, count: 32))
        store = try d.open(d.live(keys: ["adopt-2": other.publicKey]))
        #expect(store.suspension == nil)
        try store.close()
    }

    /// A suspension that cannot be kept beside the journal (here a folder stands where its
    /// file goes) is refused as `notKept`, not as a broken bundle, and changes nothing.
    @Test func aSuspensionThatCannotBeKeptIsRefusedAsNotKept() throws {
        let d = try LiveCatalogLaunchTests.Device()
        let store = try d.open()
        try FileManager.default.createDirectory(at: d.directory.appendingPathComponent("state.jsonl.suspension"),
                                                withIntermediateDirectories: false)
        let before = try store.status(of: "ShortcutTip")
        let document = try Self.suspension(["ShortcutTip"])
        do throws(CatalogUpdateError) {
            try store.applySuspension(document, trustedKeys: A.trusted, catalog: "notes")
            Issue.record("applied a suspension it could not keep")
        } catch {
            #expect(error.kind == .notKept)
        }
        #expect(store.suspension == nil)
        #expect(try store.status(of: "ShortcutTip") == before)
        try store.close()
    }
}
