import Foundation
import TipsRuntime

/// What a popover shows right now: a stand-in for `TipUIPopoverViewController` that a test
/// can read. The presenter's callbacks run on whichever thread changed the store, so the
/// state sits behind a lock.
public final class Popover: @unchecked Sendable {
    private let lock = NSLock()
    private var _content: TipContent?
    private var _shown = 0

    public init() {}

    /// The tip on screen, if any.
    public var content: TipContent? { lock.withLock { _content } }
    /// How many times a tip was put on screen.
    public var timesShown: Int { lock.withLock { _shown } }

    func show(_ content: TipContent) {
        lock.withLock {
            _content = content
            _shown += 1
        }
    }

    func hide() { lock.withLock { _content = nil } }
}
