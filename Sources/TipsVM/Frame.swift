/// Raw views of everything one evaluation reads. Built once per evaluation; the dispatch
/// loop and its helpers use only these pointers (no arrays, no classes, no existentials).
/// The state is read-only; the only memory written is the VM's own (stack, scratch,
/// window cursors).
struct Frame {
    let code: UnsafePointer<UInt32>
    let constants: UnsafePointer<Slot>
    let queries: UnsafePointer<QueryEntry>
    let terms: UnsafePointer<TermEntry>
    let events: UnsafePointer<EventEntry>
    let params: UnsafePointer<Slot>
    let stringBytes: UnsafePointer<UInt8>
    let stringStarts: UnsafePointer<UInt32>
    let setMembers: UnsafePointer<UInt32>
    let setStarts: UnsafePointer<UInt32>
    let timestamps: UnsafePointer<Int64>
    let eventStarts: UnsafePointer<Int>
    let payload: UnsafePointer<Slot>
    let payloadStarts: UnsafePointer<Int>
    let stack: UnsafeMutablePointer<Slot>
    let scratch: UnsafeMutablePointer<UInt64>
    /// One per query: where its window was last found (the VM's, updated as it runs).
    let cursors: UnsafeMutablePointer<WindowCursor>
    /// One per event: where its maxAge boundary was last found.
    let ageCursors: UnsafeMutablePointer<Int>
    /// The VM's count of donations scanned by filtered and grouped queries (`RuleVM.donationsScanned`).
    let scanned: UnsafeMutablePointer<Int>
    /// Per query, where its matching donations are (`MatchIndex`), or nil: scan.
    let matchTables: UnsafePointer<MatchTable>?
    let now: Int64
    /// The app's platform as its bit in a `platformIn` mask (`RuleState.platform`).
    let platformBit: UInt32
    /// `now` on the local wall clock: `now` plus the zone's offset at `now`, found once
    /// per evaluation (`RuleState.zone`), so calendar fields are integer arithmetic.
    let localNow: Int64
    /// The zone's transitions and offsets (`LocalZone`), for the local day of a donation.
    let zoneTransitions: UnsafePointer<Int64>?
    let zoneTransitionCount: Int
    let zoneOffsets: UnsafePointer<Int64>
    /// `installed` and `appUpdated` (`LifetimeInstant`), nil while unknown.
    let installed: Slot
    let appUpdated: Slot
}
