import TipsRuntime

func misspeltCase(store: TipStore) throws {
    try store.donate(.upgraded(to: .prp))
}
