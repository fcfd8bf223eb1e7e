import Foundation

/// The local calendar rules read: the device's time zone, the install instant, the app's last update.
extension TipStore {
    /// The time zone rules read the local calendar in (`month`, `weekday`, `timeOfDay`,
    /// `during(...)`, `days(...)`): `TimeZone.current` when the store opened, until
    /// ``setTimeZone(_:)``.
    public var timeZone: TimeZone {
        engine.withLock { $0.localClock.timeZone }
    }

    /// Tells the store the device's time zone changed (the app observes
    /// `NSSystemTimeZoneDidChange`; tests and previews pass any zone). Every status is
    /// judged again at once; donations keep their instants, and their local days are read
    /// in the new zone.
    public func setTimeZone(_ timeZone: TimeZone) {
        _ = try? withEngine(writing: false) { e in
            e.localClock.setTimeZone(timeZone, now: e.rules.now)
            e.changedEverything()
        }
    }

    /// When the store's journal began (`installed` in rules): the header's `created`, or
    /// when an in-memory store opened.
    public var installedAt: Date? {
        engine.withLock { $0.localClock.installedAt.map { Date(timeIntervalSince1970: Double($0) / 1000) } }
    }

    /// Tells the store when the app was last updated (`appUpdated` in rules; nil until
    /// told). The store does not persist it: the app knows its own version history (for
    /// example it keeps the last version it ran and the instant it first ran the current
    /// one) and calls this at every launch, before tips are shown.
    public func appUpdated(at date: Date?) {
        _ = try? withEngine(writing: false) { e in
            e.localClock.appUpdatedAt = date.map(ManualClock.milliseconds)
            e.changedEverything()
        }
    }
}
