import TipsSource
import TipsSyntax
import TipsTime

extension CatalogChecker {
    /// The model's case for each of `FrequencyName.names` (the one vocabulary, in TipsTime).
    static let frequencyNames: [String: DisplayFrequency] = [
        "immediate": .immediate, "hourly": .hourly, "daily": .daily, "weekly": .weekly, "monthly": .monthly,
    ]

    /// How writers say a frequency in words (lower-cased), and the name that means it.
    static let frequencySynonyms: [String: String] = [
        "onceperday": "daily", "perday": "daily", "day": "daily", "everyday": "daily", "once_per_day": "daily",
        "onceperhour": "hourly", "perhour": "hourly", "hour": "hourly",
        "onceperweek": "weekly", "perweek": "weekly", "week": "weekly",
        "oncepermonth": "monthly", "permonth": "monthly", "month": "monthly",
        "always": "immediate", "immediately": "immediate",
    ]

    /// The `config` block: at most one per catalog, each setting at most once.
    mutating func checkConfig() {
        guard let config = configDecls.first else { return }
        for extra in configDecls.dropFirst() {
            error(.repeatedConfig, "a catalog has at most one 'config' block", at: extra.range,
                  notes: [Note("first 'config' block here", at: config.range)])
        }
        model.configuration.range = config.range
        var seen: [String: SourceRange] = [:]
        for item in config.items {
            let key: String = switch item {
            case .displayFrequency: "displayFrequency"
            case .donationLimit: "donationLimit"
            case .donationMaxAge: "donationMaxAge"
            // One budget per unit; an unknown unit was reported by the parser.
            case .displayBudget(_, let unit, _): "displayBudget ... per \(unit.name)"
            }
            if let first = seen[key] {
                error(.repeatedSetting, "'\(key)' is already set", at: item.range, notes: [Note("first set here", at: first)])
                continue
            }
            seen[key] = item.range
            switch item {
            case .displayFrequency(.named(let id), _):
                if let frequency = Self.frequencyNames[id.name] {
                    model.configuration.displayFrequency = frequency
                } else {
                    unknown(.invalidConfiguration, "display frequency", id,
                            candidates: FrequencyName.names,
                            listing: "a display frequency is a duration such as 20h, or one of",
                            guess: Self.frequencySynonyms[id.name.lowercased()])
                }
            case .displayFrequency(.custom(let expr), _):
                if let ms = positiveDuration(expr, what: "'displayFrequency'", code: .invalidConfiguration) {
                    model.configuration.displayFrequency = .custom(ms)
                }
            case .donationLimit(let expr, _):
                if let n = positiveInt(expr, what: "'donationLimit'", code: .invalidConfiguration) {
                    model.configuration.donationLimit = n
                }
            case .donationMaxAge(let expr, _):
                if let ms = positiveDuration(expr, what: "'donationMaxAge'", code: .invalidConfiguration) {
                    model.configuration.donationMaxAge = ms
                }
            case .displayBudget:
                break  // checkDisplayBudgets, once parameters and constants have their types
            }
        }
    }
}
