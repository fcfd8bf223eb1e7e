import TipsBytecode

/// What time alone can change in one rule program, for a search over instants that must
/// not evaluate the rule at instants where nothing it reads has changed (`tipc explain`
/// looks hundreds of days ahead, through an instant per donation).
///
/// A program that never reads `now` itself sees time only through the donations each
/// query keeps in range (its window, the event's maxAge). A filtered query's result
/// depends only on the matching donations in range, and which donations match is fixed by
/// the state, so counting matches before each end of the range (prefix sums, made once)
/// tells whether that set changed. Two instants with equal `signature`s give the program
/// the same value.
public struct TimeInputs: Sendable {
    /// One range a rule reads: a query's (filtered or not) or an event's visible donations.
    struct Use: Sendable {
        var query: Int
        var event: Int
        /// Matching donations before each row of the event (count + 1 entries); empty when
        /// every donation in range counts (an unfiltered query, `countWithin`, `countEvent`).
        var matchesBefore: [Int]
    }

    var uses: [Use]

    /// Whether nothing the program reads can change with time.
    public var isEmpty: Bool { uses.isEmpty }
}

extension RuleVM {
    /// The time inputs of program `program` over `state`'s donations, or nil when it reads
    /// `now` itself (then any instant may change it) or holds an unknown opcode.
    public func timeInputs(program: Int, in state: RuleState) -> TimeInputs? {
        precondition(state.layout == layout, "RuleState was made for a different bundle")
        let b = verified.bundle
        guard b.programs.indices.contains(program) else { return nil }
        let reads = b.programs[program].reads(in: b)
        guard reads.isComplete, !reads.readsClock else { return nil }
        return withFrame(state) { frame in
            var uses: [TimeInputs.Use] = []
            uses.reserveCapacity(reads.countedEvents.count + reads.queries.count)
            for e in reads.countedEvents { uses.append(TimeInputs.Use(query: -1, event: e, matchesBefore: [])) }
            for q in reads.queries {
                let event = Int(b.queries[q].event)
                var use = TimeInputs.Use(query: q, event: event, matchesBefore: [])
                // Only a filter makes the matching donations fewer than those in range (a
                // `countWithin` query has none).
                let fq = frame.queries[q]
                if fq.termStart != fq.termEnd {
                    let rows = frame.eventStarts[event &+ 1] - frame.eventStarts[event]
                    use.matchesBefore = [Int](unsafeUninitializedCapacity: rows + 1) { buffer, count in
                        frame.countMatchesBefore(fq, into: buffer.baseAddress.unsafelyUnwrapped)
                        count = rows + 1
                    }
                }
                uses.append(use)
            }
            return TimeInputs(uses: uses)
        }
    }

    /// What the program of `inputs` sees at instant `now` of `state` (the state
    /// `timeInputs` was made for): two instants with equal signatures give it the same value.
    public func signature(_ inputs: TimeInputs, in state: RuleState, at now: Int64) -> [Int] {
        var at = state
        at.now = now
        return withFrame(at) { frame in
            var out: [Int] = []
            out.reserveCapacity(inputs.uses.count * 2)
            for use in inputs.uses {
                let r = use.query >= 0 ? frame.range(of: use.query) : frame.visible(event: use.event)
                if use.matchesBefore.isEmpty {
                    out.append(r.lowerBound)
                    out.append(r.upperBound)
                } else {
                    let start = frame.eventStarts[use.event]
                    out.append(use.matchesBefore[r.lowerBound - start])
                    out.append(use.matchesBefore[r.upperBound - start])
                }
            }
            return out
        }
    }
}
