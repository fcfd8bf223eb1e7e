extension TipsBundle {
    /// A type as the language writes it (`Plan?`, `Set<String>`), an enum by its declared
    /// name ("enum" when its index is outside the enum table).
    public func typeName(_ t: ValueType) -> String {
        t.name { index in
            guard Int(index) < enums.count else { return "enum" }
            let name = enums[Int(index)].name
            return Int(name) < strings.count ? strings[Int(name)] : ""
        }
    }
}
