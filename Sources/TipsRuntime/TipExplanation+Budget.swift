extension TipExplanation {
    /// One display budget as `explain` sees it for one tip: its window and limit, the tips
    /// that used it, and whether it holds this tip back, and why (Docs/explain.md, "budgets").
    public struct Budget: Hashable, Sendable, Encodable {
        /// `day` (the local calendar day) or `launch`.
        public var window: String
        /// Tips per window.
        public var limit: Int
        /// The tips shown in the window, latest first, with when their latest presentation began.
        public var used: [Use]
        /// Whether this budget holds the tip back now.
        public var holdsBack: Bool
        /// When the places left go to offered tips of a higher priority: those tips.
        public var higherPriority: [String]
        /// Why it does not hold the tip back, when it does not: `ignoresDisplayBudget`,
        /// `shown today` or `shown in this launch` (it keeps its place), or `a place is left`.
        public var exemption: String?
        /// The instant's wall-clock time in the rules' zone (`09:12`), for the day window.
        public var usedLocalTimes: [String]

        /// A tip that used a place.
        public struct Use: Hashable, Sendable, Encodable {
            public var tip: String
            /// ISO-8601.
            public var at: String
        }

        /// `today's budget of 1 is used by ScanTip at 09:12; holds this tip back`.
        public var summary: String {
            let name = window == "day" ? "today's budget" : "this launch's budget"
            let uses = zip(used, usedLocalTimes).map { "\($0.tip) at \($1)" }
            var s = "\(name) of \(limit)"
            if !higherPriority.isEmpty {
                let left = limit - used.count
                s += " has \(left) place\(left == 1 ? "" : "s") left, which go\(left == 1 ? "es" : "") first to "
                    + higherPriority.joined(separator: ", ") + " (higher priority)"
            } else if used.count >= limit {
                s += " is used by " + uses.joined(separator: ", ")
            } else {
                s += ": \(used.count) used" + (uses.isEmpty ? "" : " (" + uses.joined(separator: ", ") + ")")
            }
            return s + (holdsBack ? "; holds this tip back" : "; does not hold this tip back (\(exemption ?? "a place is left"))")
        }

        private enum CodingKeys: String, CodingKey { case window, limit, used, holdsBack, higherPriority, exemption }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(window, forKey: .window)
            try c.encode(limit, forKey: .limit)
            try c.encode(used, forKey: .used)
            try c.encode(holdsBack, forKey: .holdsBack)
            if !higherPriority.isEmpty { try c.encode(higherPriority, forKey: .higherPriority) }
            try c.encodeIfPresent(exemption, forKey: .exemption)
        }
    }
}
