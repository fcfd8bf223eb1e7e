/// What `TipPresenter` and `TipGroupPresenter` share: one place in the UI that shows at
/// most one tip, the host's callbacks that show and hide it, and the store's record of its
/// presentations (`presentationBegan` / `presentationEnded`).
///
/// The store tells the slot which tip it should show (`storeSays`); the host tells it what
/// happened on screen (declined, dismissed by the user, closed). One loop (`run`) brings
/// the screen and the store's record in line with that, one step at a time, and is the
/// only place that calls the host: so callbacks never overlap, and a callback may call
/// back into the store or the presenter (the change is picked up by the same loop once
/// the callback returns).
///
/// A class, so the store's observer can hold it weakly (a presenter nobody holds stops
/// presenting) and a main-actor hop can keep it alive until it has run.
final class PresentationSlot: Sendable {
    private struct State: Sendable {
        var observer: Int?
        /// The tip the store says this place should show now.
        var wanted: TipKey?
        /// The tip the host shows now (the host said yes to `present`).
        var presented: TipKey?
        /// The host said "not now" to this tip: wait for the next answer or `retry()`.
        var declined: TipKey?
        /// Another presenter shows this tip now: wait until it ends (the store's
        /// ``PresentationClaims`` calls `retry()` then), so one presentation is counted once.
        var waiting: TipKey?
        /// Closed or dismissed here while the store may still call it available (a testing
        /// override, a tap outside): not shown again here until the store's answer changes.
        var suppressed: TipKey?
        /// An adopted catalog changed the content of this shown tip: give the host the new one.
        var stale: TipKey?
        /// The user already removed the view: end the presentation without `dismiss`.
        var viewGone = false
        var stopped = false
        var lastError: TipStoreError?
        /// Actions and errors to tell the host, in order, after the screen is settled.
        var news: [News] = []
        /// Someone is running the loop (reentrant and concurrent requests leave it to them).
        var running = false
        /// A main-actor hop is on its way.
        var hopScheduled = false
    }

    private enum News: Sendable {
        case action(TipKey, TipAction)
        case error(TipStoreError)
    }

    private enum Step {
        case end(TipKey, callDismiss: Bool)
        case begin(TipKey)
        case refresh(TipKey)
        case news(News)
    }

    let store: TipStore
    private let host: PresenterHost
    private let state = Locked(State())

    init(store: TipStore, host: PresenterHost) {
        self.store = store
        self.host = host
    }

    /// The tip shown now, if any.
    var presented: TipKey? { state.withLock { $0.presented } }

    /// The tip this slot would show but another presenter shows now, if any.
    var waiting: TipKey? { state.withLock { $0.waiting } }

    /// The last error met recording a presentation (a journal failure).
    var lastError: TipStoreError? { state.withLock { $0.lastError } }

    /// Remembers the store observer that drives this slot, for `stop()` to remove (at once
    /// if the slot was stopped before the registration returned).
    func observe(with id: Int) {
        let stopped = state.withLock { s -> Bool in
            s.observer = id
            return s.stopped
        }
        if stopped { store.removeObserver(id) }
    }

    // MARK: - What the store and the host say

    /// The store's answer changed: `tip` should be shown here now (nil: nothing). Any
    /// change lifts a decline and a suppression (the host may try again).
    func storeSays(_ tip: TipKey?) {
        state.withLock { s in
            s.wanted = tip
            s.declined = nil
            s.suppressed = nil
        }
        request()
    }

    /// An adopted catalog changed what `tip` shows (`TipStore.adopt`): if this slot still
    /// shows it, the host gets the new content (`PresenterHost.refresh`); the presentation
    /// goes on (it is the same one, not counted again).
    func contentChanged(_ tip: TipKey) {
        let shown = state.withLock { s -> Bool in
            guard s.presented == tip, !s.stopped else { return false }
            s.stale = tip
            return true
        }
        if shown { request() }
    }

    /// Shows a declined tip again if the store still wants it.
    func retry() {
        state.withLock { s in
            s.declined = nil
            s.waiting = nil
        }
        request()
    }

    /// The close button: invalidates `tip` (`tipClosed`) and keeps it off this place until
    /// the store's answer changes, so it is dismissed even when a testing override keeps
    /// it available. Suppressed first: if the invalidation can't be recorded, the view
    /// still goes away.
    func close(_ tip: TipKey) throws(TipStoreError) {
        state.withLock { $0.suppressed = tip }
        defer { request() }
        try store.invalidate(tip, reason: .tipClosed)
    }

    /// Performs `action` of `tip`, dismisses the tip if the action invalidated it while a
    /// testing override keeps it available, then tells the host which action ran.
    func perform(action: String, of tip: TipKey) throws(TipStoreError) {
        // Without overrides an invalidation changes the status, and that dismisses.
        let overridden = store.testingOverrides.isActive
        let wasInvalidated = overridden && isInvalidated(tip)
        try store.perform(action: action, of: tip)
        let dismissAnyway = overridden && !wasInvalidated && isInvalidated(tip)
        state.withLock { s in
            if dismissAnyway { s.suppressed = tip }
            s.news.append(.action(tip, TipAction(action)))
        }
        request()
    }

    /// The user removed the view (a tap outside): the presentation ends without calling
    /// `dismiss`, the tip stays off this place until the store's answer changes, and with
    /// `invalidate` it is invalidated as by the close button. No-op when nothing is shown.
    func userDismissed(invalidate: Bool) {
        let shown = state.withLock { s -> TipKey? in
            guard let shown = s.presented, !s.stopped else { return nil }
            s.viewGone = true
            s.suppressed = shown
            return shown
        }
        guard let shown else { return }
        defer { request() }
        guard invalidate else { return }
        do throws(TipStoreError) { try store.invalidate(shown, reason: .tipClosed) } catch { report(error) }
    }

    /// True when the store records `tip` as invalidated (even if an override shows it).
    private func isInvalidated(_ tip: TipKey) -> Bool {
        (try? store.report(of: tip))?.invalidatedAt != nil
    }

    /// Records `error` and queues it for the host's `onError` (delivered by the loop).
    func report(_ error: TipStoreError) {
        state.withLock { s in
            s.lastError = error
            s.news.append(.error(error))
        }
    }

    /// Stops: removes the observer, then dismisses and ends an ongoing presentation.
    /// Idempotent. From inside a callback it takes effect right after that callback.
    func stop() {
        let (first, observer) = state.withLock { s -> (Bool, Int?) in
            guard !s.stopped else { return (false, nil) }
            s.stopped = true
            return (true, s.observer)
        }
        guard first else { return }
        if let observer { store.removeObserver(observer) }
        request()
    }

    // MARK: - The loop

    /// Runs the loop where the host wants its callbacks: here and now, or in a main-actor
    /// task (one at a time: a hop already on its way will see this request's state too).
    func request() {
        guard host.onMainActor else { return run() }
        let schedule = state.withLock { s -> Bool in
            if s.hopScheduled { return false }
            s.hopScheduled = true
            return true
        }
        guard schedule else { return }
        Task { @MainActor [self] in
            state.withLock { $0.hopScheduled = false }
            run()
        }
    }

    /// Takes steps until the screen, the store's answer and the record agree. If the loop
    /// is already running (another thread, or a callback of this loop called us), that run
    /// picks up the change: every step reads the state afresh under the lock.
    private func run() {
        let mine = state.withLock { s -> Bool in
            if s.running { return false }
            s.running = true
            return true
        }
        guard mine else { return }
        while let step = nextStep() {
            switch step {
            case .end(let tip, let callDismiss):
                if callDismiss { host.dismiss() }
                do throws(TipStoreError) { try store.presentationEnded(tip) } catch {
                    // A closed store no longer keeps records (reopening ends what was open).
                    if error.kind != .closed { report(error) }
                }
                // Recorded as ended: a presenter waiting for this tip may show it now.
                store.presentationClaims.release(tip, by: self)
                host.ended(tip)
            case .begin(let tip):
                begin(tip)
            case .refresh(let tip):
                do throws(TipStoreError) { host.refresh(try store.content(of: tip)) } catch { report(error) }
            case .news(.action(let tip, let id)):
                host.action(tip, id)
            case .news(.error(let error)):
                host.error(error)
            }
        }
    }

    /// The next step, decided under the lock; nil (and the loop released) when done.
    private func nextStep() -> Step? {
        state.withLock { s -> Step? in
            if let shown = s.presented, s.stopped || s.viewGone || shown != s.wanted || shown == s.suppressed {
                let callDismiss = !s.viewGone
                s.presented = nil
                s.viewGone = false
                return .end(shown, callDismiss: callDismiss)
            }
            if s.presented == nil, !s.stopped, let wanted = s.wanted, wanted != s.declined, wanted != s.suppressed,
               wanted != s.waiting {
                // Declined until the host says yes, so neither a "not now" nor a failure
                // loops; a newer answer from the store or `retry()` lifts it.
                s.declined = wanted
                return .begin(wanted)
            }
            if let stale = s.stale {
                s.stale = nil
                if s.presented == stale { return .refresh(stale) }
            }
            if !s.news.isEmpty { return .news(s.news.removeFirst()) }
            s.running = false
            return nil
        }
    }

    /// Asks the host to show `tip`; records the presentation only if it did.
    private func begin(_ tip: TipKey) {
        let content: TipContent
        do throws(TipStoreError) { content = try store.content(of: tip) } catch {
            report(error)
            return
        }
        // One presentation of a tip at a time, app-wide: a second presenter of a tip that is
        // on screen waits for the first to end instead of showing it twice (the store
        // counts one display, and would call it over when the first ended).
        // Waiting is noted before asking, so a release that comes right after a refusal
        // finds it to lift.
        state.withLock { $0.waiting = tip }
        guard store.presentationClaims.claim(tip, by: self) else { return }
        state.withLock { s in if s.waiting == tip { s.waiting = nil } }
        let shown = host.present(content)
        guard shown else {
            store.presentationClaims.release(tip, by: self)
            return
        }
        state.withLock { s in
            if s.declined == tip { s.declined = nil }
            s.presented = tip
        }
        do throws(TipStoreError) { try store.presentationBegan(tip) } catch { report(error) }
    }
}
