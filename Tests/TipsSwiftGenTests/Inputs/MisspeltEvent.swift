import TipsRuntime

func misspeltEvent(store: TipStore) throws {
    try store.donate(.upgradd(to: .pro))
}
