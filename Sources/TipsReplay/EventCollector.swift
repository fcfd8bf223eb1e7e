import Foundation
import TipsRuntime

/// The replay's sink: keeps what the store delivers until the replay takes it.
final class EventCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [EffectivenessEvent] = []

    func receive(_ batch: [EffectivenessEvent]) { lock.withLock { events += batch } }

    func take() -> [EffectivenessEvent] {
        lock.withLock {
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }
}

/// The failures of devices run at once (the first one is reported).
final class EventCollectorFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func add(_ message: String) { lock.withLock { messages.append(message) } }

    var first: String? { lock.withLock { messages.sorted().first } }
}
