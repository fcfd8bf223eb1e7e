import TipsSource

/// `event name(field: Type, ...) limit N maxAge D`, with catalog defaults applied.
public struct Event: Sendable, Hashable {
    /// The declared name.
    public var name: String
    /// Payload fields; a donation's payload is indexed by position in this array.
    public var fields: [PayloadField]
    /// The number of most recent donations kept and queried (own `limit`, else the
    /// catalog's `donationLimit`, else 1000).
    public var limit: Int
    /// Donations older than this (ms) are neither kept nor queried (own `maxAge`, else the
    /// catalog's `donationMaxAge`), if any.
    public var maxAge: Int64?
    /// `renamedFrom OLD`: donations saved under the old name count as this event's.
    public var renamedFrom: String?
    /// `key "..."`: the name the journal's donations are stored under instead of ``name``.
    public var key: String?
    /// Where the key was written.
    public var keyRange: SourceRange?
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange

    /// The name users' journals know it by: its key, else its name.
    public var persistedName: String { key ?? name }

    public init(name: String, fields: [PayloadField], limit: Int, maxAge: Int64?, renamedFrom: String? = nil,
                range: SourceRange) {
        self.renamedFrom = renamedFrom
        self.name = name
        self.fields = fields
        self.limit = limit
        self.maxAge = maxAge
        self.range = range
    }
}
