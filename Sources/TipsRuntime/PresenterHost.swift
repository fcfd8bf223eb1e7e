/// The host's callbacks behind a presenter, in one shape whatever the host gave: `present`
/// answers whether the tip is now on screen, and main-actor callbacks are wrapped so the
/// slot can call them from its loop, which runs on the main actor for such a host.
struct PresenterHost: Sendable {
    /// True when the callbacks must run on the main actor (the slot hops there first).
    let onMainActor: Bool
    let present: @Sendable (TipContent) -> Bool
    let dismiss: @Sendable () -> Void
    let action: @Sendable (TipKey, String) -> Void
    let error: @Sendable (TipStoreError) -> Void

    /// Callbacks run on whatever thread runs the slot's loop.
    init(present: @escaping @Sendable (TipContent) -> Bool, dismiss: @escaping @Sendable () -> Void,
         action: @escaping @Sendable (TipKey, String) -> Void, error: @escaping @Sendable (TipStoreError) -> Void) {
        onMainActor = false
        self.present = present
        self.dismiss = dismiss
        self.action = action
        self.error = error
    }

    /// Main-actor callbacks. `assumeIsolated` holds because the slot only ever runs its
    /// loop for this host inside a main-actor task (see `PresentationSlot.request`).
    init(mainActorPresent present: @escaping @MainActor @Sendable (TipContent) -> Bool,
         dismiss: @escaping @MainActor @Sendable () -> Void,
         action: @escaping @MainActor @Sendable (TipKey, String) -> Void,
         error: @escaping @MainActor @Sendable (TipStoreError) -> Void) {
        onMainActor = true
        self.present = { content in MainActor.assumeIsolated { present(content) } }
        self.dismiss = { MainActor.assumeIsolated { dismiss() } }
        self.action = { tip, id in MainActor.assumeIsolated { action(tip, id) } }
        self.error = { e in MainActor.assumeIsolated { error(e) } }
    }
}
