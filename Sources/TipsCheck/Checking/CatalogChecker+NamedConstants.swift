import TipsSource
import TipsSyntax

/// `let` declarations. A constant is checked when first used (so constants may use each
/// other in any order, across files) or, if unused, in its own pass; a constant defined in
/// terms of itself is reported once (E421).
extension CatalogChecker {
    enum ConstantProgress {
        case checking
        case done
    }

    mutating func reserve(_ d: ConstantDeclSyntax) {
        constantDecls.append(d)
        model.constants.append(NamedConstant(name: d.name.name, type: .error, value: nil, range: d.range))
    }

    /// Checks every constant not checked through a use.
    mutating func checkConstants() {
        for index in constantDecls.indices where constantProgress[index] == nil { checkConstant(index) }
    }

    /// A use of constant `index` at `id`: its value, or an error node (already reported).
    mutating func constantReference(_ index: Int, at id: Identifier) -> CheckedExpr {
        switch constantProgress[index] {
        case nil:
            checkConstant(index)
            return constantReference(index, at: id)
        case .checking:
            let decl = constantDecls[index]
            error(.circularConstant, "constant '\(decl.name.name)' is defined in terms of itself", at: id.range,
                  notes: [Note("'\(decl.name.name)' is declared here", at: decl.name.range)])
            return errorNode(id.range)
        case .done:
            let c = model.constants[index]
            guard let value = c.value, !c.type.isError else { return errorNode(id.range) }
            return CheckedExpr(.constant(value), type: c.type, range: id.range)
        }
    }

    mutating func checkConstant(_ index: Int) {
        constantProgress[index] = .checking
        defer { constantProgress[index] = .done }
        let decl = constantDecls[index]
        let declared = decl.type.map { resolveType($0) }
        if declared?.isError == true { return }
        let typed = typeExpr(decl.value, expected: declared)
        guard !typed.type.isError else { return }
        var checked = typed
        if let declared {
            guard let coerced = coerce(typed, to: declared) else {
                error(.typeMismatch, "constant '\(decl.name.name)' is declared '\(typeName(declared))' but its value is '\(typeName(typed.type))'",
                      at: decl.value.range)
                return
            }
            checked = coerced
        }
        guard let value = checked.constantValue else {
            error(.notConstant, "the value of constant '\(decl.name.name)' must be a constant", at: decl.value.range,
                  notes: [Note("literals, negated numbers, enumeration cases, date(...), nil, other constants and arithmetic on them are constants; parameters, now and queries are not")])
            return
        }
        model.constants[index].type = checked.type
        model.constants[index].value = value
    }
}
