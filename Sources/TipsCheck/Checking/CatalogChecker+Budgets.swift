import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// What a display budget may be, listed in every E414 about one.
    static let budgetForms = "a display budget is a constant Int from 1 to \(Configuration.maxDisplayBudget), "
        + "as in 'displayBudget 1 per day' or 'displayBudget 3 per launch'"
    /// What a priority may be, listed in every E413 about one.
    static let priorityForms = "a priority is a constant Int from \(TipOptions.priorities.lowerBound) to "
        + "\(TipOptions.priorities.upperBound), as in 'priority 10'; higher takes a display budget first, the default is 0"

    /// Priorities said in words, and a number that says the same (relative to the default 0).
    static let priorityWords: [String: Int] = [
        "high": 10, "higher": 10, "highest": 100, "urgent": 50, "critical": 100, "important": 10,
        "low": -10, "lower": -10, "lowest": -100, "normal": 0, "medium": 0, "default": 0, "none": 0,
    ]

    /// The first `displayBudget` of each unit in the config block (checkConfig reported the
    /// repeats). It runs after the parameters' and constants' types are known, so that a
    /// parameter named as the budget is reported as not constant rather than passed over.
    mutating func checkDisplayBudgets() {
        guard let config = configDecls.first else { return }
        var seen: Set<String> = []
        for case .displayBudget(let expr, let unit, let r) in config.items where seen.insert(unit.name).inserted {
            switch unit.name {
            case "day":
                model.configuration.displayBudgetPerDay = displayBudget(expr, unit: unit.name)
                model.configuration.displayBudgetPerDayRange = r
            case "launch":
                model.configuration.displayBudgetPerLaunch = displayBudget(expr, unit: unit.name)
                model.configuration.displayBudgetPerLaunchRange = r
            default:
                break  // reported by the parser
            }
        }
    }

    /// `displayBudget N per UNIT`: a constant Int in 1...100, or nil after an E414 that lists the forms.
    mutating func displayBudget(_ expr: ExprSyntax, unit: String) -> Int? {
        let notes = [Note(Self.budgetForms)]
        let typed = typeExpr(expr, expected: .int)
        if typed.type.isError { return nil }
        guard typed.type == .int else {
            error(.invalidConfiguration, "a display budget must be an Int, found '\(typeName(typed.type))'",
                  at: expr.range, notes: notes)
            return nil
        }
        guard case .int(let n)? = typed.constantValue else {
            error(.invalidConfiguration, "a display budget must be a constant Int", at: expr.range, notes: notes)
            return nil
        }
        guard n >= 1 else {
            // `displayBudget 0 per day` would show nothing: leaving the budget out means no limit.
            error(.invalidConfiguration, "a display budget must be at least 1, found \(n)", at: expr.range,
                  notes: notes + [Note("without 'displayBudget ... per \(unit)' there is no limit per \(unit)")])
            return nil
        }
        guard n <= Int64(Configuration.maxDisplayBudget) else {
            error(.invalidConfiguration, "a display budget must be at most \(Configuration.maxDisplayBudget), found \(n)",
                  at: expr.range, notes: notes)
            return nil
        }
        return Int(n)
    }

    /// `priority N`: a constant Int in -100...100, or nil after an E413 that lists the forms
    /// (with a number for `priority high`).
    mutating func priority(_ expr: ExprSyntax) -> Int? {
        let notes = [Note(Self.priorityForms)]
        var word: Identifier?
        if case .name(let id) = expr { word = id }
        if case .enumCase(let id, _) = expr { word = id }
        if let word, let n = Self.priorityWords[word.name.lowercased()] {
            error(.invalidTipOption, "a priority is a number, not '\(word.name)': write 'priority \(n)'", at: expr.range,
                  notes: notes, fixIts: [.replace(expr.range, with: "\(n)", message: "replace with '\(n)'")])
            return nil
        }
        let typed = typeExpr(expr, expected: .int)
        if typed.type.isError { return nil }
        guard typed.type == .int else {
            error(.invalidTipOption, "a priority must be an Int, found '\(typeName(typed.type))'", at: expr.range, notes: notes)
            return nil
        }
        guard case .int(let n)? = typed.constantValue else {
            error(.invalidTipOption, "a priority must be a constant Int", at: expr.range, notes: notes)
            return nil
        }
        guard TipOptions.priorities.contains(Int(clamping: n)) else {
            let bound = n < 0 ? TipOptions.priorities.lowerBound : TipOptions.priorities.upperBound
            error(.invalidTipOption, "a priority must be from \(TipOptions.priorities.lowerBound) to "
                  + "\(TipOptions.priorities.upperBound), found \(n)", at: expr.range, notes: notes,
                  fixIts: [.replace(expr.range, with: "\(bound)", message: "replace with '\(bound)'")])
            return nil
        }
        return Int(n)
    }
}
