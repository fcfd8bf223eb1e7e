import TipsRuntime

// The app-wide store as Docs/adopting.md (section 4) opens it. The screens take their store
// as a parameter so that tests can give them their own; an app passes `AppTips.store`.
extension AppTips {
    /// The app's one store, opened on first use, with its journal in Application Support.
    /// The TIPS_SHOW, TIPS_HIDE_ALL, ... environment variables and --tips-... arguments of
    /// the Xcode scheme switch tips on and off (testing overrides), never in the journal.
    static let store: TipStore = {
        let overrides = TestingOverrides.fromEnvironment().merging(.fromArguments())
        do {
            return try AppTips.makeStore(journalURL: try TipStore.defaultJournalURL(), overrides: overrides)
        } catch {
            // The journal's folder could not be made: tips still work, for this run only.
            // The bundle is generated and checked at build time, so this cannot fail.
            return try! AppTips.makeInMemoryStore(overrides: overrides)
        }
    }()
}
