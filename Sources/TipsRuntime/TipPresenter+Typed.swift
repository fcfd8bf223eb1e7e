/// The typed API for presenters and models: overloads taking the `TipAction` and
/// `TipGroupKey` members `tipc gen swift` declares, so UI code names actions and groups
/// as `.learnMore` and `.onboarding` like store calls do. Each forwards to the String
/// variant, which stays for dynamic use.
extension TipPresenter {
    /// Performs `action` of the presented tip (see ``perform(action:)``).
    public func perform(_ action: TipAction) throws(TipStoreError) {
        try perform(action: action.id)
    }
}

extension TipGroupPresenter {
    /// Starts presenting `group`'s current tip, with callbacks on the thread that caused the
    /// change (see the String overload).
    public convenience init(store: TipStore, group: TipGroupKey,
                            present: @escaping @Sendable (TipContent) -> Void,
                            dismiss: @escaping @Sendable () -> Void,
                            onAction: @escaping @Sendable (TipKey, TipAction) -> Void = { _, _ in },
                            onError: @escaping @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, group: group.name, present: present, dismiss: dismiss, onAction: onAction,
                      onError: onError)
    }

    /// Starts presenting `group`'s current tip with `@MainActor` callbacks (see the String
    /// overload).
    public convenience init(store: TipStore, group: TipGroupKey, callbacksOn actor: MainActor.Type,
                            present: @escaping @MainActor @Sendable (TipContent) -> Void,
                            dismiss: @escaping @MainActor @Sendable () -> Void,
                            onAction: @escaping @MainActor @Sendable (TipKey, TipAction) -> Void = { _, _ in },
                            onError: @escaping @MainActor @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, group: group.name, callbacksOn: actor, present: present, dismiss: dismiss,
                      onAction: onAction, onError: onError)
    }

    /// The main-actor variant where the host may decline (see the String overload).
    public convenience init(store: TipStore, group: TipGroupKey, callbacksOn actor: MainActor.Type,
                            offer: @escaping @MainActor @Sendable (TipContent) -> Bool,
                            dismiss: @escaping @MainActor @Sendable () -> Void,
                            onAction: @escaping @MainActor @Sendable (TipKey, TipAction) -> Void = { _, _ in },
                            onError: @escaping @MainActor @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, group: group.name, callbacksOn: actor, offer: offer, dismiss: dismiss,
                      onAction: onAction, onError: onError)
    }

    /// Performs `action` of the tip shown (see ``perform(action:)``).
    public func perform(_ action: TipAction) throws(TipStoreError) {
        try perform(action: action.id)
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension TipModel {
    /// Performs `action` (see ``perform(action:)``); errors land in `lastError`.
    public func perform(_ action: TipAction) {
        perform(action: action.id)
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension TipGroupModel {
    /// Starts presenting `group`'s current tip. Throws for an unknown group.
    public convenience init(store: TipStore, group: TipGroupKey) throws(TipStoreError) {
        try self.init(store: store, group: group.name)
    }

    /// Performs `action` of the tip shown (see ``perform(action:)``); errors land in
    /// `lastError`.
    public func perform(_ action: TipAction) {
        perform(action: action.id)
    }
}
