import TipsSource

/// Display options of a tip; nil means not set.
public struct TipOptions: Sendable, Hashable {
    /// Invalidate after this many presentations (>= 1).
    public var maxDisplayCount: Int?
    /// Where `maxDisplayCount` was written.
    public var maxDisplayCountRange: SourceRange?
    /// Invalidate after this much cumulative display time, in ms (> 0).
    public var maxDisplayDuration: Int64?
    /// Where `maxDisplayDuration` was written.
    public var maxDisplayDurationRange: SourceRange?
    /// Not held back by the display-frequency cooldown.
    public var ignoresDisplayFrequency: Bool
    /// Where `ignoresDisplayFrequency` was written.
    public var ignoresDisplayFrequencyRange: SourceRange?

    public init(maxDisplayCount: Int? = nil, maxDisplayCountRange: SourceRange? = nil,
                maxDisplayDuration: Int64? = nil, maxDisplayDurationRange: SourceRange? = nil,
                ignoresDisplayFrequency: Bool = false, ignoresDisplayFrequencyRange: SourceRange? = nil) {
        self.maxDisplayCount = maxDisplayCount
        self.maxDisplayCountRange = maxDisplayCountRange
        self.maxDisplayDuration = maxDisplayDuration
        self.maxDisplayDurationRange = maxDisplayDurationRange
        self.ignoresDisplayFrequency = ignoresDisplayFrequency
        self.ignoresDisplayFrequencyRange = ignoresDisplayFrequencyRange
    }
}
