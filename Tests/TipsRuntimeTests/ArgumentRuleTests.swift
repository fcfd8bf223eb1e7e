import Testing
import TipsBytecode
import TipsJournal
@testable import TipsRuntime

/// Reusable tips whose rules read their own arguments: each instance is evaluated with its
/// own values (Docs/semantics.md, "Rules").
@Suite("Conformance: rules reading tip arguments")
struct ArgumentRuleTests {
    static let source = """
    enum Kind { photo, video }
    event itemViewed(id: String, kind: Kind, size: Int)
    param favourite: String = ""
    tip ItemTip(itemID: String) {
        id "item-\\(itemID)"
        title "Item"
        rule count(itemViewed where id == itemID within 7d) >= 2
    }
    tip KindTip(kind: Kind, minimum: Int) {
        id "kind-\\(kind)-\\(minimum)"
        title "Kind"
        rule count(itemViewed where kind == kind && size >= minimum) >= 1
    }
    tip FavouriteTip(itemID: String, enabled: Bool) {
        id "fav-\\(itemID)-\\(enabled)"
        title "Favourite"
        rule enabled && favourite == itemID
    }
    """

    @Test("Rules reading an argument in an event filter: each instance counts its own item")
    func filterPerInstance() throws {
        let f = try Fixture(Self.source)
        let a = TipKey("ItemTip", arguments: ["itemID": "a"])
        let b = TipKey("ItemTip", arguments: ["itemID": "b"])
        #expect(try f.status(a) == .pending)
        try f.store.donate(dynamic: "itemViewed", ["id": "a", "kind": .enumCase("photo"), "size": 1])
        try f.store.donate(dynamic: "itemViewed", ["id": "a", "kind": .enumCase("photo"), "size": 1])
        try f.store.donate(dynamic: "itemViewed", ["id": "b", "kind": .enumCase("photo"), "size": 1])
        #expect(try f.status(a) == .available)
        #expect(try f.status(b) == .pending)
        // An item the app names only now: a string no donation or parameter holds.
        #expect(try f.status(TipKey("ItemTip", arguments: ["itemID": "never-seen"])) == .pending)
        // Interleaved evaluation does not leak one instance's values into another.
        #expect(try f.status(a) == .available)
        try f.store.donate(dynamic: "itemViewed", ["id": "b", "kind": .enumCase("video"), "size": 1])
        #expect(try f.status(b) == .available)
    }

    @Test("Rules reading arguments: enum and Int arguments in filters, Bool and String arguments in expressions")
    func typedArguments() throws {
        let f = try Fixture(Self.source)
        try f.store.donate(dynamic: "itemViewed", ["id": "x", "kind": .enumCase("video"), "size": 10])
        #expect(try f.status(TipKey("KindTip", arguments: ["kind": .enumCase("video"), "minimum": 10])) == .available)
        #expect(try f.status(TipKey("KindTip", arguments: ["kind": .enumCase("video"), "minimum": 11])) == .pending)
        #expect(try f.status(TipKey("KindTip", arguments: ["kind": .enumCase("photo"), "minimum": 1])) == .pending)
        try f.store.setParameter(dynamic: "favourite", to: "x")
        #expect(try f.status(TipKey("FavouriteTip", arguments: ["itemID": "x", "enabled": true])) == .available)
        #expect(try f.status(TipKey("FavouriteTip", arguments: ["itemID": "x", "enabled": false])) == .pending)
        #expect(try f.status(TipKey("FavouriteTip", arguments: ["itemID": "y", "enabled": true])) == .pending)
    }

    @Test("Rules reading arguments: values survive a reopen and a store reset")
    func reopenAndReset() throws {
        let f = try Fixture(Self.source)
        let a = TipKey("ItemTip", arguments: ["itemID": "a"])
        try f.store.donate(dynamic: "itemViewed", ["id": "a", "kind": .enumCase("photo"), "size": 1])
        try f.store.donate(dynamic: "itemViewed", ["id": "a", "kind": .enumCase("photo"), "size": 1])
        try f.reopen()
        #expect(try f.status(a) == .available)
        try f.store.resetStore()
        #expect(try f.status(a) == .pending)
        try f.store.donate(dynamic: "itemViewed", ["id": "a", "kind": .enumCase("photo"), "size": 1])
        try f.store.donate(dynamic: "itemViewed", ["id": "a", "kind": .enumCase("photo"), "size": 1])
        #expect(try f.status(a) == .available)
    }

    @Test("Rules reading arguments: an explanation shows the instance's arguments and the values its rules saw")
    func explanation() throws {
        let f = try Fixture(Self.source)
        try f.store.donate(dynamic: "itemViewed", ["id": "a", "kind": .enumCase("photo"), "size": 1])
        let x = try f.store.explanation(of: TipKey("ItemTip", arguments: ["itemID": "a"]))
        #expect(x.arguments == [TipExplanation.Input(name: "itemID", value: "\"a\"")])
        #expect(x.text.contains("  arguments: itemID = \"a\""))
        #expect(x.text.contains("= 1, needs >= 2"), "\(x.text)")
        let y = try f.store.explanation(of: TipKey("ItemTip", arguments: ["itemID": "b"]))
        #expect(y.text.contains("= 0, needs >= 2"), "\(y.text)")
        #expect(try f.store.explanation(of: TipKey("FavouriteTip", arguments: ["itemID": "a", "enabled": true])).arguments?.count == 2)
    }

    @Test("Rules reading arguments: an instance known only by its id has its arguments read back from the id")
    func explanationByID() throws {
        let f = try Fixture(Self.source)
        try f.store.donate(dynamic: "itemViewed", ["id": "a-1", "kind": .enumCase("photo"), "size": 1])
        try f.store.donate(dynamic: "itemViewed", ["id": "a-1", "kind": .enumCase("photo"), "size": 1])
        let x = try #require(f.store.explanation(ofID: "item-a-1"))
        #expect(x.arguments == [TipExplanation.Input(name: "itemID", value: "\"a-1\"")])
        #expect(x.status == .available)
        let k = try #require(f.store.explanation(ofID: "kind-video-12"))
        #expect(k.arguments?.map(\.value) == [".video", "12"])
        #expect(k.status == .pending)
        // Not a case of Kind: no reading fits, so the arguments stay unknown.
        let unknown = try #require(f.store.explanation(ofID: "kind-audio-12"))
        #expect(unknown.arguments == nil)
        #expect(unknown.status == .pending)
        #expect(unknown.text.contains("only its id 'kind-audio-12' is known"), "\(unknown.text)")
    }

    static let quiet = """
    event itemViewed(id: String)
    tip QuietTip(itemID: String) {
        id "quiet-\\(itemID)"
        title "Quiet"
        rule count(itemViewed where id == itemID within 2d) == 0
    }
    group Quiet { QuietTip }
    """

    /// Two instances of `QuietTip`, each pending until its own last view leaves the
    /// window: "a" in 47 hours, "b" in one hour.
    static func quietFixture() throws -> (Fixture, a: TipKey, b: TipKey, now: Int64) {
        let f = try Fixture(Self.quiet)
        let start = f.clock.now()
        try f.store.donate(dynamic: "itemViewed", ["id": "b"], at: start)
        try f.store.donate(dynamic: "itemViewed", ["id": "a"], at: start + 46 * hour)
        f.clock.advance(to: start + 47 * hour)
        let a = TipKey("QuietTip", arguments: ["itemID": "a"]), b = TipKey("QuietTip", arguments: ["itemID": "b"])
        #expect(try f.status(a) == .pending)
        #expect(try f.status(b) == .pending)
        return (f, a, b, start + 47 * hour)
    }

    @Test("Rules reading arguments: explain's skipping search answers for the explained instance, not the one a group left bound")
    func nextAvailabilityPerInstance() throws {
        let (f, a, b, now) = try Self.quietFixture()
        // Explaining "a" first evaluates the group, which evaluates "b" last.
        for (tip, due) in [(a, now + 47 * hour), (b, now + hour), (a, now + 47 * hour)] {
            let x = try f.store.explanation(of: tip)
            guard case .at(let t) = x.next else {
                Issue.record("\(tip): \(x.next)")
                continue
            }
            #expect(t > due - minute && t <= due + minute, "\(tip): due \(due), got \(t)\n\(x.text)")
        }
    }

    @Test("Rules reading arguments: skipping and exhaustive searches agree whichever instance was evaluated last")
    func nextAvailabilityDifferential() throws {
        let (f, _, _, _) = try Self.quietFixture()
        let differences = try f.store.withEngine(writing: false) { e -> [String] in
            var out: [String] = []
            let known = e.knownTips()
            #expect(known.count == 2)
            for r in known {
                for other in known {
                    _ = e.status(other)    // leaves `other`'s values bound
                    let s = e.status(r)
                    _ = e.status(other)
                    let skipping = e.nextAvailability(r, status: s, rules: [], horizon: 30 * day)
                    let every = e.nextAvailability(r, status: s, rules: [], horizon: 30 * day, skipUnchanged: false)
                    if skipping != every { out.append("\(r.id) after \(other.id): \(skipping) versus \(every)") }
                }
            }
            return out
        }
        #expect(differences.isEmpty, "\(differences)")
    }

    static let keyed = """
    event itemViewed(id: String) key "com.shop.itemViewed"
    param shopper: String = "" key "com.shop.shopper"
    tip ItemTip(itemID: String) {
        id "item-\\(itemID)"
        title "Item"
        image asset "ItemHero"
        rule count(itemViewed where id == itemID) >= 2
        rule shopper != itemID
    }
    """

    @Test("Rules reading arguments: a keyed event filtered by an argument, in a format 4 bundle with keys, assets and arguments")
    func keyedEventFilteredByArgument() throws {
        let f = try Fixture(Self.keyed)
        let bundle = try f.store.withEngine(writing: false) { e in e.catalog.bundle }
        #expect(bundle.formatVersion == 4)
        #expect(bundle.keys.count == 2 && bundle.assetImages.count == 1 && bundle.argumentBindings.count == 1)
        #expect(try BundleLoader.load(BundleWriter.encode(bundle)).bundle == bundle)
        let a = TipKey("ItemTip", arguments: ["itemID": "a"]), b = TipKey("ItemTip", arguments: ["itemID": "b"])
        try f.store.donate(dynamic: "itemViewed", ["id": "a"])
        try f.store.donate(dynamic: "itemViewed", ["id": "a"])
        try f.store.donate(dynamic: "itemViewed", ["id": "b"])
        #expect(try f.status(a) == .available)
        #expect(try f.status(b) == .pending)
        try f.store.setParameter(dynamic: "shopper", to: "a")
        #expect(try f.status(a) == .pending)
        try f.store.setParameter(dynamic: "shopper", to: "")
        // The journal holds the key; a reopened store reads the donations back under it.
        let state = JournalState(records: try Journal.readEntries(at: f.journalURL.path).entries.map(\.record))
        #expect(state.donations.keys.sorted() == ["com.shop.itemViewed"])
        try f.reopen()
        #expect(try f.status(a) == .available)
        #expect(try f.status(b) == .pending)
        try f.store.donate(dynamic: "itemViewed", ["id": "b"])
        #expect(try f.status(b) == .available)
        let x = try f.store.explanation(of: b)
        #expect(x.arguments == [TipExplanation.Input(name: "itemID", value: "\"b\"")])
        #expect(x.text.contains("= 2, needs >= 2"), "\(x.text)")
    }
}
