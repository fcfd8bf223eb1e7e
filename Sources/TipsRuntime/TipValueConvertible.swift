import Foundation

/// A Swift type whose values travel to and from the store as a ``TipValue``: the value
/// type of a typed parameter (``TipParameter``), and of the payload fields and tip
/// arguments in generated code (`tipc gen swift`).
///
/// `Bool`, `Int`, `Double`, `String`, `Date`, `Set<String>`, optionals of these, and the
/// enumerations `tipc gen swift` writes (``TipEnumeration``) conform.
public protocol TipValueConvertible: Sendable {
    /// The value as the store's untyped API takes it.
    var tipValue: TipValue { get }
    /// The value read back from the store, or nil when `tipValue` has another type.
    init?(tipValue: TipValue)
}

extension Bool: TipValueConvertible {
    public var tipValue: TipValue { .bool(self) }
    public init?(tipValue: TipValue) {
        guard case .bool(let v) = tipValue else { return nil }
        self = v
    }
}

extension Int: TipValueConvertible {
    public var tipValue: TipValue { .int(Int64(self)) }
    public init?(tipValue: TipValue) {
        // Int is 32 bits on some watchOS devices: a value that doesn't fit is a mismatch,
        // never a trap.
        guard case .int(let v) = tipValue, let i = Int(exactly: v) else { return nil }
        self = i
    }
}

extension Double: TipValueConvertible {
    public var tipValue: TipValue { .double(self) }
    public init?(tipValue: TipValue) {
        switch tipValue {
        case .double(let v): self = v
        case .int(let v): self = Double(v)
        default: return nil
        }
    }
}

extension String: TipValueConvertible {
    public var tipValue: TipValue { .string(self) }
    public init?(tipValue: TipValue) {
        guard case .string(let v) = tipValue else { return nil }
        self = v
    }
}

extension Date: TipValueConvertible {
    /// Rounded down to the millisecond, as the store keeps instants.
    public var tipValue: TipValue { .date(self) }
    public init?(tipValue: TipValue) {
        guard case .date(let ms) = tipValue else { return nil }
        self = Date(timeIntervalSince1970: Double(ms) / 1000)
    }
}

extension Set: TipValueConvertible where Element == String {
    public var tipValue: TipValue { .stringSet(self) }
    public init?(tipValue: TipValue) {
        guard case .stringSet(let v) = tipValue else { return nil }
        self = v
    }
}

extension Optional: TipValueConvertible where Wrapped: TipValueConvertible {
    public var tipValue: TipValue { self?.tipValue ?? .null }
    public init?(tipValue: TipValue) {
        if case .null = tipValue {
            self = .none
        } else if let wrapped = Wrapped(tipValue: tipValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}
