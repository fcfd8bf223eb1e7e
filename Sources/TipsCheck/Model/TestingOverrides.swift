import TipsSource

/// Overrides from `testing { }` blocks, merged. Precedence at run time: show-specific,
/// hide-specific, show-all, hide-all.
public struct TestingOverrides: Sendable, Hashable {
    /// Show every tip (`showAll`).
    public var showAll: Bool
    /// Hide every tip (`hideAll`).
    public var hideAll: Bool
    /// Indices into ``CatalogModel/tips``.
    public var show: [Int]
    /// Indices into ``CatalogModel/tips``.
    public var hide: [Int]
    /// Every `testing` block, so tools can point at them.
    public var ranges: [SourceRange]

    /// Whether the catalog declares any override.
    public var isEmpty: Bool { !showAll && !hideAll && show.isEmpty && hide.isEmpty }

    public init(showAll: Bool = false, hideAll: Bool = false, show: [Int] = [], hide: [Int] = [],
                ranges: [SourceRange] = []) {
        self.showAll = showAll
        self.hideAll = hideAll
        self.show = show
        self.hide = hide
        self.ranges = ranges
    }
}
