import TipsSource

/// One of a tip's `image` lines: the image's name (a template: a reusable tip may name it
/// from an argument), its kind and the `when` condition under which it is the one shown.
/// The first image whose condition holds is shown; one without a condition is the fallback.
public struct TipImage: Sendable, Hashable {
    /// The SF Symbol or asset name, possibly with argument holes.
    public var name: Template
    /// `image asset "Name"`: from the app's asset catalog, not an SF Symbol.
    public var isAsset: Bool
    /// `when CONDITION`; `nil`: the fallback (or the only image, always shown).
    public var condition: ContentCondition?
    /// The whole `image` line.
    public var range: SourceRange

    public init(name: Template, isAsset: Bool, condition: ContentCondition?, range: SourceRange) {
        self.name = name
        self.isAsset = isAsset
        self.condition = condition
        self.range = range
    }
}
