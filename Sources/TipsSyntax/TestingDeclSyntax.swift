import TipsSource

/// `testing { showAll  hide FavoriteTip, ShortcutTip }`: testing overrides.
///
/// Accepted so authors can try things locally, always flagged by the checker so they are
/// never shipped by accident.
public struct TestingDeclSyntax: Sendable, Hashable {
    /// One override.
    public enum Item: Sendable, Hashable {
        case showAll(SourceRange)
        case hideAll(SourceRange)
        case show([Identifier], range: SourceRange)
        case hide([Identifier], range: SourceRange)

        public var range: SourceRange {
            switch self {
            case .showAll(let r), .hideAll(let r), .show(_, let r), .hide(_, let r): r
            }
        }
    }

    public var items: [Item]
    /// From `testing` to `}`.
    public var range: SourceRange

    public init(items: [Item], range: SourceRange) {
        self.items = items
        self.range = range
    }
}
