import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// A journal written under the old names, opened with a catalog that declares the renames:
/// the user's state keeps its meaning (Docs/language.md, "Renames").
@Suite struct RenameTests {
    static let before = """
        param hasSeenList: Bool = false
        event manualSave(menu: Bool)
        tip ShortcutTip {
            title "Save Faster"
            rule hasSeenList
            rule count(manualSave where menu) >= 3
        }
        """

    static let after = """
        param hasSeenNoteList: Bool = false renamedFrom hasSeenList
        event noteSaved(menu: Bool) renamedFrom manualSave
        tip ShortcutTip {
            title "Save Faster"
            rule hasSeenNoteList
            rule count(noteSaved where menu) >= 3
        }
        """

    static let withoutRenames = """
        param hasSeenNoteList: Bool = false
        event noteSaved(menu: Bool)
        tip ShortcutTip {
            title "Save Faster"
            rule hasSeenNoteList
            rule count(noteSaved where menu) >= 3
        }
        """

    /// A user's journal from the old version: the list seen, three saves from the menu.
    static func oldUser() throws -> Fixture {
        let f = try Fixture(before)
        try f.store.setParameter(dynamic: "hasSeenList", to: true)
        for _ in 0..<3 {
            f.clock.advance(minutes: 1)
            try f.store.donate(dynamic: "manualSave", ["menu": true])
        }
        #expect(try f.status("ShortcutTip") == .available)
        return f
    }

    @Test func declaredRenamesKeepTheState() throws {
        let f = try Self.oldUser()
        try f.reopen(bundle: try compileBundle(Self.after))
        #expect(try f.status("ShortcutTip") == .available)
        #expect(try f.store.parameter(dynamic: "hasSeenNoteList") == true)
        #expect(try f.store.report(of: "ShortcutTip").rules == [true, true])
        // The new event goes on counting from the carried history.
        try f.store.donate(dynamic: "noteSaved", ["menu": false])
        let state = JournalState(records: try Journal.readEntries(at: f.journalURL.path).entries.map(\.record))
        #expect(state.donations["noteSaved"]?.count == 4)
        #expect(state.donations["manualSave"]?.count == 3)  // the old records stay, unread
    }

    @Test func withoutTheDeclarationTheStateIsOrphaned() throws {
        let f = try Self.oldUser()
        try f.reopen(bundle: try compileBundle(Self.withoutRenames))
        #expect(try f.status("ShortcutTip") == .pending)
        #expect(try f.store.parameter(dynamic: "hasSeenNoteList") == false)
    }

    @Test func stateIsCarriedOnce() throws {
        let f = try Self.oldUser()
        let bundle = try compileBundle(Self.after)
        try f.reopen(bundle: bundle)
        let lines = try f.journalLines().count
        try f.reopen(bundle: bundle)
        try f.reopen(bundle: bundle)
        #expect(try f.journalLines().count == lines)
        #expect(try f.status("ShortcutTip") == .available)
    }

    /// A value already set under the new name is newer than the old one: it stays.
    @Test func aValueUnderTheNewNameWins() throws {
        let f = try Self.oldUser()
        let bundle = try compileBundle(Self.after)
        try f.reopen(bundle: bundle)
        try f.store.setParameter(dynamic: "hasSeenNoteList", to: false)
        try f.reopen(bundle: bundle)
        #expect(try f.store.parameter(dynamic: "hasSeenNoteList") == false)
    }

    /// A case renamed in the catalog: values stored with the old case read as the new one,
    /// in parameters and in payload filters.
    @Test func renamedEnumCasesReadAsTheNewCase() throws {
        let f = try Fixture("""
            enum Plan { free, premium }
            param plan: Plan = .free
            event bought(plan: Plan)
            tip T { title "T" rule plan == .premium rule count(bought where plan == .premium) >= 1 }
            """)
        try f.store.setParameter(dynamic: "plan", to: .enumCase("premium"))
        try f.store.donate(dynamic: "bought", ["plan": .enumCase("premium")])
        #expect(try f.status("T") == .available)
        try f.reopen(bundle: try compileBundle("""
            enum Plan { free, pro renamedFrom premium }
            param plan: Plan = .free
            event bought(plan: Plan)
            tip T { title "T" rule plan == .pro rule count(bought where plan == .pro) >= 1 }
            """))
        #expect(try f.store.parameter(dynamic: "plan") == .enumCase("pro"))
        #expect(try f.status("T") == .available)
    }

    /// A tip renamed with `renamedFrom`: its display count and dismissal follow it to the new id.
    @Test func aRenamedTipKeepsItsDismissal() throws {
        let f = try Fixture("tip ShortcutTip { title \"Save\" }\ntip Other { title \"O\" }")
        try f.store.presentationBegan("ShortcutTip")
        f.clock.advance(seconds: 4)
        try f.store.invalidate("ShortcutTip", reason: .tipClosed)
        let renamed = try compileBundle("tip SaveTip renamedFrom ShortcutTip { title \"Save\" }\ntip Other { title \"O\" }")
        try f.reopen(bundle: renamed)
        #expect(try f.status("SaveTip") == .invalidated(.tipClosed))
        #expect(try f.store.report(of: "SaveTip").displayCount == 1)
        #expect(try f.status("Other") == .available)
        // Without the declaration the renamed tip would show again.
        let plain = try Fixture("tip ShortcutTip { title \"Save\" }")
        try plain.store.invalidate("ShortcutTip", reason: .tipClosed)
        try plain.reopen(bundle: try compileBundle("tip SaveTip { title \"Save\" }"))
        #expect(try plain.status("SaveTip") == .available)
    }

    /// A snoozed tip renamed with `renamedFrom` stays snoozed under its new name, with its
    /// count (the snooze limit reads it), and the next press at the limit dismisses it.
    @Test func aRenamedTipKeepsItsSnooze() throws {
        let old = "tip TimerTip { title \"Timers\" action \"later\" { title \"Later\" snooze 3d limit 2 } }"
        let f = try Fixture(old)
        let t0 = f.clock.now()
        try f.store.perform(action: "later", of: "TimerTip")
        let renamed = try compileBundle(
            "tip CookTimerTip renamedFrom TimerTip { title \"Timers\" action \"later\" { title \"Later\" snooze 3d limit 2 } }")
        try f.reopen(bundle: renamed)
        #expect(try f.status("CookTimerTip") == .snoozed(until: t0 + 3 * day))
        f.clock.advance(by: 3 * day)
        try f.store.perform(action: "later", of: "CookTimerTip")
        f.clock.advance(by: 3 * day)
        try f.store.perform(action: "later", of: "CookTimerTip")
        #expect(try f.status("CookTimerTip") == .invalidated(.tipClosed))
        // Carried once: a second open writes nothing more.
        let before = try f.journalLines().count
        try f.reopen(bundle: renamed)
        #expect(try f.journalLines().count == before)
    }
}
