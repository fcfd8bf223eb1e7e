/// Draws a `Timeline` as a self-contained SVG: the scenario's title, a legend, one row per
/// donated event and per changed parameter, one lane per tip with its status spans, one lane
/// per group with its current tip, and a time axis labelled with the elapsed time.
///
/// The output depends only on the timeline (no dates of rendering, no randomness, numbers
/// rounded to one decimal), so it can be compared with a golden file.
public enum TimelineSVG {
    static let width = 1000.0
    static let fontStack = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

    /// Colours: status spans, marks and text.
    enum Palette {
        static let text = "#1f2328", muted = "#6b7280", faint = "#9ca3af", grid = "#eceff3", rule = "#d1d5db"
        static let pending = "#d9dde3", available = "#2fa463", displayed = "#2f6fde", heldBack = "#a7d8bc"
        static let budgetHeld = "#f3d48b", snoozed = "#c7b8f2"
        static let invalidated = "#d64545", invalidatedFill = "#fbe4e4"
        static let donation = "#d97706", parameter = "#7c3aed", control = "#475569", failure = "#dc2626"
        static let groupFill = "#eef2ff", groupStroke = "#a5b4fc", groupText = "#3730a3"
    }

    /// The SVG document for `timeline`.
    public static func render(_ timeline: Timeline) -> String {
        var layout = TimelineLayout(timeline)
        return layout.draw()
    }
}
