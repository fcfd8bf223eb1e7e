/// Which presenter shows each tip now, app-wide: one per store. A second presenter of a tip
/// that is on screen (two screens of one app, a model and a presenter of one tip) waits
/// until the first one's presentation ended, then it is offered the tip; so the store
/// counts each presentation once and says "displayed" exactly while one is on screen.
final class PresentationClaims: Sendable {
    private struct Claim {
        weak var owner: PresentationSlot?
        var waiters: [Waiter] = []
    }

    private struct Waiter {
        weak var slot: PresentationSlot?
    }

    private let claims = RuntimeLock<[TipKey: Claim]>([:])

    /// Claims `tip` for `slot`: true when nobody else shows it (or the one who did is
    /// gone); false, and `slot` is told `retry()` when the owner releases it, otherwise.
    func claim(_ tip: TipKey, by slot: PresentationSlot) -> Bool {
        claims.withLock { all -> Bool in
            if let owner = all[tip]?.owner, owner !== slot {
                if !all[tip, default: Claim()].waiters.contains(where: { $0.slot === slot }) {
                    all[tip, default: Claim()].waiters.append(Waiter(slot: slot))
                }
                return false
            }
            let waiters = all[tip]?.waiters.filter { $0.slot != nil && $0.slot !== slot } ?? []
            all[tip] = Claim(owner: slot, waiters: waiters)
            return true
        }
    }

    /// `slot` no longer shows `tip`: the waiters are offered it, in the order they came.
    func release(_ tip: TipKey, by slot: PresentationSlot) {
        let waiters = claims.withLock { all -> [PresentationSlot] in
            guard let claim = all[tip], claim.owner === slot || claim.owner == nil else { return [] }
            all[tip] = nil
            return claim.waiters.compactMap(\.slot)
        }
        for waiter in waiters { waiter.retry() }
    }

    /// The presenter that shows `tip` now, if any.
    func owner(of tip: TipKey) -> PresentationSlot? {
        claims.withLock { $0[tip]?.owner }
    }

    /// The tips some presenter shows now (for tests and debugging).
    var claimed: Set<TipKey> {
        claims.withLock { all in Set(all.filter { $0.value.owner != nil }.keys) }
    }
}
