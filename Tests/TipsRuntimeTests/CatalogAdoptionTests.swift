import Foundation
import Testing
import TipsBytecode
import TipsJournal
@testable import TipsRuntime
import TipsSignature

/// `TipStore.adopt(_:)`: a checked catalog swapped into a running store: new text and rules
/// take effect at once, state follows declared renames, observers hear every change, and a
/// catalog that would lose this user's state changes nothing.
@Suite struct CatalogAdoptionTests {
    static let key = try! Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32))
    static var trusted: [String: Ed25519.PublicKey] { ["adopt-1": key.publicKey] }

    static let v1 = """
        param hasSeenList: Bool = false
        event manualSave(menu: Bool)
        tip ShortcutTip {
            title "Save Faster"
            rule count(manualSave) >= 3
        }
        tip ListTip {
            title "Your list"
            rule hasSeenList
        }
        """

    /// A checked update of `source` at `version`.
    static func update(_ source: String, version: UInt64 = 2, running: UInt64 = 1) throws -> CatalogUpdate {
        let bundle = try compileBundle(source)
        let format = try Int(BundleLoader.load(bundle).bundle.formatVersion)
        let manifest = try CatalogManifest.signed(bundleBytes: bundle, catalog: "notes", version: version, minimumReaderFormat: format,
                                                  bundle: "notes-\(version).tipsb", key: key, keyID: "adopt-1").encoded()
        return try CatalogUpdate.check(manifest: manifest, bundle: bundle, trustedKeys: trusted, catalog: "notes",
                                       runningVersion: running)
    }

    /// The statuses a callback observer of `tip` hears.
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [TipStatus] = []
        func append(_ s: TipStatus) { lock.withLock { values.append(s) } }
        var all: [TipStatus] { lock.withLock { values } }
    }

    static func listen(_ store: TipStore, _ tip: TipKey) throws -> Heard {
        let heard = Heard()
        _ = try store.observeStatus(of: tip) { heard.append($0) }
        return heard
    }

    @Test func changedTextShowsAtOnceAndIsReported() throws {
        let f = try Fixture(Self.v1)
        for _ in 0..<3 { try f.store.donate(dynamic: "manualSave", ["menu": false]) }
        #expect(try f.store.content(of: "ShortcutTip").title == .plain("Save Faster"))
        let adoption = try f.store.adopt(try Self.update(Self.v1.replacingOccurrences(of: "Save Faster", with: "Save in a Flash")))
        #expect(try f.store.content(of: "ShortcutTip").title == .plain("Save in a Flash"))
        #expect(try f.status("ShortcutTip") == .available)
        #expect(adoption.changes.map(\.id) == ["ShortcutTip"])
        #expect(adoption.changes.first?.contentChanged == true)
        #expect(adoption.changes.first?.statusBefore == adoption.changes.first?.statusAfter)
        #expect(f.store.liveManifest?.version == 2)
    }

    @Test func aChangedRuleReevaluatesAndObserversHearIt() throws {
        let f = try Fixture(Self.v1)
        for _ in 0..<3 { try f.store.donate(dynamic: "manualSave", ["menu": false]) }
        let heard = try Self.listen(f.store, "ShortcutTip")
        let quiet = try Self.listen(f.store, "ListTip")
        #expect(heard.all == [.available])
        let adoption = try f.store.adopt(try Self.update(Self.v1.replacingOccurrences(of: ">= 3", with: ">= 5")))
        #expect(try f.status("ShortcutTip") == .pending)
        #expect(heard.all == [.available, .pending])
        #expect(quiet.all == [.pending])
        #expect(adoption.changes.map { "\($0.id) \($0.statusBefore) -> \($0.statusAfter)" } == ["ShortcutTip available -> pending"])
        // The new rule is the one in force from now on.
        for _ in 0..<2 { try f.store.donate(dynamic: "manualSave", ["menu": false]) }
        #expect(heard.all == [.available, .pending, .available])
    }

    @Test func stateFollowsDeclaredRenames() throws {
        let f = try Fixture(Self.v1)
        try f.store.setParameter(dynamic: "hasSeenList", to: true)
        for _ in 0..<3 { try f.store.donate(dynamic: "manualSave", ["menu": true]) }
        try f.store.presentationBegan("ShortcutTip")
        try f.store.invalidate("ShortcutTip", reason: .tipClosed)
        let renamed = """
            param hasSeenNoteList: Bool = false renamedFrom hasSeenList
            event noteSaved(menu: Bool) renamedFrom manualSave
            tip SaveTip renamedFrom ShortcutTip {
                title "Save Faster"
                rule count(noteSaved) >= 3
            }
            tip ListTip {
                title "Your list"
                rule hasSeenNoteList
            }
            tip CountTip {
                title "Counted"
                rule count(noteSaved where menu) >= 3
            }
            """
        let heard = try Self.listen(f.store, "ShortcutTip")
        let adoption = try f.store.adopt(try Self.update(renamed))
        #expect(adoption.carriedRecords > 0)
        #expect(try f.status("SaveTip") == .invalidated(.tipClosed))
        #expect(try f.store.report(of: "SaveTip").displayCount == 1)
        #expect(try f.status("ListTip") == .available)
        #expect(try f.status("CountTip") == .available)
        #expect(try f.store.parameter(dynamic: "hasSeenNoteList") == .bool(true))
        // The observer of the old name follows the tip to its new name; its status did not change.
        #expect(heard.all == [.invalidated(.tipClosed)])
        #expect(adoption.removedTips == ["ShortcutTip"])
        #expect(adoption.addedTips == ["CountTip", "SaveTip"])
        // The app's old names (its typed Swift was generated from v1) reach the renamed
        // tip, parameter and event instead of throwing unknownTip/Parameter/Event.
        #expect(try f.status("ShortcutTip") == .invalidated(.tipClosed))
        #expect(try f.store.parameter(dynamic: "hasSeenList") == .bool(true))
        try f.store.setParameter(dynamic: "hasSeenList", to: false)
        #expect(try f.store.parameter(dynamic: "hasSeenNoteList") == .bool(false))
        try f.store.donate(dynamic: "manualSave", ["menu": true])
        try f.store.setParameter(dynamic: "hasSeenList", to: true)
        // And the carried state is the journal's: a new launch with the new catalog sees it.
        try f.reopen(bundle: try compileBundle(renamed))
        #expect(try f.status("SaveTip") == .invalidated(.tipClosed))
        #expect(try f.status("CountTip") == .available)
    }

    /// Each catalog that would lose this user's state, or break the app's calls, is refused
    /// with every reason, and changes nothing: statuses, content, the journal's bytes, and
    /// no observer hears anything.
    @Test(arguments: [
        ("tip removed with a dismissal", Self.v1.replacingOccurrences(of: "tip ShortcutTip {", with: "tip SaveTip {"),
         [CatalogAdoptionError.Problem.Code.tipStateLost]),
        ("parameter removed with a value", Self.v1.replacingOccurrences(of: "param hasSeenList", with: "param seen")
            .replacingOccurrences(of: "rule hasSeenList", with: "rule seen"), [.parameterValueLost]),
        ("parameter retyped", Self.v1.replacingOccurrences(of: "hasSeenList: Bool = false", with: "hasSeenList: Int = 0")
            .replacingOccurrences(of: "rule hasSeenList", with: "rule hasSeenList > 0"), [.parameterRetyped, .parameterValueUnreadable]),
        ("event removed with donations", Self.v1.replacingOccurrences(of: "manualSave", with: "noteSaved"), [.donationsLost]),
        ("a payload field the app does not send", Self.v1.replacingOccurrences(of: "manualSave(menu: Bool)", with: "manualSave(menu: Bool, words: Int)"),
         [.payloadChanged]),
    ])
    func aLosingCatalogChangesNothing(_ what: String, _ source: String, _ codes: [CatalogAdoptionError.Problem.Code]) throws {
        let f = try Fixture(Self.v1)
        try f.store.setParameter(dynamic: "hasSeenList", to: true)
        for _ in 0..<3 { try f.store.donate(dynamic: "manualSave", ["menu": false]) }
        try f.store.presentationBegan("ShortcutTip")
        try f.store.presentationEnded("ShortcutTip")
        let heard = try Self.listen(f.store, "ShortcutTip")
        let list = try Self.listen(f.store, "ListTip")
        let journal = try Data(contentsOf: f.journalURL)
        let statuses = try ["ShortcutTip", "ListTip"].map { try f.status(TipKey($0)) }
        let update = try Self.update(source)
        var refusal: CatalogAdoptionError?
        do throws(CatalogAdoptionError) { try f.store.adopt(update) } catch { refusal = error }
        let error = try #require(refusal, "\(what): adopted")
        #expect(error.kind == .incompatible, "\(what)")
        #expect(error.problems.map(\.code) == codes, "\(what): \(error.message)")
        #expect(error.problems.allSatisfy { error.message.contains($0.message) })
        #expect(try ["ShortcutTip", "ListTip"].map { try f.status(TipKey($0)) } == statuses)
        #expect(try f.store.content(of: "ShortcutTip").title == .plain("Save Faster"))
        #expect(try Data(contentsOf: f.journalURL) == journal)
        #expect(heard.all == [statuses[0]])
        #expect(list.all == [statuses[1]])
        #expect(f.store.liveManifest == nil)
        // The same change is adopted by a user who has no state it would lose.
        if codes.contains(where: { [.tipStateLost, .parameterValueLost, .donationsLost].contains($0) }) && codes.count == 1 {
            let fresh = try Fixture(Self.v1)
            _ = try fresh.store.adopt(update)
            #expect(fresh.store.liveManifest?.version == 2, "\(what)")
        }
    }

    @Test func anOlderOrOtherCatalogThanTheAdoptedOneIsRefused() throws {
        let f = try Fixture(Self.v1)
        try f.store.adopt(try Self.update(Self.v1, version: 5))
        let older = try Self.update(Self.v1, version: 4)
        var kind: CatalogAdoptionError.Kind?
        do throws(CatalogAdoptionError) { try f.store.adopt(older) } catch { kind = error.kind }
        #expect(kind == .notNewer)
        #expect(f.store.liveManifest?.version == 5)
    }

    @Test func listenersHearEveryAdoption() async throws {
        let f = try Fixture(Self.v1)
        let stream = f.store.catalogAdoptions()
        try f.store.adopt(try Self.update(Self.v1.replacingOccurrences(of: "Your list", with: "The list")))
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.changes.map(\.id) == ["ListTip"])
        #expect(first?.manifest.version == 2)
    }
}
