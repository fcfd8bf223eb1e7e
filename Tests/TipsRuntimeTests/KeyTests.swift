import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// Persistence keys (`key "..."`): the journal holds the key, the API and rules the name;
/// renaming the name while the key stays keeps every user's state. And asset images.
@Suite struct KeyTests {
    static let keyed = """
        param isLoggedIn: Bool = false key "com.quill.loggedIn"
        event noteSaved(menu: Bool) key "com.quill.noteSaved"
        tip SaveTip {
            title "Save"
            rule isLoggedIn
            rule count(noteSaved where menu) >= 2
            action "save" { title "Save" donate noteSaved(menu: false) set isLoggedIn = true }
        }
        """

    static func state(_ f: Fixture) throws -> JournalState {
        JournalState(records: try Journal.readEntries(at: f.journalURL.path).entries.map(\.record))
    }

    @Test func theJournalHoldsTheKey() throws {
        let f = try Fixture(Self.keyed)
        try f.store.setParameter(dynamic: "isLoggedIn", to: true)
        try f.store.donate(dynamic: "noteSaved", ["menu": true])
        try f.store.donate(dynamic: "noteSaved", ["menu": true])
        #expect(try f.status("SaveTip") == .available)
        let state = try Self.state(f)
        #expect(state.params.keys.sorted() == ["com.quill.loggedIn"])
        #expect(state.donations.keys.sorted() == ["com.quill.noteSaved"])
        #expect(try f.store.parameter(dynamic: "isLoggedIn") == true)
    }

    @Test func actionEffectsWriteUnderTheKey() throws {
        let f = try Fixture(Self.keyed)
        try f.store.perform(action: "save", of: "SaveTip")
        let state = try Self.state(f)
        #expect(state.donations["com.quill.noteSaved"]?.count == 1)
        #expect(state.params["com.quill.loggedIn"]?.value == .bool(true))
        #expect(state.params["isLoggedIn"] == nil && state.donations["noteSaved"] == nil)
    }

    @Test func renamingTheNameKeepsTheStateUnderTheKey() throws {
        let f = try Fixture(Self.keyed)
        try f.store.setParameter(dynamic: "isLoggedIn", to: true)
        for _ in 0..<2 { try f.store.donate(dynamic: "noteSaved", ["menu": true]) }
        // New names, same keys, no renamedFrom: nothing to carry, nothing lost.
        try f.reopen(bundle: try compileBundle("""
            param signedIn: Bool = false key "com.quill.loggedIn"
            event noteStored(menu: Bool) key "com.quill.noteSaved"
            tip SaveTip { title "Save" rule signedIn rule count(noteStored where menu) >= 2 }
            """))
        #expect(try f.store.parameter(dynamic: "signedIn") == true)
        #expect(try f.status("SaveTip") == .available)
    }

    @Test func aKeyAddedWithTheOldNameAsKeyKeepsTheState() throws {
        // Before: no key (stored under the name). After: a new name whose key is the old name.
        let f = try Fixture("param seen: Bool = false\ntip T { title \"T\" rule seen }")
        try f.store.setParameter(dynamic: "seen", to: true)
        try f.reopen(bundle: try compileBundle("param hasSeenList: Bool = false key \"seen\"\ntip T { title \"T\" rule hasSeenList }"))
        #expect(try f.store.parameter(dynamic: "hasSeenList") == true)
        #expect(try f.status("T") == .available)
    }

    @Test func renamedFromCarriesOldStateToTheKey() throws {
        let f = try Fixture("event manualSave\ntip T { title \"T\" rule count(manualSave) >= 1 }")
        try f.store.donate(dynamic: "manualSave")
        try f.reopen(bundle: try compileBundle("""
            event noteSaved key "com.quill.noteSaved" renamedFrom manualSave
            tip T { title "T" rule count(noteSaved) >= 1 }
            """))
        #expect(try f.status("T") == .available)
        #expect(try Self.state(f).donations["com.quill.noteSaved"]?.count == 1)
    }

    @Test func theNameIsNotTheKey() throws {
        // A journal that holds the name of a keyed declaration: not this parameter's value.
        let f = try Fixture("param seen: Bool = false\ntip T { title \"T\" rule seen }")
        try f.store.setParameter(dynamic: "seen", to: true)
        try f.reopen(bundle: try compileBundle("param seen: Bool = false key \"com.app.seen\"\ntip T { title \"T\" rule seen }"))
        #expect(try f.store.parameter(dynamic: "seen") == false)
        // And the key is no API name.
        #expect(throws: TipStoreError.self) { try f.store.setParameter(dynamic: "com.app.seen", to: true) }
    }

    @Test(arguments: [
        ("image asset \"Onboarding/Hero\"", "Onboarding/Hero", TipImageKind.asset),
        ("image symbol \"star.fill\"", "star.fill", .symbol),
        ("image \"star\"", "star", .symbol),
    ])
    func contentSaysTheImageKind(item: String, image: String, kind: TipImageKind) throws {
        let f = try Fixture("tip T { title \"T\" \(item) }\ntip U { title \"U\" image \"heart\" }")
        let content = try f.store.content(of: "T")
        #expect(content.image == image)
        #expect(content.imageKind == kind)
        #expect(try f.store.content(of: "U").imageKind == .symbol)
    }
}
