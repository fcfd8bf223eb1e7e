/// Why a store call failed. `message` is written for the developer reading a log:
/// lower-case, names in single quotes (`parameter 'plan' is Plan, not Int`).
public struct TipStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Hashable, Sendable {
        /// The bundle file could not be read.
        case unreadableBundle
        /// The bundle's bytes did not decode or verify.
        case invalidBundle
        /// The journal could not be opened, read or written; the change was not made.
        case journal
        /// Another store in this process has the journal open (by this path or another
        /// that reaches the same file): two stores would each keep their own state in
        /// memory and diverge. Share the one store (it is `Sendable`), or `close()` it first.
        case journalInUse
        /// No tip with that name.
        case unknownTip
        /// The tip is in the app's (embedded) catalog but not in the adopted live catalog:
        /// thrown only by calls that need its declaration in the running catalog
        /// (`content(of:)`, `report(of:)`, `perform(action:of:)`); status, observation,
        /// explanation, invalidation and presentation calls accept it.
        case notInLiveCatalog
        /// No group with that name.
        case unknownGroup
        /// No parameter with that name.
        case unknownParameter
        /// No event with that name.
        case unknownEvent
        /// The tip has no action with that id.
        case unknownAction
        /// A value of the wrong type, or an unknown enumeration case.
        case wrongType
        /// Missing or extra tip arguments or payload fields.
        case wrongFields
        /// The store was closed.
        case closed
    }

    /// What went wrong, for programs.
    public var kind: Kind
    /// What went wrong, for people.
    public var message: String

    /// An error of `kind`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
