import TipsRuntime

/// Where Jot writes: its replies and the tips, drawn as boxes. Presenter callbacks may run
/// on the clock's thread, so everything goes through one lock and one `write` function.
final class Screen: Sendable {
    /// The two places tips appear.
    enum Place: String, Sendable {
        case sidebar, toolbar
    }

    private struct State {
        var shown: [Place] = []
        var muted = false
    }

    private let state = RuntimeLock(State())
    private let write: @Sendable (String) -> Void

    /// A screen that hands every line (without its newline) to `write`.
    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// The place whose tip appeared last and is still showing.
    var lastShown: Place? { state.withLock { $0.shown.last } }

    /// While muted (quitting), tips disappear silently.
    var isMuted: Bool {
        get { state.withLock { $0.muted } }
        set { state.withLock { $0.muted = newValue } }
    }

    func say(_ text: String) {
        state.withLock { _ in write(text) }
    }

    /// Draws `content` in a box labelled with the place.
    func show(_ content: TipContent, in place: Place) {
        state.withLock { s in
            s.shown.removeAll { $0 == place }
            s.shown.append(place)
            write(Screen.box(content, label: place.rawValue))
        }
    }

    func hide(_ place: Place) {
        state.withLock { s in
            s.shown.removeAll { $0 == place }
            if !s.muted { write("  (the \(place.rawValue) tip went away)") }
        }
    }

    /// A tip as a box of text:
    ///
    ///     ┌─ toolbar ──────────────────────────────────────┐
    ///     │ Save Faster                                     │
    ///     │ Type 'save!' to save with the keyboard shortcut.│
    ///     │                                  close: 'close' │
    ///     └─────────────────────────────────────────────────┘
    static func box(_ content: TipContent, label: String) -> String {
        var lines = [content.title.fallbackText]
        if let message = content.message?.fallbackText { lines.append(message) }
        let footer = "close: 'close'"
        let width = max(40, (lines + [footer]).map { $0.unicodeScalars.count }.max() ?? 0)
        func row(_ text: String, right: Bool = false) -> String {
            let pad = String(repeating: " ", count: width - text.unicodeScalars.count)
            return "  │ " + (right ? pad + text : text + pad) + " │"
        }
        let top = "  ┌─ " + label + " " + String(repeating: "─", count: width - label.count - 1) + "┐"
        let bottom = "  └" + String(repeating: "─", count: width + 2) + "┘"
        return ([top] + lines.map { row($0) } + [row(footer, right: true), bottom]).joined(separator: "\n")
    }
}
