import Foundation
import Testing
@testable import TipsRuntime

/// Effectiveness events (Docs/events.md): the sequence a simulated week produces, the
/// sink's ordering, batching and bounded queue, testing-override marks, replay.
@Suite("Effectiveness events")
struct EffectivenessEventTests {
    static let catalog = CatalogIdentity(name: "com.example.notes", version: 6)

    static let week = """
    config { displayFrequency daily }
    param pro: Bool = false
    event noteSaved
    event searchUsed
    tip SearchTip {
        title "Search"
        rule count(noteSaved) >= 1
        invalidate when searchUsed
    }
    tip ShortcutTip {
        title "Save Faster"
        rule count(noteSaved within 7d) >= 3
        action "learn" { title "Learn" invalidate }
    }
    tip ProTip {
        title "Go Pro"
        rule !pro
    }
    tip ListTip(listID: String) {
        id "list-\\(listID)"
        title "List"
    }
    """

    /// Collects what the sink receives, batch by batch.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var batches: [[EffectivenessEvent]] = []
        func receive(_ batch: [EffectivenessEvent]) { lock.withLock { batches.append(batch) } }
        var events: [EffectivenessEvent] { lock.withLock { batches.flatMap { $0 } } }
        var batchSizes: [Int] { lock.withLock { batches.map(\.count) } }
    }

    /// `kind tip detail @dN hh:mm` (N days and a time after `start`), for readable tables.
    static func describe(_ e: EffectivenessEvent, start: Int64) -> String {
        var detail = ""
        switch e.kind {
        case .becameEligible: break
        case .suppressed(let r): detail = " " + r.rawValue
        case .shown(let p): detail = " " + p
        case .ended(let p, let ending):
            detail = " " + p + " " + ending.name
            if case .action(let id) = ending { detail += "(\(id))" }
            if case .invalidated(let r) = ending { detail += "(\(r.rawValue))" }
        case .invalidated(let r): detail = " " + r.rawValue
        case .converted: detail = " converted"
        case .dropped(let n): detail = " \(n)"
        }
        let m = (e.at - start) / minute
        let time = String(format: "d%d %02d:%02d", Int(m / 1440), Int(m % 1440 / 60), Int(m % 60))
        return "\(e.kindName) \(e.tip ?? "-")\(detail)\(e.instance.map { " [\($0)]" } ?? "")\(e.testing ? " testing" : "") @\(time)"
    }

    @Test("A simulated week produces exactly the documented sequence")
    func week() throws {
        let f = try Fixture(Self.week)
        let t0 = f.clock.now()
        let sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        func at(_ d: Int64, _ h: Int64, _ m: Int64) { f.clock.advance(to: t0 + d * day + h * hour + m * minute) }
        let list = TipKey("ListTip", arguments: ["listID": "groceries"])

        at(0, 9, 0)
        try f.store.donate(dynamic: "noteSaved")
        try f.store.presentationBegan("SearchTip")
        at(0, 9, 1)
        try f.store.donate(dynamic: "noteSaved")
        try f.store.donate(dynamic: "noteSaved")
        at(0, 9, 2)
        try f.store.presentationEnded("SearchTip")
        at(1, 10, 0)
        try f.store.presentationBegan("ShortcutTip")
        at(1, 10, 1)
        try f.store.perform(action: "learn", of: "ShortcutTip")
        try f.store.presentationEnded("ShortcutTip")
        at(2, 12, 0)
        try f.store.donate(dynamic: "searchUsed")
        at(3, 9, 0)
        try f.store.presentationBegan("ProTip")
        at(3, 9, 5)
        try f.store.setParameter(dynamic: "pro", to: true)
        try f.store.presentationEnded("ProTip")
        at(4, 9, 0)
        try f.store.presentationBegan(list)
        at(4, 9, 10)
        try f.store.close()
        let token = EffectivenessEvent.instanceToken("list-groceries")

        let expected = [
            "becameEligible SearchTip @d0 09:00",
            "shown SearchTip SearchTip#1@\(t0 + 9 * hour) @d0 09:00",
            // The first display starts the daily cooldown: ProTip would have shown.
            "suppressed ProTip displayFrequency @d0 09:00",
            "becameEligible ShortcutTip @d0 09:01",
            "suppressed ShortcutTip displayFrequency @d0 09:01",
            "ended SearchTip SearchTip#1@\(t0 + 9 * hour) dismissed @d0 09:02",
            "shown ShortcutTip ShortcutTip#1@\(t0 + day + 10 * hour) @d1 10:00",
            "suppressed ProTip displayFrequency @d1 10:00",
            "invalidated ShortcutTip actionPerformed @d1 10:01",
            "ended ShortcutTip ShortcutTip#1@\(t0 + day + 10 * hour) action(learn) @d1 10:01",
            "invalidated SearchTip actionPerformed @d2 12:00",
            "shown ProTip ProTip#1@\(t0 + 3 * day + 9 * hour) @d3 09:00",
            "ended ProTip ProTip#1@\(t0 + 3 * day + 9 * hour) retracted @d3 09:05",
            "shown ListTip \(token)#1@\(t0 + 4 * day + 9 * hour) [\(token)] @d4 09:00",
            "ended ListTip \(token)#1@\(t0 + 4 * day + 9 * hour) appClosed [\(token)] @d4 09:10",
        ]
        f.store.flushEvents()
        #expect(sink.events.map { Self.describe($0, start: t0) } == expected)
        #expect(sink.events.allSatisfy { $0.catalog == Self.catalog && $0.variant == nil && $0.schemaVersion == 1 })
        // No argument text leaves the device by default.
        #expect(!sink.events.contains { $0.json.contains("groceries") })
    }

    @Test("Each way a presentation ends, by table", arguments: [
        // (what the host does while the tip is shown, the ending reported)
        ("close button", "closeButton"),
        ("tap outside", "dismissed"),
        ("tap outside, invalidating", "closeButton"),
        ("action that invalidates", "action"),
        ("trigger event", "invalidated"),
        ("rule turned false", "retracted"),
        ("duration limit", "displayDurationExceeded"),
        ("store reset", "storeReset"),
        ("close the store", "appClosed"),
    ])
    func endings(_ step: String, _ ending: String) throws {
        let f = try Fixture("""
        param on: Bool = true
        event used
        tip T {
            title "T"
            rule on
            invalidate when used
            maxDisplayDuration 2m
            action "go" { title "Go" invalidate }
        }
        """)
        let sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        let p = try TipPresenter(store: f.store, tip: "T", present: { _ in }, dismiss: {})
        f.clock.advance(seconds: 10)
        switch step {
        case "close button": try p.close()
        case "tap outside": p.userDismissed()
        case "tap outside, invalidating": p.userDismissed(invalidate: true)
        case "action that invalidates": try p.perform(action: "go")
        case "trigger event": try f.store.donate(dynamic: "used")
        case "rule turned false": try f.store.setParameter(dynamic: "on", to: false)
        case "duration limit": f.clock.advance(minutes: 3)
        case "store reset": try f.store.resetStore()
        case "close the store": try f.store.close()
        default: Issue.record("no step \(step)")
        }
        f.store.flushEvents()
        let endings = sink.events.compactMap { e -> EffectivenessEvent.PresentationEnding? in
            if case .ended(_, let ending) = e.kind { return ending }
            return nil
        }
        #expect(endings.map(\.name).first == ending, "\(sink.events.map { $0.json })")
        if ending == "action" { #expect(endings.first == .action("go")) }
        p.stop()
    }

    @Test("Events keep the store's order under concurrent donations and presentations, in batches")
    func concurrentOrder() throws {
        let store = try TipStore(bundle: compileBundle("""
        event saved
        tip T { title "T" }
        tip U { title "U" rule count(saved) >= 800 }
        """), clock: ManualClock())
        let sink = Collector()
        try store.setEventSink(EventSinkOptions(catalog: Self.catalog, maxBatch: 16), sink.receive)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 {
                try? store.donate(dynamic: "saved")
                try? store.presentationBegan("T")
                try? store.presentationEnded("T")
            }
        }
        store.flushEvents()
        // The 800th donation, whichever thread made it, made U eligible: once.
        #expect(sink.events.filter { $0.tip == "U" }.map(\.kindName) == ["becameEligible"])
        let events = sink.events.filter { $0.tip == "T" }
        let shows = try store.report(of: "T").displayCount
        #expect(events.count == 2 * shows)
        // Shown and ended alternate, ordinals 1, 2, 3 ... in the order the store counted them.
        for (i, e) in events.enumerated() {
            let ordinal = i / 2 + 1
            switch e.kind {
            case .shown(let p) where i % 2 == 0: #expect(p.hasPrefix("T#\(ordinal)@"))
            case .ended(let p, _) where i % 2 == 1: #expect(p.hasPrefix("T#\(ordinal)@"))
            default: Issue.record("event \(i) is \(e.json)")
            }
        }
        #expect(sink.batchSizes.allSatisfy { $0 <= 16 })
    }

    @Test("A slow sink never blocks the store; the bounded queue drops and counts")
    func slowSink() throws {
        let store = try TipStore(bundle: compileBundle("tip T { title \"T\" }"), clock: ManualClock())
        let sink = Collector()
        let gate = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let first = RuntimeLock(true)
        try store.setEventSink(EventSinkOptions(catalog: Self.catalog, capacity: 10, maxBatch: 4)) { batch in
            if first.withLock({ f in defer { f = false }; return f }) {
                entered.signal()
                gate.wait()                   // a sink stuck on the network
            }
            sink.receive(batch)
        }
        try store.presentationBegan("T")
        entered.wait()
        // 200 calls with the sink stuck: they all return.
        for _ in 0..<100 {
            try store.presentationEnded("T")
            try store.presentationBegan("T")
        }
        #expect(sink.events.isEmpty)
        gate.signal()
        store.flushEvents()
        let events = sink.events
        let dropped = events.compactMap { e -> Int? in if case .dropped(let n) = e.kind { return n } else { return nil } }
        // 201 events: the first (taken by the stuck drain), 10 in the queue, the rest counted.
        #expect(events.count == 12)
        #expect(dropped == [190])
        if case .dropped = events.last?.kind {} else { Issue.record("the drop count comes where the gap is, last") }
        #expect(events.first.map { if case .shown("T#1@\(ManualClock().now())") = $0.kind { true } else { false } } == true)
    }

    @Test("A sink may call the store, and flushEvents, from inside itself")
    func reentrantSink() throws {
        let store = try TipStore(bundle: compileBundle("tip T { title \"T\" }"), clock: ManualClock())
        let sink = Collector()
        try store.setEventSink(EventSinkOptions(catalog: Self.catalog)) { batch in
            _ = try? store.status(of: "T")
            store.flushEvents()
            sink.receive(batch)
        }
        try store.presentationBegan("T")
        try store.presentationEnded("T")
        store.flushEvents()
        #expect(sink.events.map(\.kindName) == ["shown", "ended"])
    }

    @Test("Displays under testing overrides are marked")
    func testingMarked() throws {
        let f = try Fixture(Self.week, overrides: TestingOverrides(show: ["ProTip"]))
        let sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        try f.store.setParameter(dynamic: "pro", to: true)     // its rule is false: only the override shows it
        try f.store.presentationBegan("ProTip")
        try f.store.presentationEnded("ProTip")
        try f.store.donate(dynamic: "noteSaved")
        try f.store.presentationBegan("SearchTip")
        f.store.flushEvents()
        let marks = sink.events.map { "\($0.kindName) \($0.tip ?? "-") \($0.testing)" }
        // The override's display still starts the cooldown (the store counts it, Docs/runtime.md):
        // SearchTip is held back by it, and that is a real (unmarked) fact.
        #expect(marks == ["shown ProTip true", "ended ProTip true", "becameEligible SearchTip false",
                          "suppressed SearchTip false", "shown SearchTip false"])
        #expect(sink.events[0].json.contains("\"testing\":true"))
    }

    @Test("Reopening the journal never emits past events again")
    func replay() throws {
        let f = try Fixture(Self.week)
        var sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        try f.store.donate(dynamic: "noteSaved")
        try f.store.presentationBegan("SearchTip")
        f.store.flushEvents()
        #expect(sink.events.map(\.kindName) == ["becameEligible", "shown", "suppressed"])
        // The app dies with SearchTip on screen: the next launch ends it, and says so once.
        try f.reopen(killed: true)
        sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        f.store.flushEvents()
        #expect(sink.events.map { Self.describe($0, start: f.clock.now()) }
                == ["ended SearchTip SearchTip#1@\(f.clock.now()) appClosed @d0 00:00"])
        for _ in 0..<2 {
            try f.reopen()
            sink = Collector()
            try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
            _ = try f.store.status(of: "SearchTip")
            f.store.flushEvents()
            #expect(sink.events.isEmpty, "\(sink.events.map(\.json))")
        }
    }

    @Test("The JSON form of each kind", arguments: [
        (EffectivenessEvent.Kind.becameEligible, ""),
        (.suppressed(.group), #","reason":"group""#),
        (.shown(presentation: "T#1@0"), #","presentation":"T#1@0""#),
        (.ended(presentation: "T#1@0", ending: .action("go")), #","presentation":"T#1@0","ending":"action","action":"go""#),
        (.ended(presentation: "T#1@0", ending: .invalidated(.actionPerformed)),
         #","presentation":"T#1@0","ending":"invalidated","reason":"actionPerformed""#),
        (.invalidated(.tipClosed), #","reason":"tipClosed""#),
        (.converted(presentation: nil), #","presentation":null"#),
        (.dropped(count: 3), #","count":3"#),
    ])
    func json(_ kind: EffectivenessEvent.Kind, _ tail: String) throws {
        let e = EffectivenessEvent(kind: kind, catalog: CatalogIdentity(name: "com.\"x\"\n", version: 7), tip: "T",
                                   at: 1_767_258_000_250)
        let name = e.kindName
        #expect(e.json == #"{"schema":1,"event":""# + name
                + #"","catalog":"com.\"x\"\n","catalogVersion":7,"tip":"T","instance":null,"variant":null,"#
                + #""at":"2026-01-01T09:00:00.250Z","testing":false"# + tail + "}")
        let parsed = try JSONSerialization.jsonObject(with: Data(e.json.utf8)) as? [String: Any]
        #expect(parsed?["catalog"] as? String == "com.\"x\"\n")
    }

    @Test("Instance ids leave the device only when the app opts in")
    func instanceIDs() throws {
        for opt in [false, true] {
            let f = try Fixture(Self.week)
            let sink = Collector()
            try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog, includesInstanceIDs: opt), sink.receive)
            try f.store.presentationBegan(TipKey("ListTip", arguments: ["listID": "secret"]))
            f.store.flushEvents()
            // (ProTip, held back by the cooldown this display starts, is the other event.)
            #expect(sink.events.filter { $0.tip == "ListTip" }.map(\.instance) == [opt ? "list-secret" : EffectivenessEvent.instanceToken("list-secret")])
            #expect(sink.events.first?.json.contains("secret") == opt)
        }
    }
}
