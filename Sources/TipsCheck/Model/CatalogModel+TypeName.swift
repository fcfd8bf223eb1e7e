extension CatalogModel {
    /// The type as written in the language: `Int?`, `Set<String>`, `Category`. The checker's
    /// messages and the generated Swift's comments both spell types this way.
    public func typeName(_ type: ValueType) -> String {
        switch type {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .date: "Date"
        case .duration: "Duration"
        case .stringSet: "Set<String>"
        case .enumeration(let i): i < enums.count ? enums[i].name : "enum"
        case .optional(let t): typeName(t) + "?"
        case .error: "<error>"
        }
    }
}
