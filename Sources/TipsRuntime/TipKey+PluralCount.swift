extension TipKey {
    /// The count a String Catalog's plural variation is chosen by: the tip's argument of type
    /// `Int` when it has exactly one (`tip SavedTip(count: Int)`); nil otherwise, and then the
    /// `other` form shows. Docs/adopting.md, "Plural and device variations".
    public var pluralCount: Int? {
        var found: Int?
        for value in arguments.values {
            guard case .int(let n) = value else { continue }
            if found != nil { return nil }
            found = Int(clamping: n)
        }
        return found
    }
}
