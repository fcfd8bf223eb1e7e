import TipsRuntime

func misspeltGroup(store: TipStore) throws {
    _ = try store.currentTip(inGroup: .onbording)
}
