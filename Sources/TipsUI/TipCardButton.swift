import TipsRuntime

/// A button of the card: one of the tip's actions, or the close button.
public struct TipCardButton: Hashable, Sendable {
    /// What the button does.
    public enum Role: Hashable, Sendable {
        /// Performs the tip's action (its generated name, e.g. `.learnMore`).
        case action(TipAction)
        /// Closes the tip for good (`tipClosed`).
        case close
    }

    /// What the button does.
    public var role: Role
    /// The visible title (empty for the close button, which shows `systemImage`).
    public var title: String
    /// What VoiceOver reads.
    public var accessibilityLabel: String
    /// An SF Symbol shown instead of a title (the close button's `xmark`).
    public var systemImage: String?

    public init(role: Role, title: String, accessibilityLabel: String, systemImage: String? = nil) {
        self.role = role
        self.title = title
        self.accessibilityLabel = accessibilityLabel
        self.systemImage = systemImage
    }

    /// The action, for an action button.
    public var action: TipAction? {
        if case .action(let action) = role { return action }
        return nil
    }
}
