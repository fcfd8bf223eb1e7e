import Foundation
import Testing
@testable import TipsRuntime

/// Goals and `converted` events (Docs/events.md, "converted"): a tip converts once, at the
/// first donation of its goal's event that passes the filter within the window after its
/// first presentation; derived from the journal, so reopening and merging never emit or
/// count it again.
@Suite("Conversions")
struct ConversionTests {
    static let catalog = CatalogIdentity(name: "com.example.notes", version: 7)

    static let source = """
    event noteSaved
    event shared(viaLink: Bool)
    tip ShareTip {
        title "Share"
        goal shared where viaLink == true within 2d
    }
    tip ListTip(listID: String) {
        id "list-\\(listID)"
        title "List"
        goal noteSaved within 1d
    }
    tip PlainTip {
        title "Plain"
    }
    """

    typealias Collector = EffectivenessEventTests.Collector

    static func conversions(_ sink: Collector) -> [String] {
        sink.events.compactMap { e in
            guard case .converted(let p) = e.kind else { return nil }
            return "\(e.tip ?? "-") \(p ?? "nil") @\(e.at)"
        }
    }

    @Test("Converts once, within the window after the first presentation, when the filter passes")
    func once() throws {
        let f = try Fixture(Self.source)
        let sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        let t0 = f.clock.now()
        // Before the tip was ever shown: not a conversion.
        try f.store.donate(dynamic: "shared", ["viaLink": true])
        f.clock.advance(to: t0 + hour)
        try f.store.presentationBegan("ShareTip")
        try f.store.presentationEnded("ShareTip")
        // The filter fails: not a conversion.
        f.clock.advance(to: t0 + 2 * hour)
        try f.store.donate(dynamic: "shared", ["viaLink": false])
        f.store.flushEvents()
        #expect(Self.conversions(sink).isEmpty)
        #expect(try f.store.conversion(of: "ShareTip")?.isConverted == false)
        // It passes, inside the window: converted, attributed to the first presentation.
        f.clock.advance(to: t0 + 3 * hour)
        try f.store.donate(dynamic: "shared", ["viaLink": true])
        // Again, and after a second presentation: nothing more.
        try f.store.donate(dynamic: "shared", ["viaLink": true])
        f.clock.advance(to: t0 + 4 * hour)
        try f.store.presentationBegan("ShareTip")
        try f.store.donate(dynamic: "shared", ["viaLink": true])
        f.store.flushEvents()
        #expect(Self.conversions(sink) == ["ShareTip ShareTip#1@\(t0 + hour) @\(t0 + 3 * hour)"])
        let c = try #require(try f.store.conversion(of: "ShareTip"))
        #expect(c.convertedAt == t0 + 3 * hour)
        #expect(c.firstShownAt == t0 + hour)
        #expect(c.windowEndsAt == t0 + hour + 2 * day)
        #expect(c.presentation == "ShareTip#1@\(t0 + hour)")
        #expect(c.goal == "shared where viaLink within 2d")
        #expect(try f.store.conversion(of: "PlainTip") == nil)
        let json = try #require(sink.events.first { $0.kindName == "converted" }?.json)
        #expect(json.hasSuffix(#","presentation":"ShareTip#1@\#(t0 + hour)"}"#))
    }

    @Test("The window's end is included; a donation after it, or dated before the first presentation, is not a conversion",
          arguments: [(2 * day, true), (2 * day + 1, false)])
    func window(offset: Int64, converts: Bool) throws {
        let f = try Fixture(Self.source)
        let sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        let t0 = f.clock.now()
        try f.store.presentationBegan("ShareTip")
        f.clock.advance(to: t0 + offset)
        try f.store.donate(dynamic: "shared", ["viaLink": true], at: t0 - 1)
        try f.store.donate(dynamic: "shared", ["viaLink": true])
        f.store.flushEvents()
        #expect(Self.conversions(sink).count == (converts ? 1 : 0))
        let explanation = try f.store.explanation(of: "ShareTip")
        #expect(explanation.goal?.isConverted == converts)
        let line = try #require(explanation.text.split(separator: "\n").first { $0.contains("goal:") })
        #expect(line.contains(converts ? "converted at" : "not converted; window ended"), "\(line)")
    }

    @Test("Reopening the journal emits no conversion again, and still knows it")
    func reopen() throws {
        let f = try Fixture(Self.source)
        var sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        try f.store.presentationBegan("ShareTip")
        try f.store.donate(dynamic: "shared", ["viaLink": true])
        f.store.flushEvents()
        #expect(Self.conversions(sink).count == 1)
        for _ in 0..<2 {
            try f.reopen()
            sink = Collector()
            try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
            try f.store.donate(dynamic: "shared", ["viaLink": true])
            f.store.flushEvents()
            #expect(Self.conversions(sink).isEmpty)
            #expect(try f.store.conversion(of: "ShareTip")?.isConverted == true)
        }
        // Compaction keeps what the conversion rests on.
        try f.store.compact()
        try f.reopen()
        #expect(try f.store.conversion(of: "ShareTip")?.convertedAt != nil)
    }

    @Test("A donation merged from another device converts without an event here, and is not counted again")
    func merged() throws {
        let a = try Fixture(Self.source)
        let b = try Fixture(Self.source, clock: a.clock)
        let sink = Collector()
        try a.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        try a.store.presentationBegan("ShareTip")
        a.clock.advance(to: a.clock.now() + minute)
        try b.store.donate(dynamic: "shared", ["viaLink": true])
        try a.store.merge(journal: try b.store.exportJournal())
        a.clock.advance(to: a.clock.now() + minute)
        try a.store.donate(dynamic: "shared", ["viaLink": true])
        a.store.flushEvents()
        #expect(Self.conversions(sink).isEmpty)
        #expect(try a.store.conversion(of: "ShareTip")?.convertedAt == a.clock.now() - minute)
        // Merging the same journal again changes nothing.
        try a.store.merge(journal: try b.store.exportJournal())
        #expect(try a.store.conversion(of: "ShareTip")?.convertedAt == a.clock.now() - minute)
    }

    @Test("A reusable tip converts once per instance, from that instance's first presentation")
    func perInstance() throws {
        let f = try Fixture(Self.source)
        let sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog, includesInstanceIDs: true), sink.receive)
        let t0 = f.clock.now()
        let groceries = TipKey("ListTip", arguments: ["listID": "groceries"])
        let work = TipKey("ListTip", arguments: ["listID": "work"])
        try f.store.presentationBegan(groceries)
        f.clock.advance(to: t0 + minute)
        try f.store.donate(dynamic: "noteSaved")
        f.clock.advance(to: t0 + 2 * minute)
        try f.store.presentationBegan(work)
        try f.store.donate(dynamic: "noteSaved")
        try f.store.donate(dynamic: "noteSaved")
        f.store.flushEvents()
        #expect(Self.conversions(sink) == ["ListTip list-groceries#1@\(t0) @\(t0 + minute)",
                                           "ListTip list-work#1@\(t0 + 2 * minute) @\(t0 + 2 * minute)"])
        #expect(sink.events.filter { $0.kindName == "converted" }.map(\.instance) == ["list-groceries", "list-work"])
    }

    @Test("Without a sink nothing is emitted, but the conversion is known")
    func withoutSink() throws {
        let f = try Fixture(Self.source)
        try f.store.presentationBegan("ShareTip")
        try f.store.donate(dynamic: "shared", ["viaLink": true])
        #expect(try f.store.conversion(of: "ShareTip")?.isConverted == true)
        let sink = Collector()
        try f.store.setEventSink(EventSinkOptions(catalog: Self.catalog), sink.receive)
        try f.store.donate(dynamic: "shared", ["viaLink": true])
        f.store.flushEvents()
        #expect(Self.conversions(sink).isEmpty)
    }
}
