/// The typed API for presenters and models: overloads taking the `TipAction` members
/// `tipc gen swift` declares, so UI code names actions as `.learnMore` like store calls do.
/// (Groups are `TipGroupKey`s everywhere: `.onboarding`, or a literal.)
extension TipPresenter {
    /// Performs `action` of the presented tip (see ``perform(action:)``).
    public func perform(_ action: TipAction) throws(TipStoreError) {
        try perform(action: action.id)
    }
}

extension TipGroupPresenter {
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
    /// Performs `action` of the tip shown (see ``perform(action:)``); errors land in
    /// `lastError`.
    public func perform(_ action: TipAction) {
        perform(action: action.id)
    }
}
