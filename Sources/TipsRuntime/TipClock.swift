
/// Where the store reads the time and schedules the wake-ups that let observers see
/// changes caused by time alone (a donation leaving a window, a cooldown ending).
///
/// Instants are milliseconds since the Unix epoch. `SystemClock` is the real clock;
/// `ManualClock` is for tests. Conform your own to control time in previews or demos.
public protocol TipClock: Sendable {
    /// The current instant.
    func now() -> Int64
    /// Fires `wakeUp` once at or after `instant`, unless it is cancelled first. Must not
    /// fire it synchronously from inside this call (the store calls it holding its lock).
    func schedule(_ wakeUp: TipWakeUp, at instant: Int64)
}

/// A one-shot wake-up handed to a `TipClock`: `fire()` runs the action at most once and
/// only if `cancel()` has not been called.
public final class TipWakeUp: Sendable {
    private let action: RuntimeLock<(@Sendable () -> Void)?>

    /// A wake-up that runs `action`.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = RuntimeLock(action)
    }

    /// Runs the action unless it already ran or was cancelled.
    public func fire() {
        let run = action.withLock { a -> (@Sendable () -> Void)? in
            defer { a = nil }
            return a
        }
        run?()
    }

    /// Prevents the action from running.
    public func cancel() {
        action.withLock { $0 = nil }
    }

    /// True until fired or cancelled.
    public var isPending: Bool { action.withLock { $0 != nil } }
}
