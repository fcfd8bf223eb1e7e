/// The host's callbacks behind a presenter, in one shape whatever the host gave: `present`
/// answers whether the tip is now on screen, and main-actor callbacks are wrapped so the
/// slot can call them from its loop, which runs on the main actor for such a host.
struct PresenterHost: Sendable {
    /// True when the callbacks must run on the main actor (the slot hops there first).
    let onMainActor: Bool
    let present: @Sendable (TipContent) -> Bool
    let dismiss: @Sendable () -> Void
    let action: @Sendable (TipKey, TipAction) -> Void
    let error: @Sendable (TipStoreError) -> Void
    /// Told after a presentation ended and the store recorded its end, whatever ended it
    /// (`dismiss`, the user, `stop()`): a coordinator offers the next tip from here.
    let ended: @Sendable (TipKey) -> Void
    /// Told the new content of the tip on screen when an adopted catalog changed it (its
    /// text, image or actions): the host redraws it in place. Hosts that show content they
    /// were given once (the public presenters' callbacks) leave it empty and listen to
    /// `TipStore.catalogAdoptions()`; the models and the screen coordinator update.
    let refresh: @Sendable (TipContent) -> Void

    /// Callbacks run on whatever thread runs the slot's loop.
    init(present: @escaping @Sendable (TipContent) -> Bool, dismiss: @escaping @Sendable () -> Void,
         action: @escaping @Sendable (TipKey, TipAction) -> Void, error: @escaping @Sendable (TipStoreError) -> Void,
         ended: @escaping @Sendable (TipKey) -> Void = { _ in }, refresh: @escaping @Sendable (TipContent) -> Void = { _ in }) {
        onMainActor = false
        self.present = present
        self.dismiss = dismiss
        self.action = action
        self.error = error
        self.ended = ended
        self.refresh = refresh
    }

    /// Main-actor callbacks. `assumeIsolated` holds because the slot only ever runs its
    /// loop for this host inside a main-actor task (see `PresentationSlot.request`).
    init(mainActorPresent present: @escaping @MainActor @Sendable (TipContent) -> Bool,
         dismiss: @escaping @MainActor @Sendable () -> Void,
         action: @escaping @MainActor @Sendable (TipKey, TipAction) -> Void,
         error: @escaping @MainActor @Sendable (TipStoreError) -> Void,
         ended: @escaping @MainActor @Sendable (TipKey) -> Void = { _ in },
         refresh: @escaping @MainActor @Sendable (TipContent) -> Void = { _ in }) {
        onMainActor = true
        self.present = { content in MainActor.assumeIsolated { present(content) } }
        self.dismiss = { MainActor.assumeIsolated { dismiss() } }
        self.action = { tip, id in MainActor.assumeIsolated { action(tip, id) } }
        self.error = { e in MainActor.assumeIsolated { error(e) } }
        self.ended = { tip in MainActor.assumeIsolated { ended(tip) } }
        self.refresh = { content in MainActor.assumeIsolated { refresh(content) } }
    }
}
