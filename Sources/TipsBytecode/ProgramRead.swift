/// One input a program reads, as its operands' roles (`Opcode.roles`) name it, resolved
/// against the bundle's tables: what `ProgramReads.visit` reports, one at a time.
///
/// Consumers switch over it without `default`, so a new kind of input reaches each of
/// them as a compile error rather than going unobserved.
public enum ProgramRead: Hashable, Sendable {
    /// A parameter slot, loaded or compared (`loadParam`, `paramEqConst`).
    case parameter(Int)
    /// A Date parameter whose value is pushed, so it may meet `now` in arithmetic.
    case instantParameter(Int)
    /// An event whose visible donations are read, counted whole or through a query.
    case event(Int)
    /// An event counted whole, without a query (`countEvent`): every visible donation,
    /// future ones included.
    case countedEvent(Int)
    /// An event query.
    case query(Int)
    /// A range of donations the program reads moves with `now` by this much (ms): a
    /// query's window or an event's `maxAge`.
    case window(Int64)
    /// A constant-pool entry, pushed or compared.
    case constant(Int)
    /// An instant pushed from the constant pool (ms since 1970), which may meet `now`.
    case instant(Int64)
    /// A duration pushed from the constant pool (ms).
    case duration(Int64)
    /// The evaluation instant `now` itself.
    case clock
    /// The platform the app runs on (`platformIn`).
    case platform
    /// The device's time zone (local calendar fields, `countDays`).
    case zone
    /// An instant of the app's history (`lifetime`, by `LifetimeInstant` raw value): like a
    /// Date parameter, an input that meets `now` in arithmetic.
    case lifetime(Int)
    /// A byte that is no opcode: what that instruction reads is not known.
    case unknownOpcode
}
