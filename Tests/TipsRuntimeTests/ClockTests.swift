import Foundation
import Testing
@testable import TipsRuntime

@Suite("Clocks")
struct ClockTests {
    @Test("ManualClock: advance fires due wake-ups in order, each at its own instant; cancelled ones never fire")
    func manualOrder() {
        let clock = ManualClock(start: 0)
        let log = Locked<[String]>([])
        for (name, at) in [("c", Int64(30)), ("a", 10), ("b", 20), ("late", 100)] {
            clock.schedule(TipWakeUp { log.withLock { $0.append("\(name)@\(clock.now())") } }, at: at)
        }
        let cancelled = TipWakeUp { log.withLock { $0.append("cancelled") } }
        clock.schedule(cancelled, at: 15)
        cancelled.cancel()
        clock.advance(by: 50)
        #expect(log.withLock { $0 } == ["a@10", "b@20", "c@30"])
        #expect(clock.now() == 50)
        #expect(clock.pendingWakeUps == 1)
    }

    @Test("ManualClock: sleepers are woken when time reaches them")
    func manualSleep() async {
        let clock = ManualClock(start: 0)
        let woke = Locked(false)
        let task = Task {
            await clock.sleep(until: 1000)
            woke.withLock { $0 = true }
        }
        while clock.pendingWakeUps == 0 { await Task.yield() }
        clock.advance(by: 999)
        #expect(woke.withLock { $0 } == false)
        clock.advance(by: 1)
        await task.value
        #expect(woke.withLock { $0 })
    }

    @Test("ManualClock: a wake-up scheduled in the past fires soon, not inside schedule")
    func manualOverdue() async {
        let clock = ManualClock(start: 100)
        let fired = Locked(false)
        clock.schedule(TipWakeUp { fired.withLock { $0 = true } }, at: 50)
        for _ in 0..<200 where !fired.withLock({ $0 }) { try? await Task.sleep(nanoseconds: 5_000_000) }
        #expect(fired.withLock { $0 })
    }

    @Test("SystemClock: reads the wall clock and fires wake-ups at their deadline")
    func system() async {
        let clock = SystemClock()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(abs(clock.now() - now) < 1000)
        let fired = Locked<Int64?>(nil)
        clock.schedule(TipWakeUp { fired.withLock { $0 = clock.now() } }, at: clock.now() + 30)
        for _ in 0..<200 where fired.withLock({ $0 }) == nil { try? await Task.sleep(nanoseconds: 5_000_000) }
        let at = fired.withLock { $0 }
        #expect(at != nil && at! >= now + 30)
    }
}
