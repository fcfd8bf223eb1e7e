import Observation

/// A group's current tip as SwiftUI wants it: the `@Observable` counterpart of
/// `TipGroupPresenter`, with the same members as `TipModel` (`content` is the current
/// tip's, `tip` names it). One place in the UI shows the group's tips one after the other.
///
///     @State private var onboarding = try! TipGroupModel(store: AppTips.store, group: "Onboarding")
///     ...
///     if let content = onboarding.content {
///         TipCard(content, close: onboarding.close, action: onboarding.perform(action:))
///     }
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class TipGroupModel {
    /// The group's name.
    public let group: String
    /// What to show now: the current tip's content, nil when none is shown.
    public private(set) var content: TipContent?
    /// The last error met (a close, an action, or recording a presentation).
    public private(set) var lastError: TipStoreError?
    /// Told the tip and the action id of each action performed through
    /// `perform(action:)`, after the store applied its effects.
    @ObservationIgnored public var onAction: (@MainActor (TipKey, TipAction) -> Void)?
    /// False while something else occupies the place: the current tip is declined and
    /// offered again when this turns true. A shown tip stays shown.
    @ObservationIgnored public var canPresent = true {
        didSet { if canPresent && !oldValue { presenter.retry() } }
    }
    @ObservationIgnored private let presenter: TipGroupPresenter

    /// Starts presenting group `group`'s current tip. Throws for an unknown group.
    public init(store: TipStore, group: TipGroupKey) throws(TipStoreError) {
        self.group = group.name
        let reference = ModelReference<TipGroupModel>()
        presenter = try TipGroupPresenter(store: store, group: group.name, host: PresenterHost(
            mainActorPresent: { content in
                guard let model = reference.model, model.canPresent else { return false }
                model.content = content
                return true
            },
            dismiss: { reference.model?.content = nil },
            action: { tip, id in reference.model?.onAction?(tip, id) },
            error: { error in reference.model?.lastError = error },
            // An adopted catalog changed the shown tip's text: the view redraws with it.
            refresh: { content in if reference.model?.content?.tip == content.tip { reference.model?.content = content } }))
        reference.model = self
    }

    /// The store.
    public var store: TipStore { presenter.store }

    /// The tip shown now, if any.
    public var tip: TipKey? { content?.tip }

    /// True while a tip is shown; SwiftUI setting it to false reports `userDismissed()`.
    public var isPresented: Bool {
        get { content != nil }
        set { if !newValue && content != nil { userDismissed() } }
    }

    /// The close button of the shown tip (`tipClosed`); the next current member follows.
    public func close() {
        do throws(TipStoreError) { try presenter.close() } catch { lastError = error }
    }

    /// Performs action `id` of the shown tip, then tells `onAction`.
    public func perform(action id: String) {
        do throws(TipStoreError) { try presenter.perform(action: id) } catch { lastError = error }
    }

    /// The user dismissed the view without the close button (see `TipModel`).
    public func userDismissed(invalidate: Bool = false) {
        content = nil
        presenter.userDismissed(invalidate: invalidate)
    }

    /// Stops presenting: ends an ongoing presentation and stops observing.
    public func stop() { presenter.stop() }
}
