import TipsRuntime

func wrongType(store: TipStore) throws {
    try store.setParameter(.isLoggedIn, to: 1)
}
