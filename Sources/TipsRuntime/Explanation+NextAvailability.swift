/// When a tip will become available if nothing but time changes.
public enum NextAvailability: Hashable, Sendable, Encodable {
    /// It is available now.
    case now
    /// Time alone makes it available at this instant (ms), the earliest such instant.
    case at(Int64)
    /// Not by time alone within the horizon: these rules must change, through these inputs
    /// (`param hasSeenList`, `event manualSave`).
    case needsInput(rules: [Int], inputs: [String])
    /// Not without a reset or an override change: `invalidated`, `hidden by override`.
    case blocked(String)

    private enum CodingKeys: String, CodingKey { case kind, at, rules, inputs, reason }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .now: try c.encode("now", forKey: .kind)
        case .at(let t):
            try c.encode("at", forKey: .kind)
            try c.encode(ExplanationFormat.date(t), forKey: .at)
        case .needsInput(let rules, let inputs):
            try c.encode("needsInput", forKey: .kind)
            try c.encode(rules, forKey: .rules)
            try c.encode(inputs, forKey: .inputs)
        case .blocked(let reason):
            try c.encode("blocked", forKey: .kind)
            try c.encode(reason, forKey: .reason)
        }
    }
}
