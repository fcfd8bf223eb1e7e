import TipsSource

/// A small list of SF Symbol names, for W107's did-you-mean (Docs/diagnostics.md, W107).
///
/// It is not the SF Symbols catalog (thousands of names, Apple's to publish, growing every
/// year): it is the symbol Apple's TipKit documentation shows (`star`, in its
/// `FavoriteLandmarkTip` example), common interface symbols, and the ones this repository's
/// catalogs use. So W107 never says a name is wrong because the list lacks it; it speaks only
/// when a name is *close* to a listed one and differs in a word no listed name uses
/// (`heart.fil`, `sqaure.and.arrow.up`).
///
/// Where it can be stated, a name carries the release of SF Symbols that introduced it and
/// the iOS version that shipped that release (SF Symbols 1 came with iOS 13, 2 with iOS 14,
/// 3 with iOS 15, 4 with iOS 16, 5 with iOS 17); names without one are still listed, with no
/// claim. Apps render a name only on an OS that has it.
enum SymbolNames {
    /// A listed symbol and, when stated, the SF Symbols release that introduced it.
    struct Entry: Sendable {
        let name: String
        let release: Int?

        /// `SF Symbols 2, iOS 14`, or `nil` with no release stated.
        var introduced: String? { release.map { "SF Symbols \($0), iOS \($0 + 12)" } }
    }

    /// Introduced with SF Symbols 1 (iOS 13).
    private static let first = [
        "star", "star.fill", "star.circle", "heart", "heart.fill", "heart.circle", "bell", "bell.fill",
        "bell.slash", "bookmark", "bookmark.fill", "folder", "folder.fill", "doc", "doc.text", "doc.on.doc",
        "doc.on.clipboard", "doc.richtext", "trash", "pencil", "square.and.pencil", "square.and.arrow.up",
        "square.and.arrow.down", "square.on.square", "paperplane", "paperplane.fill", "envelope", "magnifyingglass",
        "gear", "person", "person.fill", "person.2", "person.crop.circle", "plus",
        "plus.circle", "plus.circle.fill", "minus", "xmark", "xmark.circle", "checkmark", "checkmark.circle",
        "checkmark.circle.fill", "info.circle", "questionmark.circle", "exclamationmark.triangle", "lock",
        "lock.fill", "house", "house.fill", "calendar", "clock", "camera", "photo", "mic", "link", "flag",
        "tag", "cart", "map", "location", "globe", "moon", "sun.max", "cloud", "icloud", "bolt", "wifi",
        "keyboard", "hand.thumbsup", "hand.draw", "arrow.clockwise", "arrow.up", "arrow.down", "ellipsis",
        "ellipsis.circle", "list.bullet", "slider.horizontal.3", "wand.and.stars", "eye", "eye.slash", "timer",
        "creditcard", "pin", "livephoto", "crop.rotate", "bag", "command", "percent", "number",
        "chevron.right", "chevron.left", "play", "pause", "play.rectangle", "scissors", "paintbrush",
        "bubble.left", "text.bubble", "square.grid.2x2", "line.horizontal.3",
    ]

    /// Introduced with SF Symbols 2 (iOS 14).
    private static let second = ["gearshape", "gearshape.fill", "sparkles"]

    /// Used by real catalogs (this repository's among them); no release stated.
    private static let unstated = [
        "arrow.clockwise.icloud", "arrow.triangle.2.circlepath", "barcode.viewfinder", "bed.double", "bell.badge",
        "bolt.car", "calendar.badge.clock", "camera.aperture", "camera.filters", "chart.line.uptrend.xyaxis",
        "clock.arrow.circlepath", "doc.text.magnifyingglass", "externaldrive", "figure.mixed.cardio",
        "flag.checkered", "folder.badge.gearshape", "hand.wave", "heart.text.square",
        "line.3.horizontal.decrease.circle", "link.badge.plus", "medal", "person.2.badge.gearshape",
        "person.2.wave.2", "person.crop.square", "person.fill.checkmark", "play.rectangle.on.rectangle", "rectangle.stack.badge.plus",
        "rosette", "shippingbox", "shippingbox.circle", "shoeprints.fill", "square.grid.3x3", "square.and.arrow.up.circle.fill",
        "star.bubble", "target", "ticket", "waveform.path.ecg",
    ]

    /// Every listed symbol.
    static let entries: [Entry] = first.map { Entry(name: $0, release: 1) } + second.map { Entry(name: $0, release: 2) }
        + unstated.map { Entry(name: $0, release: nil) }

    /// The listed names, for lookups.
    static let names: Set<String> = Set(entries.map(\.name))

    /// Every dot-separated word of a listed name: a word in here is not a typo.
    static let words: Set<Substring> = Set(entries.flatMap { $0.name.split(separator: ".") })

    /// The listed symbol `name` is probably a typo of: one word of it differs from the
    /// listed name's by a small edit and is no word of any listed name, or it lacks the `and`
    /// of `square.and.arrow.up`; `nil` for listed names and for names near none.
    static func nearMiss(_ name: String) -> Entry? {
        guard !names.contains(name) else { return nil }
        let parts = name.split(separator: ".")
        var best: (entry: Entry, distance: Int)?
        for entry in entries {
            let listed = entry.name.split(separator: ".")
            if listed.count == parts.count {
                let differing = zip(parts, listed).filter { $0 != $1 }
                guard differing.count == 1, let (typed, known) = differing.first else { continue }
                // Digits (`person.3`) and listed words (`heart.circle`) are other symbols, not typos.
                guard typed.count >= 3, !words.contains(typed), typed.contains(where: \.isLetter) else { continue }
                let limit = known.count <= 5 ? 1 : 2
                let d = Suggestion.distance(String(typed), String(known), limit: limit)
                if d <= limit, d < (best?.distance ?? .max) { best = (entry, d) }
            } else if listed.count == parts.count + 1, listed.contains("and"),
                      Array(listed.filter { $0 != "and" }) == parts, best == nil {
                best = (entry, 3)
            }
        }
        return best?.entry
    }
}
