import TipsTime

extension TipExplanation {
    /// A declared renewal (`resetEligibility after D`): the interval, and when an invalidated
    /// tip returns to its rules.
    public struct Renewal: Hashable, Sendable, Encodable {
        /// The interval, in ms, counted from an invalidation.
        public var after: Int64
        /// When the tip, invalidated now, returns to its rules (nil: it is not invalidated).
        public var returnsAt: Int64?

        /// `renewal: resetEligibility after 60d; returns to its rules at 2027-02-03T09:00:00Z`,
        /// or, for a tip that is not invalidated, `...; counts from an invalidation`.
        public var summary: String {
            let head = "renewal: resetEligibility after \(DurationText.format(after))"
            guard let returnsAt else { return head + "; counts from an invalidation" }
            return head + "; returns to its rules at \(ExplanationFormat.date(returnsAt))"
        }

        private enum CodingKeys: String, CodingKey { case after, returnsAt }
        /// JSON: the interval as `.tips` writes it (`60d`), the instant as ISO-8601 text.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(DurationText.format(after), forKey: .after)
            try c.encodeIfPresent(returnsAt.map(ExplanationFormat.date), forKey: .returnsAt)
        }
    }
}
