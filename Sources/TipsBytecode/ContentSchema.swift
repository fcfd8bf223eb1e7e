/// A tip's chosen content (format version 13, the `content` section): its messages and
/// images as alternatives, each shown when the app runs on one of its platforms and its
/// program returns true; the first that holds is shown. A tip has an entry only when it
/// has several messages, or an image with a condition, several images, or an image named
/// from an argument: a tip with one message and one plain image keeps them in the `tips`
/// section (and its message condition in `conditions`), so its bundle keeps its bytes.
public struct ContentSchema: Hashable, Sendable {
    /// Index into the bundle's tips; entries are in ascending tip order, one per tip.
    public var tip: UInt32
    /// In source order. Empty: the tip's own message (`TipSchema.message`); else the tip
    /// has no message of its own and no message condition.
    public var messages: [MessageChoice]
    /// In source order. Empty: the tip's own image (`TipSchema.image`, `assets`); else the
    /// tip has no image of its own.
    public var images: [ImageChoice]

    public init(tip: UInt32, messages: [MessageChoice] = [], images: [ImageChoice] = []) {
        self.tip = tip
        self.messages = messages
        self.images = images
    }
}

/// When an alternative is chosen: on one of `platforms` (a ``ConditionSchema`` mask) while
/// `program` returns true. ``always`` is the fallback, written last.
public struct ChoiceCondition: Hashable, Sendable {
    /// One bit per ``BundlePlatform``, never 0.
    public var platforms: UInt8
    /// A Bool program that reads no tip argument, or `noIndex`: the platform decides.
    public var program: UInt32

    /// No condition: every platform, no program.
    public static let always = ChoiceCondition(platforms: ConditionSchema.allPlatforms, program: noIndex)

    public init(platforms: UInt8, program: UInt32) {
        self.platforms = platforms
        self.program = program
    }

    /// Whether this is the fallback (no condition at all).
    public var isAlways: Bool { self == .always }

    /// Whether the condition lets the alternative show on `platform` (the program aside).
    public func allows(_ platform: BundlePlatform) -> Bool { platforms & (1 << platform.rawValue) != 0 }
}

/// One message alternative.
public struct MessageChoice: Hashable, Sendable {
    public var text: TipText
    public var condition: ChoiceCondition

    public init(text: TipText, condition: ChoiceCondition = .always) {
        self.text = text
        self.condition = condition
    }
}

/// One image alternative: its name (a template: a reusable tip may name it from an
/// argument) and kind.
public struct ImageChoice: Hashable, Sendable {
    public var name: Template
    /// From the app's asset catalog, not an SF Symbol.
    public var isAsset: Bool
    public var condition: ChoiceCondition

    public init(name: Template, isAsset: Bool = false, condition: ChoiceCondition = .always) {
        self.name = name
        self.isAsset = isAsset
        self.condition = condition
    }
}
