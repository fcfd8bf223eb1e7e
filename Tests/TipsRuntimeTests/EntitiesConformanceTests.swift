import Foundation
import Testing
@testable import TipsRuntime

/// Semantics page, "Entities": parameters, events, tips, groups, configuration.
@Suite("Conformance: entities")
struct EntitiesConformanceTests {
    static let catalog = """
    enum Plan { free, pro }
    param flag: Bool = false
    param count: Int = 0
    param ratio: Double = 0.5
    param name: String = ""
    param since: Date = date("2026-01-01")
    param plan: Plan = .free
    param tags: Set<String> = ["inbox"]
    param streak: Int?
    transient param composing: Bool = false
    event opened
    event bought(plan: Plan, price: Double, quantity: Int, gift: Bool, sku: String)
    tip T {
        title "T"
        rule flag && count >= 2 && ratio > 1.0 && name.hasPrefix("a") && plan == .pro && tags.contains("work") && (streak ?? 0) >= 1
    }
    """

    @Test("Parameter: typed values of every type are set, read back and persisted")
    func parameterTypes() throws {
        let f = try Fixture(Self.catalog)
        let values: [(String, TipValue)] = [
            ("flag", true), ("count", 2), ("ratio", 1.5), ("name", "abc"), ("since", .date(1_800_000_000_000)),
            ("plan", .enumCase("pro")), ("tags", .stringSet(["work", "inbox"])), ("streak", 3),
        ]
        #expect(try f.status("T") == .pending)
        for (name, value) in values { try f.store.setParameter(dynamic: name, to: value) }
        for (name, value) in values { #expect(try f.store.parameter(dynamic: name) == value) }
        #expect(try f.status("T") == .available)
        try f.reopen()
        for (name, value) in values { #expect(try f.store.parameter(dynamic: name) == value, "\(name)") }
        #expect(try f.status("T") == .available)
        try f.store.setParameter(dynamic: "streak", to: .null)
        #expect(try f.store.parameter(dynamic: "streak") == .null)
        #expect(try f.status("T") == .pending)
    }

    @Test("Parameter: defaults are read until set; Int is accepted for Double")
    func parameterDefaults() throws {
        let f = try Fixture(Self.catalog)
        #expect(try f.store.parameter(dynamic: "tags") == .stringSet(["inbox"]))
        #expect(try f.store.parameter(dynamic: "since") == .date(1_767_225_600_000))
        #expect(try f.store.parameter(dynamic: "streak") == .null)
        try f.store.setParameter(dynamic: "ratio", to: 3)
        #expect(try f.store.parameter(dynamic: "ratio") == .double(3))
    }

    @Test("Parameter: wrong type or unknown name throws a clear error", arguments: [
        ("flag", TipValue.int(1), TipStoreError.Kind.wrongType, "parameter 'flag' is Bool, not Int"),
        ("plan", TipValue.enumCase("gold"), .wrongType, "'gold' is not a case of Plan (cases: free, pro)"),
        ("plan", TipValue.string("pro"), .wrongType, "parameter 'plan' is Plan, not String"),
        ("count", TipValue.null, .wrongType, "parameter 'count' is Int and cannot be nil"),
        ("ratio", TipValue.double(.nan), .wrongType, "parameter 'ratio' must be finite, not nan"),
        ("nope", TipValue.bool(true), .unknownParameter, "unknown parameter 'nope'"),
    ])
    func parameterErrors(name: String, value: TipValue, kind: TipStoreError.Kind, message: String) throws {
        let f = try Fixture(Self.catalog)
        #expect(throws: TipStoreError(kind, message)) { try f.store.setParameter(dynamic: name, to: value) }
        #expect(try f.recordTypes().isEmpty)
    }

    @Test("Parameter: a transient parameter resets to its default on open and is never read back")
    func transientParameter() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "composing", to: true)
        try f.store.setParameter(dynamic: "flag", to: true)
        #expect(try f.store.parameter(dynamic: "composing") == true)
        try f.reopen()
        #expect(try f.store.parameter(dynamic: "composing") == false)
        #expect(try f.store.parameter(dynamic: "flag") == true)
        // Even a rebuild from the journal in the same run (resetStore replays) ignores it.
        try f.reopen()
        #expect(try f.store.parameter(dynamic: "composing") == false)
    }

    @Test("Event: a donation records an instant and its typed payload, validated against the schema")
    func donationPayload() throws {
        let f = try Fixture(Self.catalog)
        try f.store.donate(dynamic: "opened")
        try f.store.donate(dynamic: "bought", ["plan": .enumCase("pro"), "price": 9.5, "quantity": 2, "gift": false, "sku": "a"])
        let lines = try f.journalLines()
        #expect(lines.count == 3)
        #expect(lines[2].contains(#""payload":{"gift":{"bool":false},"plan":{"enum":"pro"},"price":{"double":9.5},"quantity":{"int":2},"sku":{"string":"a"}}"#))
        #expect(lines[2].contains(#""at":1767225600000"#))
    }

    static let payloadErrors: [(String, [String: TipValue], TipStoreError.Kind, String)] = [
        ("bought", ["plan": .enumCase("pro")], .wrongFields, "event 'bought' needs field 'price: Double'"),
        ("opened", ["x": .int(1)], .wrongFields, "event 'opened' has no payload"),
        ("nope", [:], .unknownEvent, "unknown event 'nope'"),
    ]

    @Test("Event: payload errors (missing, extra, wrong type, unknown event) are thrown", arguments: payloadErrors)
    func donationErrors(event: String, payload: [String: TipValue], kind: TipStoreError.Kind, message: String) throws {
        let f = try Fixture(Self.catalog)
        #expect(throws: TipStoreError(kind, message)) { try f.store.donate(dynamic: event, payload) }
        let full: [String: TipValue] = ["plan": .enumCase("pro"), "price": 1.0, "quantity": 1, "gift": true, "sku": "s"]
        var extra = full; extra["color"] = "red"
        #expect(throws: TipStoreError(.wrongFields, "event 'bought' has no field 'color'")) { try f.store.donate(dynamic: "bought", extra) }
        var wrong = full; wrong["quantity"] = 1.5
        #expect(throws: TipStoreError(.wrongType, "field 'quantity' of event 'bought' is Int, not Double")) { try f.store.donate(dynamic: "bought", wrong) }
        #expect(try f.recordTypes().isEmpty)
    }

    static let reusable = """
    param on: Bool = true
    enum Kind { doc, sheet }
    tip NewItemTip(itemID: String, kind: Kind, n: Int, flag: Bool) {
        id "NewItemTip-\\(itemID)-\\(kind)-\\(n)-\\(flag)"
        title "New \\(kind) \\(itemID)"
        rule on
        maxDisplayCount 1
    }
    tip Plain { title "Plain" rule on }
    tip Custom { id "custom-id" title "Custom" rule on }
    """

    @Test("TipKey: the id defaults to the name, an id override is used, and a reusable tip's id is filled from its arguments")
    func tipIDs() throws {
        let f = try Fixture(Self.reusable)
        #expect(try f.store.content(of: "Plain").id == "Plain")
        #expect(try f.store.content(of: "Custom").id == "custom-id")
        let a = TipKey("NewItemTip", arguments: ["itemID": "42", "kind": .enumCase("sheet"), "n": -3, "flag": true])
        let content = try f.store.content(of: a)
        #expect(content.id == "NewItemTip-42-sheet--3-true")
        #expect(content.title == TipsRuntime.TipText.plain("New sheet 42"))
        #expect(throws: TipStoreError(.wrongFields, "tip 'NewItemTip' needs argument 'kind: Kind'")) {
            try f.store.status(of: TipKey("NewItemTip", arguments: ["itemID": "1"]))
        }
        #expect(throws: TipStoreError(.wrongFields, "tip 'Plain' has no arguments")) {
            try f.store.status(of: TipKey("Plain", arguments: ["x": 1]))
        }
        #expect(throws: TipStoreError(.unknownTip, "unknown tip 'Nope'")) { try f.store.status(of: "Nope") }
    }

    @Test("TipKey: each reusable instance has its own display and invalidation state; rules are shared")
    func reusableInstances() throws {
        let f = try Fixture(Self.reusable)
        let item = { (id: String) -> TipKey in TipKey("NewItemTip", arguments: ["itemID": .string(id), "kind": .enumCase("doc"), "n": 1, "flag": false]) }
        try f.store.presentationBegan(item("a"))
        try f.store.presentationEnded(item("a"))
        #expect(try f.status(item("a")) == .invalidated(.displayCountExceeded))
        #expect(try f.status(item("b")) == .available)
        try f.store.setParameter(dynamic: "on", to: false)
        #expect(try f.status(item("b")) == .pending)
        try f.reopen()
        #expect(try f.status(item("a")) == .invalidated(.displayCountExceeded))
        try f.store.setParameter(dynamic: "on", to: true)
        #expect(try f.status(item("b")) == .available)
        #expect(try f.store.report(of: item("a")).displayCount == 1)
        #expect(try f.store.report(of: item("b")).displayCount == 0)
    }

    @Test("Configuration: displayFrequency hourly/daily/weekly/monthly is 1h/24h/7d/30d, or a custom duration", arguments: [
        ("hourly", hour), ("daily", 24 * hour), ("weekly", 7 * day), ("monthly", 30 * day), ("36h", 36 * hour),
    ])
    func frequencyValues(frequency: String, interval: Int64) throws {
        let f = try Fixture("""
        config { displayFrequency \(frequency) }
        tip A { title "A" }
        tip B { title "B" }
        """)
        try f.store.presentationBegan("A")
        #expect(try f.status("B") == .pending)
        f.clock.advance(by: interval - 1)
        #expect(try f.status("B") == .pending)
        f.clock.advance(by: 1)
        #expect(try f.status("B") == .available)
    }

    @Test("Event and parameter names are the persistence boundary: renaming one orphans its history, restoring the name restores it")
    func namesArePersistenceKeys() throws {
        let v1 = """
        param level: Int = 0
        event saved
        tip T { title "T" rule level >= 2 && count(saved) >= 1 }
        """
        let v2 = """
        param rank: Int = 0
        event stored
        tip T { title "T" rule rank >= 2 && count(stored) >= 1 }
        """
        let f = try Fixture(v1)
        try f.store.setParameter(dynamic: "level", to: 3)
        try f.store.donate(dynamic: "saved")
        #expect(try f.status("T") == .available)
        try f.reopen(bundle: try compileBundle(v2))
        #expect(try f.store.parameter(dynamic: "rank") == 0)
        #expect(try f.status("T") == .pending)
        try f.reopen()
        #expect(try f.status("T") == .available)
    }

    @Test("Evaluation is total: a donation recorded before a payload field existed fails every comparison on it, and counts elsewhere")
    func missingPayloadField() throws {
        let f = try Fixture("""
        event e(a: Int)
        tip T { title "T" }
        """)
        try f.store.donate(dynamic: "e", ["a": 1])
        try f.reopen(bundle: try compileBundle("""
        event e(a: Int, b: Int)
        tip Total { title "1" rule count(e) >= 1 }
        tip Eq { title "2" rule count(e where b == 0) >= 1 }
        tip Ne { title "3" rule count(e where b != 0) >= 1 }
        tip Grouped { title "4" rule largestGroup(e by b) >= 1 }
        tip Old { title "5" rule count(e where a == 1) >= 1 }
        """))
        #expect(try f.status("Total") == .available)
        #expect(try f.status("Eq") == .pending)
        #expect(try f.status("Ne") == .pending)
        #expect(try f.status("Grouped") == .pending)
        #expect(try f.status("Old") == .available)
    }
}
