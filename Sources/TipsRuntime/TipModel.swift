import Observation

/// One tip as SwiftUI wants it: an `@Observable` model whose `content` is the tip to show
/// (nil when none) and whose `isPresented` can drive `.popover(isPresented:)` or a
/// `TipView`-like inline view. A `TipPresenter` with main-actor callbacks sits behind it,
/// so presentations are recorded in the store like any presenter's.
///
///     @State private var shortcutTip = try! TipModel(store: AppTips.store, tip: "ShortcutTip")
///     ...
///     // On the editor, not on the Save button: a popover takes the tap on its anchor, and
///     // that tap must still reach the button (it donates the event the tip counts).
///     TextEditor(text: $text)
///         .popover(isPresented: $shortcutTip.isPresented) {
///             if let content = shortcutTip.content { TipCard(content, close: shortcutTip.close) }
///         }
///
/// Setting `isPresented` to false is how SwiftUI reports that the user dismissed the
/// popover (a tap outside): it calls `userDismissed()`. Errors are kept in `lastError`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class TipModel {
    /// The tip.
    public let tip: TipKey
    /// What to show now: set when the tip becomes available, nil when it is dismissed;
    /// replaced while shown when an adopted catalog changes its text, image or actions.
    public private(set) var content: TipContent?
    /// The last error met (a close, an action, or recording a presentation).
    public private(set) var lastError: TipStoreError?
    /// Told each action performed through `perform(_:)` or `perform(action:)`, after the
    /// store applied its effects, as a ``TipAction`` (`action == .learnMore`).
    @ObservationIgnored public var onAction: (@MainActor (TipAction) -> Void)?
    /// False while something else occupies the place (another popover is up): the tip is
    /// then declined (nothing recorded) and offered again when this turns true, if it is
    /// still available. A shown tip stays shown.
    @ObservationIgnored public var canPresent = true {
        didSet { if canPresent && !oldValue { presenter.retry() } }
    }
    @ObservationIgnored private let presenter: TipPresenter

    /// Starts presenting `tip`: `content` is set on the main actor shortly after the tip is
    /// (or becomes) available. Throws for an unknown tip or wrong arguments.
    public init(store: TipStore, tip: TipKey) throws(TipStoreError) {
        self.tip = tip
        let reference = ModelReference<TipModel>()
        presenter = try TipPresenter(store: store, tip: tip, host: PresenterHost(
            mainActorPresent: { content in
                guard let model = reference.model, model.canPresent else { return false }
                model.content = content
                return true
            },
            dismiss: { reference.model?.content = nil },
            action: { _, id in reference.model?.onAction?(id) },
            error: { error in reference.model?.lastError = error },
            // An adopted catalog changed the shown tip's text: the view redraws with it.
            refresh: { content in if reference.model?.content != nil { reference.model?.content = content } }))
        reference.model = self
    }

    /// The store.
    public var store: TipStore { presenter.store }

    /// True while the tip is shown. A binding for `.popover(isPresented:)`: SwiftUI sets it
    /// to false when the user dismisses the popover, which is reported as
    /// `userDismissed()`; setting it to true does nothing (the store decides).
    public var isPresented: Bool {
        get { content != nil }
        set { if !newValue && content != nil { userDismissed() } }
    }

    /// The close button: invalidates the tip (`tipClosed`) and dismisses it, also under a
    /// testing override that keeps it available.
    public func close() {
        do throws(TipStoreError) { try presenter.close() } catch { lastError = error }
    }

    /// Performs action `id` (its effects run; if they invalidate the tip, it is dismissed),
    /// then tells `onAction`.
    public func perform(action id: String) {
        do throws(TipStoreError) { try presenter.perform(action: id) } catch { lastError = error }
    }

    /// The user dismissed the view without the close button: `content` becomes nil at
    /// once, the presentation ends in the store, and the tip is not shown again here
    /// until its status changes (with `invalidate: true` it is closed for good).
    public func userDismissed(invalidate: Bool = false) {
        content = nil
        presenter.userDismissed(invalidate: invalidate)
    }


    /// Stops presenting: ends an ongoing presentation and stops observing. The model also
    /// stops when it is released.
    public func stop() { presenter.stop() }
}
