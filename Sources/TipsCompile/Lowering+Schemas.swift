import TipsBytecode
import TipsCheck

/// Configuration, enumerations, parameters and events: the bundle's schema tables.
extension Lowering {
    mutating func lowerConfiguration() {
        let c = model.configuration
        builder.configuration = TipsBytecode.Configuration(
            displayFrequency: c.displayFrequency.milliseconds,
            donationLimit: UInt32(clamping: c.donationLimit),
            donationMaxAge: c.donationMaxAge)
    }

    /// Display budgets, the tips with a priority or a budget exemption (reusable tips too: one
    /// entry stands for every instance), and the groups that flow as one unit. A catalog with
    /// none of them leaves the schema empty, so its bundle keeps the bytes and format version
    /// it had before budgets existed.
    mutating func lowerBudgets() {
        let c = model.configuration
        var budgets = BudgetSchema(perDay: UInt16(clamping: c.displayBudgetPerDay ?? 0),
                                   perLaunch: UInt16(clamping: c.displayBudgetPerLaunch ?? 0))
        for (index, tip) in model.tips.enumerated() where tip.options.priority != 0 || tip.options.ignoresDisplayBudget {
            budgets.tips.append(BudgetSchema.TipBudget(tip: UInt32(index), priority: Int16(clamping: tip.options.priority),
                                                       exempt: tip.options.ignoresDisplayBudget))
        }
        budgets.togetherGroups = model.groups.indices.filter { model.groups[$0].together }.map { UInt32($0) }
        builder.setBudgets(budgets)
    }

    /// The tips that come back by themselves (`resetEligibility after D`), in tip order; a
    /// catalog without one keeps the bytes and format version it had before renewals existed.
    mutating func lowerRenewals() {
        builder.setRenewals(model.tips.indices.compactMap { index in
            model.tips[index].options.resetEligibilityAfter.map { RenewalSchema(tip: UInt32(index), after: $0) }
        })
    }

    mutating func lowerEnums() {
        for e in model.enums { builder.addEnum(e.name, cases: e.cases) }
    }

    mutating func lowerParameters() {
        for p in model.parameters {
            let type = bytecodeType(p.type)
            builder.addParam(p.name, type: type, default: constant(p.defaultValue, type: p.type),
                             transient: p.isTransient)
        }
    }

    /// Events carry their effective limits: the checker already applied the catalog's
    /// `donationLimit` and `donationMaxAge` to events that do not set their own.
    mutating func lowerEvents() {
        for e in model.events {
            let fields = e.fields.map { ($0.name, bytecodeType($0.type)) }
            builder.addEvent(e.name, fields: fields, limit: UInt32(clamping: e.limit), maxAge: e.maxAge)
        }
    }

    /// The bytecode type of a model type (an erroneous type, only in models with errors,
    /// becomes Bool so lowering can go on).
    func bytecodeType(_ t: TipsCheck.ValueType) -> TipsBytecode.ValueType {
        switch t {
        case .bool, .error: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .date: .date
        case .duration: .duration
        case .stringSet: .stringSet
        case .enumeration(let e): .enumeration(e)
        case .optional(let w): bytecodeType(w).optional
        }
    }

    /// The bytecode type of a comparison domain.
    func bytecodeType(_ d: ComparisonDomain) -> TipsBytecode.ValueType {
        switch d {
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .duration: .duration
        case .date: .date
        case .enumeration(let e): .enumeration(e)
        }
    }

    /// The pool constant for `value` of model type `type` (nil takes the type's base).
    mutating func constant(_ value: ConstantValue, type: TipsCheck.ValueType) -> Constant {
        switch value {
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(builder.string(s))
        case .duration(let ms): .duration(ms: ms)
        case .date(let ms): .date(ms: ms)
        case .enumCase(let e, let i): .enumCase(e, i)
        case .stringSet(let members): .set(builder.set(members))
        case .none: .nil(bytecodeType(type.unwrapped))
        }
    }
}
