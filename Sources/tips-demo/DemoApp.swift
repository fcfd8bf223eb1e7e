import TipsRuntime

/// Jot, the example program's app: a note-taking app that reads one command per line,
/// turns it into the facts the tips runtime needs (event donations, parameter values) and
/// shows tips in two places as they become available: the onboarding group in the
/// "sidebar" and the shortcut tip in the "toolbar".
///
/// Independent of standard input and output (`Screen` collects what it prints) so tests
/// drive it line by line; `TipsDemo` is the terminal around it.
final class DemoApp {
    let store: TipStore
    let clock: ManualClock
    let screen: Screen
    /// Shows the current tip of group `Onboarding` (another catalog's first group), one
    /// after the other.
    private var sidebar: TipGroupPresenter?
    /// Shows `ShortcutTip` whenever it is available (none in a catalog without it).
    private var toolbar: TipPresenter?
    /// The wall clock plus every `wait`: where `clock` catches up to before each command
    /// when the app follows real time (nil: time moves only with `wait`).
    private var skipped: Int64 = 0
    private let followsWallClock: Bool
    private var notes: [String] = []

    /// Starts the app on an open store. With `followsWallClock`, `clock` is moved to the
    /// real time (plus what `wait` skipped) before each command, so time passes as it does
    /// for a person; without it (tests, `--start`), time moves only with `wait`.
    init(store: TipStore, clock: ManualClock, screen: Screen, followsWallClock: Bool = false) throws(TipStoreError) {
        self.store = store
        self.clock = clock
        self.screen = screen
        self.followsWallClock = followsWallClock
        // A presenter calls `present` at once if its tip is available now, and again each
        // time it becomes available; `dismiss` when it stops being available. It reports
        // the presentation's begin and end to the store (display counts, limits).
        // Jot's catalog has both; any other (`--defs OTHER`) shows its first group in the
        // sidebar and, if it has one, a tip called ShortcutTip in the toolbar.
        if let group = DemoApp.sidebarGroup(in: store.groupNames) {
            sidebar = try TipGroupPresenter(store: store, group: TipGroupKey(group),
                present: { content in screen.show(content, in: .sidebar) },
                dismiss: { screen.hide(.sidebar) })
        }
        if store.tipNames.contains("ShortcutTip") {
            toolbar = try TipPresenter(store: store, tip: "ShortcutTip",
                present: { content in screen.show(content, in: .toolbar) },
                dismiss: { screen.hide(.toolbar) })
        }
    }

    /// The group the sidebar shows: `Onboarding` (Jot's), else the catalog's first, if any.
    static func sidebarGroup(in groups: [String]) -> String? {
        groups.contains("Onboarding") ? "Onboarding" : groups.first
    }

    static let help = """
        Commands:
          new              start a note
          save             save it from the menu
          save!            save it with the keyboard shortcut
          open list        open the list of notes
          keyboard on|off  attach or detach a hardware keyboard
          donate EVENT     donate any event of the catalog (for a catalog other than Jot's)
          close            close the tip shown last (its close button)
          wait 2h          let time pass (s, m, h, d: 90s, 10m, 8d)
          status           every tip's status, as the store sees it
          help             this list
          quit             leave (the journal keeps everything)
        """

    /// Runs one command line. Returns false when the user quits.
    @discardableResult
    func handle(_ line: String) -> Bool {
        let words = line.split(separator: " ").map(String.init)
        guard let command = words.first else { return true }
        if followsWallClock { clock.advance(to: SystemClock().now() &+ skipped) }
        do throws(TipStoreError) {
            switch (command, words.count) {
            case ("new", 1):
                notes.append("Note \(notes.count + 1)")
                screen.say("Started \(notes[notes.count - 1]).")
                try store.donate(dynamic: "noteCreated")
            case ("save", 1), ("save!", 1):
                guard !notes.isEmpty else { screen.say("Nothing to save: type 'new' first."); return true }
                let method: TipValue = command == "save!" ? .enumCase("shortcut") : .enumCase("menu")
                screen.say(command == "save!" ? "Saved with the shortcut." : "Saved from the menu.")
                try store.donate(dynamic: "noteSaved", ["method": method])
            case ("open", 2) where words[1] == "list":
                screen.say(notes.isEmpty ? "No notes yet." : "Notes: " + notes.joined(separator: ", "))
                try store.donate(dynamic: "listOpened")
            case ("keyboard", 2) where words[1] == "on" || words[1] == "off":
                screen.say(words[1] == "on" ? "Keyboard attached." : "Keyboard detached.")
                try store.setParameter(dynamic: "hasKeyboard", to: .bool(words[1] == "on"))
            case ("donate", 2):
                guard store.eventNames.contains(words[1]) else {
                    screen.say("Unknown event '\(words[1])'. The events are " + store.eventNames.joined(separator: ", ") + ".")
                    return true
                }
                screen.say("Donated \(words[1]).")
                try store.donate(dynamic: words[1])
            case ("close", 1):
                try close()
            case ("wait", 2):
                guard let ms = DemoApp.duration(words[1]) else {
                    screen.say("Say how long: wait 90s, wait 10m, wait 2h, wait 8d.")
                    return true
                }
                screen.say("(\(words[1]) later)")
                skipped &+= ms
                // Moving the clock fires the store's wake-ups: a tip whose rule depends on
                // time (a `within 7d` window) appears or goes away on its own.
                clock.advance(by: ms)
            case ("status", 1):
                for r in store.reports() { screen.say("  \(r.id): \(r.status), displayed \(r.displayCount)×") }
            case ("help", 1):
                screen.say(DemoApp.help)
            case ("quit", 1), ("exit", 1):
                return false
            default:
                screen.say("Unknown command '\(line)'. Type 'help' for the list.")
            }
        } catch {
            screen.say("error: \(error.message)")
        }
        return true
    }

    /// The close button of the tip shown last: it invalidates the tip (`tipClosed`).
    private func close() throws(TipStoreError) {
        switch screen.lastShown {
        case .sidebar?: try sidebar?.close()
        case .toolbar?: try toolbar?.close()
        case nil: screen.say("No tip is showing.")
        }
    }

    /// Stops presenting (each ongoing presentation ends) and closes the store.
    func quit() {
        screen.isMuted = true
        sidebar?.stop()
        toolbar?.stop()
        try? store.close()
    }

    /// `90s`, `10m`, `2h`, `8d` in milliseconds.
    static func duration(_ text: String) -> Int64? {
        guard let unit = text.last, let n = Int64(text.dropLast()), n >= 0, n <= 100_000 else { return nil }
        switch unit {
        case "s": return n * 1000
        case "m": return n * 60_000
        case "h": return n * 3_600_000
        case "d": return n * 86_400_000
        default: return nil
        }
    }
}
