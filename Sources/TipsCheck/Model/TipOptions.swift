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
    /// `priority N` (-100...100, default 0): which eligible tip takes a display budget first.
    public var priority: Int
    /// Where `priority` was written.
    public var priorityRange: SourceRange?
    /// `ignoresDisplayBudget`: never held back by a display budget, and its displays use none.
    public var ignoresDisplayBudget: Bool
    /// Where `ignoresDisplayBudget` was written.
    public var ignoresDisplayBudgetRange: SourceRange?
    /// `resetEligibility after D`: D milliseconds after an invalidation the tip returns to
    /// its rules by itself (> 0).
    public var resetEligibilityAfter: Int64?
    /// Where `resetEligibility` was written.
    public var resetEligibilityRange: SourceRange?

    /// The priorities a tip may declare; the bundle's range.
    public static let priorities = -100...100

    public init(maxDisplayCount: Int? = nil, maxDisplayCountRange: SourceRange? = nil,
                maxDisplayDuration: Int64? = nil, maxDisplayDurationRange: SourceRange? = nil,
                ignoresDisplayFrequency: Bool = false, ignoresDisplayFrequencyRange: SourceRange? = nil,
                priority: Int = 0, priorityRange: SourceRange? = nil,
                ignoresDisplayBudget: Bool = false, ignoresDisplayBudgetRange: SourceRange? = nil) {
        self.priority = priority
        self.priorityRange = priorityRange
        self.ignoresDisplayBudget = ignoresDisplayBudget
        self.ignoresDisplayBudgetRange = ignoresDisplayBudgetRange
        self.maxDisplayCount = maxDisplayCount
        self.maxDisplayCountRange = maxDisplayCountRange
        self.maxDisplayDuration = maxDisplayDuration
        self.maxDisplayDurationRange = maxDisplayDurationRange
        self.ignoresDisplayFrequency = ignoresDisplayFrequency
        self.ignoresDisplayFrequencyRange = ignoresDisplayFrequencyRange
    }
}
