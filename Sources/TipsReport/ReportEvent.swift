import TipsText
import TipsTime

/// One effectiveness event as a report reads it back from its JSON form (Docs/events.md,
/// schema 1): the fields the figures need, nothing else.
public struct ReportEvent: Sendable, Hashable {
    public var kind: String
    public var catalog: String
    public var catalogVersion: Int
    public var tip: String?
    public var instance: String?
    public var variant: String?
    /// Milliseconds since the epoch.
    public var at: Int64
    public var testing: Bool
    public var presentation: String?
    public var ending: String?
    public var action: String?
    public var reason: String?
    public var count: Int?

    public init(kind: String, catalog: String = "c", catalogVersion: Int = 1, tip: String?, instance: String? = nil,
                variant: String? = nil, at: Int64, testing: Bool = false, presentation: String? = nil,
                ending: String? = nil, action: String? = nil, reason: String? = nil, count: Int? = nil) {
        self.kind = kind; self.catalog = catalog; self.catalogVersion = catalogVersion; self.tip = tip
        self.instance = instance; self.variant = variant; self.at = at; self.testing = testing
        self.presentation = presentation; self.ending = ending; self.action = action; self.reason = reason
        self.count = count
    }

    /// The event kinds of schema 1.
    public static let kinds = ["becameEligible", "suppressed", "shown", "ended", "invalidated", "converted", "dropped"]

    /// Why a line is not an event.
    public struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Reads one line of the export.
    public init(line: [UInt8]) throws(Malformed) {
        let value: JSON
        do { value = try JSON.parse(line) } catch { throw Malformed(reason: "not JSON: \(error)") }
        guard value.members != nil else { throw Malformed(reason: "an event is a JSON object") }
        guard let schema = value["schema"]?.int else { throw Malformed(reason: "missing 'schema'") }
        guard (1...2).contains(schema) else { throw Malformed(reason: "unsupported schema \(schema) (this reader knows 1 and 2)") }
        guard let kind = value["event"]?.string else { throw Malformed(reason: "missing 'event'") }
        guard Self.kinds.contains(kind) else {
            throw Malformed(reason: "unknown event '\(kind)' (expected one of \(Self.kinds.joined(separator: ", ")))")
        }
        guard let catalog = value["catalog"]?.string else { throw Malformed(reason: "missing 'catalog'") }
        guard let version = value["catalogVersion"]?.int else { throw Malformed(reason: "missing 'catalogVersion'") }
        guard let atText = value["at"]?.string, let at = ISO8601.parse(atText) else {
            throw Malformed(reason: "missing or invalid 'at' (an ISO-8601 instant)")
        }
        func optionalString(_ key: String) throws(Malformed) -> String? {
            guard let field = value[key], !field.isNull else { return nil }
            guard let text = field.string else { throw Malformed(reason: "'\(key)' must be a string or null") }
            return text
        }
        let tip = try optionalString("tip")
        if tip == nil && kind != "dropped" { throw Malformed(reason: "missing 'tip'") }
        if ["shown", "ended"].contains(kind), value["presentation"]?.string == nil {
            throw Malformed(reason: "'\(kind)' needs a 'presentation'")
        }
        self.init(kind: kind, catalog: catalog, catalogVersion: version, tip: tip,
                  instance: try optionalString("instance"), variant: try optionalString("variant"), at: at,
                  testing: value["testing"]?.bool ?? false, presentation: try optionalString("presentation"),
                  ending: try optionalString("ending"), action: try optionalString("action"),
                  reason: try optionalString("reason"), count: value["count"]?.int)
    }

    /// When the presentation began: the milliseconds after the last `@` of its id.
    public var presentationBegan: Int64? {
        guard let id = presentation, let at = id.lastIndex(of: "@") else { return nil }
        return Int64(id[id.index(after: at)...])
    }

    /// The presentation id without its ordinal: `<tip or instance>@<began>`. The ordinal is
    /// the presentation's rank in the journal that replayed it, so a device's journal calls a
    /// presentation `T#1@…` and its merge with another device's, which holds that device's
    /// earlier one too, calls the same presentation `T#2@…`; the tip and the instant it began
    /// name it on either.
    public var presentationKey: String? {
        guard let id = presentation else { return nil }
        guard let at = id.lastIndex(of: "@"), let hash = id[..<at].lastIndex(of: "#") else { return id }
        return String(id[..<hash]) + String(id[at...])
    }

    /// The identity two copies of one event share (a journal replayed twice, two devices'
    /// merged journals): FNV-1a 64 over kind, catalog, tip, instance, variant, the
    /// presentation without its ordinal (``presentationKey``), and for events without a
    /// presentation the instant, reason and catalog version too.
    public var identity: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String?) {
            for byte in (text ?? "\u{0}null").utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            hash = (hash ^ 0x1f) &* 0x0000_0100_0000_01b3
        }
        mix(kind); mix(catalog); mix(tip); mix(instance); mix(variant)
        if let presentation = presentationKey {
            mix(presentation)
        } else {
            mix(String(at)); mix(reason); mix(String(catalogVersion))
        }
        return hash
    }
}
