import Dispatch
import Foundation

/// The wall clock. Wake-ups run on a global dispatch queue at their wall-clock deadline
/// (so a device that sleeps through one fires it when it wakes).
public struct SystemClock: TipClock {
    /// The system clock.
    public init() {}

    public func now() -> Int64 {
        Int64(clamping: Date().timeIntervalSince1970 * 1000)
    }

    public func schedule(_ wakeUp: TipWakeUp, at instant: Int64) {
        let delay = max(0, instant &- now())
        // Cap the delay so the arithmetic below can't overflow for far-away instants; a
        // wake-up that fires early just re-evaluates and schedules the next one.
        let capped = Int(min(delay, 30 * 24 * 3_600_000))
        DispatchQueue.global().asyncAfter(wallDeadline: .now() + .milliseconds(capped)) {
            wakeUp.fire()
        }
    }
}
