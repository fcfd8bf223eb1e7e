import TipsBytecode

/// Evaluates the programs of one verified bundle against a `RuleState`.
///
/// The VM owns a preallocated stack (sized by the verifier's maximum depth), a scratch
/// buffer for grouping and one window cursor per query, so an evaluation allocates nothing
/// once the scratch has grown to the largest event. Not thread-safe: give each thread its
/// own VM (they are cheap).
public final class RuleVM {
    /// The bundle whose programs this VM runs.
    public let verified: VerifiedBundle
    let image: Image
    let stack: UnsafeMutablePointer<Slot>
    var scratch: UnsafeMutablePointer<UInt64>
    var scratchCapacity: Int
    let layout: UInt64
    /// Code addresses of every tip's rule programs, tip after tip, and where each tip's run
    /// starts (`tipRuleStarts[tip] ..< tipRuleStarts[tip + 1]`): raw memory, so checking a
    /// tip's rules touches no array and no reference count.
    let tipRuleCode: UnsafeMutableBufferPointer<Int>
    let tipRuleStarts: UnsafeMutableBufferPointer<Int>
    /// Window cursors, one per query, and maxAge cursors, one per event: guesses checked
    /// on every use (`WindowCursor`), so any state and any `now` may follow any other.
    let cursors: UnsafeMutableBufferPointer<WindowCursor>
    let ageCursors: UnsafeMutableBufferPointer<Int>
    /// The tests of every tip whose rules are all conjunctions of fused tests
    /// (`Conjunction`), tip after tip: tip t's are `tipTests[tipTestBounds[2t] ..<
    /// tipTestBounds[2t + 1]]`, and its start is -1 when some rule has another shape.
    let tipTests: UnsafeMutableBufferPointer<ConjunctionTest>
    let tipTestBounds: UnsafeMutableBufferPointer<Int>
    /// The same per program (for `evaluateRule`): program p's tests are
    /// `programTests[programTestBounds[2p] ..< programTestBounds[2p + 1]]`, start -1 if none.
    let programTests: UnsafeMutableBufferPointer<ConjunctionTest>
    let programTestBounds: UnsafeMutableBufferPointer<Int>
    /// Where reusable tips' argument values go (see `RuleVM+Arguments.swift`).
    let argumentSlots: ArgumentSlots
    /// Backs `donationsScanned`: one add per scan, not per donation.
    let scanned: UnsafeMutablePointer<Int>

    /// A VM for `verified`.
    public init(_ verified: VerifiedBundle) {
        self.verified = verified
        image = Image(verified)
        argumentSlots = ArgumentSlots(verified.bundle)
        stack = .allocate(capacity: max(verified.maxStackDepth, 1))
        scratchCapacity = 16
        scratch = .allocate(capacity: scratchCapacity)
        layout = RuleState.layout(of: verified.bundle)
        let tips = verified.bundle.tips
        tipRuleStarts = .allocate(capacity: tips.count + 1)
        tipRuleCode = .allocate(capacity: max(1, tips.reduce(0) { $0 + $1.rules.count }))
        var next = 0
        for (t, tip) in tips.enumerated() {
            tipRuleStarts[t] = next
            for r in tip.rules {
                tipRuleCode[next] = image.programStarts[Int(r)]
                next += 1
            }
        }
        tipRuleStarts[tips.count] = next
        let programTests = verified.bundle.programs.map { Conjunction.tests(of: $0.code) }
        var tests: [ConjunctionTest] = []
        tipTestBounds = .allocate(capacity: max(1, 2 * tips.count))
        for (t, tip) in tips.enumerated() {
            let found = tip.rules.map { programTests[Int($0)] }
            if found.isEmpty || found.contains(where: { $0 == nil }) {
                tipTestBounds[2 * t] = -1
                tipTestBounds[2 * t + 1] = -1
            } else {
                tipTestBounds[2 * t] = tests.count
                for f in found { tests.append(contentsOf: f ?? []) }
                tipTestBounds[2 * t + 1] = tests.count
            }
        }
        tipTests = .allocate(capacity: max(1, tests.count))
        _ = tipTests.initialize(from: tests)
        var flat: [ConjunctionTest] = []
        programTestBounds = .allocate(capacity: max(1, 2 * programTests.count))
        for (p, found) in programTests.enumerated() {
            programTestBounds[2 * p] = found == nil ? -1 : flat.count
            flat.append(contentsOf: found ?? [])
            programTestBounds[2 * p + 1] = found == nil ? -1 : flat.count
        }
        self.programTests = .allocate(capacity: max(1, flat.count))
        _ = self.programTests.initialize(from: flat)
        cursors = .allocate(capacity: max(1, verified.bundle.queries.count))
        cursors.initialize(repeating: WindowCursor(lo: 0, hi: 0))
        ageCursors = .allocate(capacity: max(1, verified.bundle.events.count))
        ageCursors.initialize(repeating: 0)
        scanned = .allocate(capacity: 1)
        scanned.initialize(to: 0)
    }

    /// How many donations this VM's filtered and grouped queries have looked at one by one
    /// since it was made (a scan of a window adds the donations it examined). Work, not
    /// time: tests bound what a search costs with it (`explain` over a long journal).
    package var donationsScanned: Int { scanned.pointee }

    deinit {
        image.deallocate()
        tipRuleCode.deallocate()
        tipRuleStarts.deallocate()
        tipTests.deallocate()
        tipTestBounds.deallocate()
        programTests.deallocate()
        programTestBounds.deallocate()
        cursors.deallocate()
        ageCursors.deallocate()
        scanned.deallocate()
        stack.deallocate()
        scratch.deallocate()
    }

    /// Runs program `program` and returns its result (of the program's result type).
    /// `state` must have been made for this VM's bundle (checked: a mismatch traps).
    public func evaluate(_ program: Int, in state: RuleState) -> Slot {
        precondition(state.layout == layout, "RuleState was made for a different bundle")
        precondition(image.programStarts.indices.contains(program), "program index out of range")
        let start = image.programStarts[program]
        return withFrame(state) { $0.run(from: start) }
    }

    /// Calls `body` with a frame over `state`'s buffers; one frame serves any number of runs.
    @inline(__always)
    func withFrame<R>(_ state: RuleState, matches: MatchIndex? = nil, _ body: (Frame) -> R) -> R {
        if state.donations.largestEventCount > scratchCapacity { growScratch(state.donations.largestEventCount) }
        let matchTables = matches.map { UnsafePointer($0.tables.baseAddress.unsafelyUnwrapped) }
        return withExtendedLifetime(matches) { state.params.withUnsafeBufferPointer { params in
            state.strings.bytes.withUnsafeBufferPointer { stringBytes in
                state.strings.starts.withUnsafeBufferPointer { stringStarts in
                    state.sets.members.withUnsafeBufferPointer { setMembers in
                        state.sets.starts.withUnsafeBufferPointer { setStarts in
                            state.donations.timestamps.withUnsafeBufferPointer { timestamps in
                                state.donations.eventStarts.withUnsafeBufferPointer { eventStarts in
                                    state.donations.payload.withUnsafeBufferPointer { payload in
                                        state.donations.payloadStarts.withUnsafeBufferPointer { payloadStarts in
                                          state.zone.transitions.withUnsafeBufferPointer { zoneTransitions in
                                            state.zone.offsets.withUnsafeBufferPointer { zoneOffsets in
                                            let offsets = zoneOffsets.baseAddress.unsafelyUnwrapped
                                            let offset = LocalZone.offset(at: state.now, zoneTransitions.baseAddress,
                                                                          zoneTransitions.count, offsets)
                                            let frame = Frame(
                                                code: base(image.code), constants: base(image.constants),
                                                queries: base(image.queries), terms: base(image.terms),
                                                events: base(image.events), params: base(params),
                                                stringBytes: base(stringBytes), stringStarts: base(stringStarts),
                                                setMembers: base(setMembers), setStarts: base(setStarts),
                                                timestamps: base(timestamps), eventStarts: base(eventStarts),
                                                payload: base(payload), payloadStarts: base(payloadStarts),
                                                stack: stack, scratch: scratch,
                                                cursors: cursors.baseAddress.unsafelyUnwrapped,
                                                ageCursors: ageCursors.baseAddress.unsafelyUnwrapped,
                                                scanned: scanned, matchTables: matchTables, now: state.now,
                                                platformBit: 1 << UInt32(state.platform.rawValue),
                                                localNow: state.now &+ offset,
                                                zoneTransitions: zoneTransitions.baseAddress,
                                                zoneTransitionCount: zoneTransitions.count, zoneOffsets: offsets,
                                                installed: state.installedAt.map { Slot.date(ms: $0) } ?? .nil,
                                                appUpdated: state.appUpdatedAt.map { Slot.date(ms: $0) } ?? .nil)
                                            return body(frame)
                                            }
                                          }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        } }
    }

    /// Runs rule program `program` (result type Bool); a conjunction of fused tests
    /// (`Conjunction`) is tested directly, without the dispatch loop.
    public func evaluateRule(_ program: Int, in state: RuleState) -> Bool {
        evaluateRule(program, in: state, matches: nil)
    }

    /// `evaluateRule(_:in:)` with filtered queries answered from `matches` (made by
    /// `matchIndex(programs:in:)` for this `state`'s donations and the argument values bound
    /// now) instead of scanned: the same value, without the scan.
    package func evaluateRule(_ program: Int, in state: RuleState, matches: MatchIndex?) -> Bool {
        precondition(state.layout == layout, "RuleState was made for a different bundle")
        precondition(image.programStarts.indices.contains(program), "program index out of range")
        precondition(matches?.fits(state) ?? true, "MatchIndex was made for other donations")
        let testStart = programTestBounds[2 &* program]
        let testEnd = programTestBounds[2 &* program &+ 1]
        let tests = UnsafePointer(programTests.baseAddress.unsafelyUnwrapped)
        let start = image.programStarts[program]
        return withFrame(state, matches: matches) { frame in
            testStart >= 0 ? frame.allHold(tests, testStart, testEnd) : frame.run(from: start).bits != 0
        }
    }

    /// True when every rule of tip `tip` holds (a tip without rules is eligible).
    public func rulesHold(tip: Int, in state: RuleState) -> Bool {
        precondition(state.layout == layout, "RuleState was made for a different bundle")
        precondition(tip >= 0 && tip < tipRuleStarts.count - 1, "tip index out of range")
        let first = tipRuleStarts[tip]
        let end = tipRuleStarts[tip + 1]
        if first == end { return true }
        let testStart = tipTestBounds[2 &* tip]
        if testStart >= 0 {
            let testEnd = tipTestBounds[2 &* tip &+ 1]
            let tests = UnsafePointer(tipTests.baseAddress.unsafelyUnwrapped)
            return withFrame(state) { $0.allHold(tests, testStart, testEnd) }
        }
        let code = tipRuleCode
        return withFrame(state) { frame in
            var r = first
            while r < end {
                if frame.run(from: code[r]).bits == 0 { return false }
                r &+= 1
            }
            return true
        }
    }

    private func growScratch(_ n: Int) {
        scratch.deallocate()
        scratchCapacity = max(n, scratchCapacity * 2)
        scratch = .allocate(capacity: scratchCapacity)
    }
}

/// The base address of a buffer; an empty buffer yields an aligned dummy address that
/// verified code never dereferences (it only indexes tables the verifier saw non-empty).
@inline(__always)
func base<T>(_ b: UnsafeBufferPointer<T>) -> UnsafePointer<T> {
    if let p = b.baseAddress { return p }
    return UnsafePointer(bitPattern: MemoryLayout<T>.alignment).unsafelyUnwrapped
}

@inline(__always)
func base<T>(_ b: UnsafeMutableBufferPointer<T>) -> UnsafePointer<T> { base(UnsafeBufferPointer(b)) }
