import Foundation
import Testing
import TipsBenchSupport
import TipsJournal
@testable import TipsRuntime

/// Two devices of one user, each with its own store and journal, exchanging
/// `exportRecords()` through `merge(records:)` as a sync layer would (Docs/sync.md).
@Suite struct SyncTests {
    static let catalog = """
        param hasSeenList: Bool = false
        event manualSave
        tip ShortcutTip {
            title "Save Faster"
            rule hasSeenList
            rule count(manualSave) >= 3
            maxDisplayCount 3
        }
        tip ProTip { title "Go Pro" rule count(manualSave) >= 1 }
        """

    /// Two devices with their own clocks, both starting at the same instant.
    static func devices() throws -> (phone: Fixture, laptop: Fixture) {
        let phone = try Fixture(catalog)
        let laptop = try Fixture(catalog, clock: ManualClock(start: phone.clock.now()))
        return (phone, laptop)
    }

    /// Each device exports, the other merges; the records travel as bytes, as through a
    /// file in iCloud Drive or a CloudKit asset.
    /// Through `exportJournal()` and `merge(journal:)`, what an app that imports only
    /// TipsRuntime calls.
    static func sync(_ a: Fixture, _ b: Fixture) throws {
        let fromA = try a.store.exportJournal()
        let fromB = try b.store.exportJournal()
        try b.store.merge(journal: fromA)
        try a.store.merge(journal: fromB)
    }

    @Test func theByteFormIsTheJournalMergesEncoding() throws {
        let (phone, _) = try Self.devices()
        try phone.store.donate(dynamic: "manualSave")
        #expect(try phone.store.exportJournal() == JournalMerge.encode(phone.store.exportRecords()))
    }

    @Test func damagedBytesAreRefusedAndChangeNothing() throws {
        let (phone, laptop) = try Self.devices()
        try phone.store.donate(dynamic: "manualSave")
        let good = try phone.store.exportJournal()
        let before = try laptop.store.exportJournal()
        var flipped = good
        flipped[flipped.count - 10] ^= 0x01
        for bad in [Array(good.prefix(good.count - 7)), flipped, Array("not a journal\n".utf8)] {
            #expect(throws: TipStoreError.self) { try laptop.store.merge(journal: bad) }
            #expect(try laptop.store.exportJournal() == before)
            #expect(try laptop.status("ProTip") == .pending)
        }
        try laptop.store.merge(journal: good)
        #expect(try laptop.status("ProTip") == .available)
    }

    @Test func dismissedOnOneDeviceStaysDismissedOnTheOther() throws {
        let (phone, laptop) = try Self.devices()
        for f in [phone, laptop] {
            try f.store.setParameter(dynamic: "hasSeenList", to: true)
        }
        for _ in 0..<3 {
            phone.clock.advance(minutes: 1)
            try phone.store.donate(dynamic: "manualSave")
        }
        #expect(try phone.status("ShortcutTip") == .available)
        #expect(try laptop.status("ShortcutTip") == .pending)
        try phone.store.presentationBegan("ShortcutTip")
        phone.clock.advance(seconds: 5)
        try phone.store.invalidate("ShortcutTip", reason: .tipClosed)

        laptop.clock.advance(minutes: 10)
        try Self.sync(phone, laptop)
        #expect(try laptop.status("ShortcutTip") == .invalidated(.tipClosed))
        #expect(try phone.status("ShortcutTip") == .invalidated(.tipClosed))
        // The donations came along: ProTip's rule holds on the laptop too.
        #expect(try laptop.status("ProTip") == .available)
        // And the dismissal survives the laptop's next launch.
        try laptop.reopen()
        #expect(try laptop.status("ShortcutTip") == .invalidated(.tipClosed))
    }

    @Test func bothDevicesConvergeAndASecondSyncChangesNothing() throws {
        let (phone, laptop) = try Self.devices()
        try phone.store.donate(dynamic: "manualSave")
        laptop.clock.advance(seconds: 30)
        try laptop.store.donate(dynamic: "manualSave")
        try laptop.store.setParameter(dynamic: "hasSeenList", to: true)
        phone.clock.advance(minutes: 1)
        try phone.store.setParameter(dynamic: "hasSeenList", to: false)  // the later write wins
        try laptop.store.presentationBegan("ProTip")
        laptop.clock.advance(seconds: 20)
        try laptop.store.presentationEnded("ProTip")

        try Self.sync(phone, laptop)
        for f in [phone, laptop] {
            #expect(try f.store.parameter(dynamic: "hasSeenList") == false)
            #expect(try f.store.report(of: "ProTip").displayCount == 1)
        }
        let phoneState = try JournalMerge(records: phone.store.exportRecords()).state
        let laptopState = try JournalMerge(records: laptop.store.exportRecords()).state
        #expect(phoneState == laptopState)
        #expect(phoneState.donations["manualSave"]?.count == 2)

        // Idempotent: delivering the same records again appends nothing.
        let lines = try phone.journalLines().count
        try phone.store.merge(records: laptop.store.exportRecords())
        try phone.store.merge(records: laptop.store.exportRecords())
        #expect(try phone.journalLines().count == lines)
    }

    /// A device showing a tip while the other's records arrive keeps its presentation open.
    @Test func anOpenPresentationStaysOpen() throws {
        let (phone, laptop) = try Self.devices()
        try phone.store.donate(dynamic: "manualSave")
        try laptop.store.donate(dynamic: "manualSave")
        try phone.store.presentationBegan("ProTip")
        try laptop.store.presentationBegan("ProTip")
        laptop.clock.advance(seconds: 3)
        try laptop.store.presentationEnded("ProTip")
        try phone.store.merge(records: laptop.store.exportRecords())
        phone.clock.advance(seconds: 10)
        try phone.store.presentationEnded("ProTip")
        let report = try phone.store.report(of: "ProTip")
        #expect(report.displayCount == 1)
        #expect(report.displayMilliseconds >= 10_000)
    }

    /// A device on the old version sends donations under the old event name: the device
    /// on the new version (which declares the rename) counts them under the new name.
    @Test func oldNamesFromAnOlderDeviceAreCarriedOver() throws {
        let old = try Fixture("event manualSave\ntip T { title \"T\" rule count(manualSave) >= 2 }")
        let new = try Fixture("event noteSaved renamedFrom manualSave\ntip T { title \"T\" rule count(noteSaved) >= 2 }",
                              clock: ManualClock(start: old.clock.now()))
        try old.store.donate(dynamic: "manualSave")
        new.clock.advance(seconds: 5)
        try new.store.donate(dynamic: "noteSaved")
        #expect(try new.status("T") == .pending)
        try new.store.merge(records: old.store.exportRecords())
        #expect(try new.status("T") == .available)
    }

    /// Random use of both devices with syncs in between, in either direction: afterwards
    /// a full sync leaves both with the same state, a second one appends nothing, and a
    /// tip invalidated on either device is invalidated on both.
    @Test(arguments: Array(UInt64(1)...UInt64(25)))
    func randomUseConverges(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        let (phone, laptop) = try Self.devices()
        for _ in 0..<40 {
            let f = Bool.random(using: &g) ? phone : laptop
            f.clock.advance(seconds: Int64.random(in: 1...600, using: &g))
            let tip: TipKey = Bool.random(using: &g) ? "ShortcutTip" : "ProTip"
            switch Int.random(in: 0..<10, using: &g) {
            case 0..<3: try f.store.donate(dynamic: "manualSave")
            case 3: try f.store.setParameter(dynamic: "hasSeenList", to: .bool(Bool.random(using: &g)))
            case 4: try? f.store.presentationBegan(tip)
            case 5: try? f.store.presentationEnded(tip)
            case 6: try f.store.invalidate(tip, reason: .tipClosed)
            case 7: try f.store.resetEligibility(tip)
            case 8: try f.store.merge(records: (f === phone ? laptop : phone).store.exportRecords())
            default: break
            }
        }
        for f in [phone, laptop] { try? f.store.presentationEnded("ShortcutTip"); try? f.store.presentationEnded("ProTip") }
        try Self.sync(phone, laptop)
        try Self.sync(phone, laptop)
        let a = JournalMerge(records: try phone.store.exportRecords()).state
        let b = JournalMerge(records: try laptop.store.exportRecords()).state
        #expect(a == b)
        for tip in ["ShortcutTip", "ProTip"] {
            #expect(try phone.status(TipKey(tip)) == laptop.status(TipKey(tip)))
        }
        let lines = (try phone.journalLines().count, try laptop.journalLines().count)
        try Self.sync(phone, laptop)
        #expect(try phone.journalLines().count == lines.0)
        #expect(try laptop.journalLines().count == lines.1)
    }
}
