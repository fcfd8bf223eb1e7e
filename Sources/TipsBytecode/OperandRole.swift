/// What one operand field of an instruction names: one cell of the table in `Opcode.roles`.
public enum OperandRole: String, Sendable, CaseIterable {
    /// A Bool immediate, 0 or 1 (`pushBool`).
    case bool
    /// A signed Int immediate (`pushInt`).
    case int
    /// A constant-pool index. The constant may be an instant or a duration (a time input
    /// once it meets `now`), or stand for a reusable tip's argument (the `arguments`
    /// section binds it).
    case constant
    /// A string-table index.
    case string
    /// A parameter slot.
    case parameter
    /// An event index: every visible donation of the event, no window and no filter.
    case event
    /// An event query index: its event, window (a time input), filter and group field.
    case query
    /// A forward jump offset: the target is pc + 1 + offset.
    case jump
    /// A stack depth (0 top, 1 next) the instruction works at in place.
    case depth
    /// A `Relation` raw value.
    case relation
    /// A count the instruction compares a query's count with (`countAtLeast`).
    case count
    /// A platform mask, one bit per `BundlePlatform` as in the `conditions` section
    /// (`platformIn`): the app's platform is an input.
    case platforms
    /// A `CalendarField` raw value (`localTime`): a field of the local wall clock.
    case calendarField
    /// A `LifetimeInstant` raw value (`lifetime`): the install or last-update instant, an input.
    case lifetime
}
