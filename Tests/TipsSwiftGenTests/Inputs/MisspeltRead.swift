import TipsRuntime

func misspeltRead(store: TipStore) throws {
    _ = try store.parameter(.noteCont)
}
