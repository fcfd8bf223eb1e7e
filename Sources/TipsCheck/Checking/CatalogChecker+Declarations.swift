import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// Enumeration cases: unique within their enumeration.
    mutating func checkEnums() {
        for index in enumDecls.indices { checkEnum(index) }
    }

    mutating func checkEnum(_ index: Int) {
        let decl = enumDecls[index]
        var seen: [String: SourceRange] = [:]
        var cases: [String] = []
        for c in decl.cases {
            if let first = seen[c.name] {
                error(.duplicateMember, "duplicate case '\(c.name)' in enumeration '\(decl.name.name)'", at: c.range,
                      notes: [Note("first declared here", at: first)])
                continue
            }
            seen[c.name] = c.range
            cases.append(c.name)
        }
        model.enums[index].cases = cases
    }

    /// Resolves `type` syntax. Unknown or invalid types are reported and become `.error`.
    mutating func resolveType(_ type: TypeSyntax) -> ValueType {
        let name = type.name.name
        var base: ValueType
        switch name {
        case "Bool": base = .bool
        case "Int": base = .int
        case "Double": base = .double
        case "String": base = .string
        case "Date": base = .date
        case "Duration": base = .duration
        case "Set":
            guard type.argument?.name == "String" else {
                error(.unsupportedTypeForm, "only 'Set<String>' is supported", at: type.range)
                return .error
            }
            return type.isOptional ? .optional(.stringSet) : .stringSet
        default:
            guard let entry = symbols[name] else {
                unknown(.unknownType, "type", type.name,
                        candidates: Self.builtinTypeNames + names { if case .enumeration = $0 { true } else { false } })
                return .error
            }
            guard case .enumeration(let index) = entry.symbol else {
                wrongKind(type.name, entry, expected: "a type")
                return .error
            }
            base = .enumeration(index)
        }
        if let argument = type.argument {
            error(.unsupportedTypeForm, "'\(name)' takes no type argument", at: argument.range)
            return .error
        }
        return type.isOptional ? .optional(base) : base
    }

    /// Parameter types come before anything that reads parameters.
    mutating func resolveParameterTypes() {
        for (index, decl) in paramDecls.enumerated() {
            model.parameters[index].type = resolveType(decl.type)
        }
    }

    /// Parameter defaults: constants of the parameter's type; required unless optional.
    mutating func checkParameterDefaults() {
        for index in paramDecls.indices { checkParameterDefault(index) }
    }

    mutating func checkParameterDefault(_ index: Int) {
        let decl = paramDecls[index]
        let type = model.parameters[index].type
        guard let expr = decl.defaultValue else {
            if !type.isOptional && !type.isError {
                error(.missingDefault, "parameter '\(decl.name.name)' needs a default value", at: decl.name.range)
            }
            return
        }
        guard !type.isError else { return }
        if let value = constant(expr, of: type, what: "default value of '\(decl.name.name)'") {
            model.parameters[index].defaultValue = value
        }
    }

    /// Event payloads (typed, unique fields) and limits (own, else the catalog's).
    mutating func checkEvents() {
        for index in eventDecls.indices { checkEvent(index) }
    }

    mutating func checkEvent(_ index: Int) {
        let decl = eventDecls[index]
        // An empty payload clause `event e()` is the parser's to report (E127).
        var seen: [String: SourceRange] = [:]
        var fields: [PayloadField] = []
        for field in decl.fields {
            if let first = seen[field.name.name] {
                error(.duplicateMember, "duplicate field '\(field.name.name)' in event '\(decl.name.name)'",
                      at: field.name.range, notes: [Note("first declared here", at: first)])
                continue
            }
            seen[field.name.name] = field.name.range
            var type = resolveType(field.type)
            if !Self.isPayloadType(type) {
                error(.invalidFieldType, "payload field '\(field.name.name)' has type '\(typeName(type))'; "
                      + "fields are Bool, Int, Double, String or an enumeration", at: field.type.range)
                type = .error
            }
            fields.append(PayloadField(name: field.name.name, type: type, range: field.range))
        }
        model.events[index].fields = fields
        model.events[index].limit = model.configuration.donationLimit
        model.events[index].maxAge = model.configuration.donationMaxAge
        if let expr = decl.limit, let n = positiveInt(expr, what: "'limit'", code: .invalidEventLimit) {
            model.events[index].limit = n
        }
        if let expr = decl.maxAge, let d = positiveDuration(expr, what: "'maxAge'", code: .invalidEventLimit) {
            model.events[index].maxAge = d
        }
    }

    /// Whether `type` may be a payload field (or is an error, already reported).
    static func isPayloadType(_ type: ValueType) -> Bool {
        switch type {
        case .bool, .int, .double, .string, .enumeration, .error: true
        default: false
        }
    }
}
