import TipsSource

/// A checked `tip` declaration.
public struct Tip: Sendable, Hashable {
    /// The declared name.
    public var name: String
    /// The id: the tip's name unless `id "..."` overrides it; may interpolate arguments.
    public var id: Template
    /// Declared arguments; non-empty makes the tip reusable.
    public var arguments: [TipArgument]
    /// The title (an empty literal when missing, which is reported).
    public var title: Text
    /// The body text of the first `message` line, if any (``messages`` has them all).
    public var message: Text?
    /// The first message's `when` condition; `nil`: it is always shown.
    public var messageCondition: ContentCondition?
    /// Every `message` line, in source order: the first whose condition holds is shown.
    public var messages: [TipMessage] = []
    /// The first image's name when it has no argument holes (``images`` has them all).
    public var image: String?
    /// Where the first image name was written.
    public var imageRange: SourceRange?
    /// The first image is from the app's asset catalog (`image asset "Name"`), not an SF Symbol.
    public var imageIsAsset: Bool = false
    /// Every `image` line, in source order: the first whose condition holds is shown.
    public var images: [TipImage] = []

    /// Whether the tip's content needs the bundle's `content` section: several messages, or
    /// an image with a condition, several images, or an image named from an argument.
    /// A tip with one message (conditional or not) and one plain image needs none.
    public var choosesContent: Bool { choosesMessage || choosesImage }
    /// Several messages: the shown one is chosen.
    public var choosesMessage: Bool { messages.count > 1 }
    /// An image that is chosen or named from an argument.
    public var choosesImage: Bool {
        images.count > 1 || images.contains { $0.condition != nil || $0.name.literalText == nil }
    }
    /// Buttons, in order.
    public var actions: [Action]
    /// Rules, all of type Bool, ANDed.
    public var rules: [CheckedExpr]
    /// `invalidate when` triggers.
    public var invalidations: [InvalidationTrigger]
    /// `goal`: what the tip teaches, which defines a conversion; `nil` when it declares none.
    public var goal: TipGoal?
    /// `experiment`: variants of the tip and a holdout; `nil` when it declares none.
    public var experiment: TipExperiment?
    /// Display options.
    public var options: TipOptions
    /// Index into ``CatalogModel/groups`` of the group holding this tip, if any.
    public var group: Int?
    /// From `tip` to `}`.
    public var range: SourceRange
    /// The declared name.
    public var nameRange: SourceRange

    /// Whether the tip takes arguments (and so may have many instances).
    public var isReusable: Bool { !arguments.isEmpty }
    /// `renamedFrom OLD`: the old name (and id) of a plain tip; state under it carries over.
    public var renamedFrom: String?

    public init(name: String, id: Template, arguments: [TipArgument], title: Text, message: Text?,
                image: String?, imageRange: SourceRange?, actions: [Action], rules: [CheckedExpr],
                invalidations: [InvalidationTrigger], options: TipOptions, group: Int?,
                range: SourceRange, nameRange: SourceRange) {
        self.name = name
        self.id = id
        self.arguments = arguments
        self.title = title
        self.message = message
        self.image = image
        self.imageRange = imageRange
        self.actions = actions
        self.rules = rules
        self.invalidations = invalidations
        self.options = options
        self.group = group
        self.range = range
        self.nameRange = nameRange
    }
}
