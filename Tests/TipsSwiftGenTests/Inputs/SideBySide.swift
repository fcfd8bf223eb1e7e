// One app file importing TipKit (the stand-in module Inputs/TipKit/TipKit.swift) next to
// TipsRuntime, naming both modules' types bare: TipKit's `Tip` protocol, `Tips.Event`,
// `TipGroup`, `TipView`..., and every TipsRuntime type an app uses with the generated API
// of the "everything" catalog. Compiled by TipKitSideBySideTests with -warnings-as-errors;
// any ambiguous bare name is an error.
import Foundation
import TipKit
import TipsRuntime

/// A TipKit tip, written as TipKit's documentation writes one.
struct LegacyFavoriteTip: Tip {
    static let favorited = Tips.Event<Tips.EmptyDonation>(id: "favorited")
    var title: String { "Favorite This Item" }
    var rules: [Rule] { [Rule(Self.favorited) { $0.donations.isEmpty }] }
    var options: [any TipOption] { [MaxDisplayCount(3), Tips.IgnoresDisplayFrequency(true)] }
    var actions: [Action] { [Action(id: "learn-more", title: "Learn More")] }
}

@MainActor
func useBothSideBySide(journal: URL) async throws {
    // TipKit, bare.
    try Tips.configure([.displayFrequency(.immediate)])
    let legacy = LegacyFavoriteTip()
    let erased = AnyTip(legacy)
    let group = TipGroup(.ordered) { legacy }
    let view = TipView(legacy) { (action: Tips.Action) in _ = action.id }
    let style: any TipViewStyle = .miniTip
    let status: Tips.Status = legacy.status
    let reason: Tips.InvalidationReason = .tipClosed
    let error: TipKitError = .tipsDatastoreAlreadyConfigured
    let anchor: (any TipAnchorKey)? = nil
    _ = (erased.id, group.currentTip?.id, view, style, status, reason, error, anchor)
    _ = (TipUIView(legacy), TipUIPopoverViewController(legacy), TipUICollectionViewCell(),
         TipUICollectionReusableView(), TipNSPopover(legacy), TipNSView(legacy))
    await LegacyFavoriteTip.favorited.donate(Tips.EmptyDonation())
    LegacyFavoriteTip.favorited.sendDonation()
    let option: any TipOption = Tips.MaxDisplayDuration(60)
    let makeBody: (TipViewStyleConfiguration) -> String = MiniTipViewStyle().makeBody(configuration:)
    _ = (option, makeBody)

    // TipsRuntime and the generated API, bare.
    let clock = ManualClock()
    let store: TipStore = try AppTips.makeStore(journalURL: journal, clock: clock, overrides: TestingOverrides(showAll: true),
                                                durability: .synced)
    let preview: TipStore = try AppTips.makeInMemoryStore(clock: SystemClock())
    let key: TipKey = .favoriteTip
    let event: TipEvent = .noteSaved(method: .menu, words: 1, autosave: false, ratio: 0.5, folder: "Inbox")
    let parameter: TipParameter<Bool> = .isLoggedIn
    let groupKey: TipGroupKey = .onboarding
    let action: TipAction = .learnMore
    try store.donate(event)
    try store.setParameter(parameter, to: true)
    let tipStatus: TipStatus = try store.status(of: key)
    let content: TipContent = try store.content(of: key)
    let text: TipText = content.title
    let buttons: [TipActionContent] = content.actions
    let kind: TipImageKind = content.imageKind
    let value: TipValue = true.tipValue
    let explanation: TipExplanation = try store.explanation(of: key)
    let invalidation: TipInvalidationReason = .actionPerformed
    _ = (tipStatus, text, buttons, kind, value, explanation, invalidation, preview.isInMemory, groupKey, action)
    let presenter = try TipPresenter(store: store, tip: key, present: { _ in }, dismiss: {})
    try presenter.perform(.learnMore)
    let groupPresenter = try TipGroupPresenter(store: store, group: .onboarding, present: { _ in }, dismiss: {})
    let model = try TipModel(store: store, tip: .urlTip)
    let groupModel = try TipGroupModel(store: store, group: .extras)
    _ = (groupPresenter, model.isPresented, groupModel)
    let platform: TipPlatform? = TipPlatform.allCases.first
    let clockValue: any TipClock = clock
    _ = (platform, clockValue)
    do throws(TipStoreError) {
        try store.perform(.learnMore, of: .templateTip(templateID: "t", week: 1, plan: .pro, isNew: false))
    } catch {
        let failure: TipStoreError = error
        _ = failure.description
    }
    // Both modules' statuses side by side, each by its bare name.
    _ = (status == .available, tipStatus == .available)
}
