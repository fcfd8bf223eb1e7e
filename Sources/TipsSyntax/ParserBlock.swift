/// A kind of `{ ... }` block whose items start with a word: what to call it in messages,
/// which words start its items, and which words of the enclosing block signal that its
/// closing `}` is missing.
struct ParserBlock {
    /// "tip body", "action body", ...
    let name: String
    /// The words that start an item of this block.
    let words: [String]
    /// Item words of the enclosing block (not also of this one).
    let outerWords: [String]

    static let tip = ParserBlock(
        name: "tip body",
        words: ["id", "title", "message", "image", "rule", "action", "invalidate", "goal", "experiment",
                "maxDisplayCount", "maxDisplayDuration", "ignoresDisplayFrequency", "priority", "ignoresDisplayBudget", "resetEligibility"],
        outerWords: [])

    static let experiment = ParserBlock(
        name: "experiment body", words: ["salt", "holdout", "variant"],
        outerWords: ["id", "title", "message", "image", "rule", "action", "invalidate", "goal", "experiment",
                     "maxDisplayCount", "maxDisplayDuration", "ignoresDisplayFrequency", "priority", "ignoresDisplayBudget", "resetEligibility"])

    /// A variant's items are tip items (the checker says which ones a variant may set).
    static let variant = ParserBlock(
        name: "variant body", words: tip.words, outerWords: ["salt", "holdout", "variant"])

    static let action = ParserBlock(
        name: "action body", words: ["title", "invalidate", "set", "donate", "snooze"],
        outerWords: ["id", "message", "image", "rule", "action", "goal", "experiment", "maxDisplayCount", "maxDisplayDuration",
                     "ignoresDisplayFrequency", "priority", "ignoresDisplayBudget", "resetEligibility"])

    static let config = ParserBlock(
        name: "config block", words: ["displayFrequency", "displayBudget", "donationLimit", "donationMaxAge"], outerWords: [])

    static let testing = ParserBlock(
        name: "testing block", words: ["showAll", "hideAll", "show", "hide"], outerWords: [])

    /// The words as a readable list: "'a', 'b' or 'c'".
    var wordList: String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
    }
}
