import TipsRuntime

func misspelt(store: TipStore) throws {
    _ = try store.status(of: .favoritTip)
}
