import TipsBytecode
import TipsVM

extension TipStore {
    /// A copy of what the store's rules read now (parameters, strings, sets, donations) and
    /// the verified bundle, so `tips-bench` can time the VM alone over exactly the state the
    /// store evaluates (`runtime.status`'s `vm` baseline). Package-only: not an app API.
    package func ruleSnapshot() -> (bundle: VerifiedBundle, rules: RuleState) {
        engine.withLock { e in
            e.rules.now = clock.now()
            return (catalog.verified, e.rules)
        }
    }
}
