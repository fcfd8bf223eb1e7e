// Uses every kind of generated declaration for the "everything" catalog, as app code would.
// Compiled with the generated file by SwiftCompileTests (-warnings-as-errors).
import Foundation
import TipsRuntime

func useEverything(journal: URL) throws {
    let store = try AppTips.makeStore(journalURL: journal, clock: ManualClock())
    let synced = try AppTips.makeStore(journalURL: journal, overrides: .none, durability: .synced)
    let preview = try AppTips.makeInMemoryStore(clock: ManualClock(), overrides: TestingOverrides(showAll: true))
    _ = (synced.isInMemory, preview.isInMemory)
    try store.donate(.appOpened)
    try store.donate(.noteSaved(method: .menu, words: 12, autosave: false, ratio: 0.5, folder: "Inbox"))
    try store.donate(.noteSaved(method: .default, words: 1, autosave: true, ratio: 1, folder: ""), at: Date())
    try store.donate(.upgraded(to: .pro))
    try store.setParameter(.isLoggedIn, to: true)
    try store.setParameter(.noteCount, to: 3)
    try store.setParameter(.typingSpeed, to: 42.5)
    try store.setParameter(.displayName, to: "Ada")
    try store.setParameter(.launchDate, to: Date(timeIntervalSince1970: 0))
    try store.setParameter(.lastExport, to: nil)
    try store.setParameter(.pinnedTags, to: ["work", "home"])
    try store.setParameter(.plan, to: .team)
    try store.setParameter(.streakDays, to: 7)
    try store.setParameter(.isComposing, to: false)
    let loggedIn: Bool = try store.parameter(.isLoggedIn)
    let plan: AppTips.Plan = try store.parameter(.plan)
    let streak: Int? = try store.parameter(.streakDays)
    let tags: Set<String> = try store.parameter(.pinnedTags)
    _ = (loggedIn, plan, streak, tags)
    if try store.shouldDisplay(.favoriteTip) {
        try store.presentationBegan(.favoriteTip)
        try store.perform(.learnMore, of: .favoriteTip)
    }
    _ = try store.status(of: .urlTip)
    _ = try store.status(of: .upgradeTip)
    let template = TipsRuntime.TipKey.templateTip(templateID: "t1", week: 2, plan: .free, isNew: true)
    _ = try store.content(of: template).actions.first?.action == .learnMore
    try store.perform(._2xFaster, of: .upgradeTip)
    try store.invalidate(.urlTip, reason: .actionPerformed)
    _ = try store.currentTip(inGroup: .onboarding)
    _ = try store.currentTipUpdates(inGroup: .extras)
    _ = AppTips.Source.allCases.map(\.rawValue)
    _ = AppTips.bundle.count
}
