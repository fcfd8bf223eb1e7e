/// A Swift enumeration mirroring a `.tips` `enum`: raw values are the declared case names,
/// which is how the store and the journal name enum values.
///
/// `tipc gen swift` writes one for every enum of a catalog; conforming is all it takes.
public protocol TipEnumeration: TipValueConvertible, RawRepresentable, CaseIterable, Hashable
    where RawValue == String {}

extension TipEnumeration {
    public var tipValue: TipValue { .enumCase(rawValue) }
    public init?(tipValue: TipValue) {
        guard case .enumCase(let name) = tipValue else { return nil }
        self.init(rawValue: name)
    }
}
