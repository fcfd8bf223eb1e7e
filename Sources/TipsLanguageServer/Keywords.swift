import TipsCheck
import TipsSource
import TipsSyntax

/// What the language's words mean, for hover and completion (Docs/language.md in brief).
enum Keywords {
    /// Words that start a top-level declaration.
    static let declarations = ["config", "enum", "param", "transient", "event", "let", "tip", "group", "testing"]
    /// Items of a tip body.
    static let tipItems = ["id", "title", "message", "image", "rule", "action", "invalidate", "goal", "experiment", "maxDisplayCount",
                           "maxDisplayDuration", "ignoresDisplayFrequency", "priority", "ignoresDisplayBudget", "resetEligibility"]
    /// Effects inside an action.
    static let actionItems = ["title", "invalidate", "set", "donate", "snooze"]
    static let configItems = ["displayFrequency", "displayBudget", "donationLimit", "donationMaxAge"]
    /// The units of `displayBudget N per UNIT` (the parser's list), with what each counts.
    static let budgetUnits: [(String, String)] = [("day", "tips shown in one local calendar day"),
                                                  ("launch", "tips shown in one launch of the app")]
    /// The words after a group's name: its priority, then `together`.
    static let groupClauses = ["firstAvailable", "ordered", "together"]
    static let testingItems = ["showAll", "hideAll", "show", "hide"]
    static let eventItems = ["limit", "maxAge", "renamedFrom", "key"]
    static let queryFunctions = ["count", "largestGroup", "smallestGroup", "first", "last", "days"]
    static let functions = ["date", "min", "max", "during"]
    /// The local calendar's built-in values (Docs/language.md, "The local calendar"), with their types.
    static let calendarValues: [(String, String)] = [("month", "Int: the local month (.january ... .december)"),
                                                     ("weekday", "Int: the local weekday (.monday ... .sunday)"),
                                                     ("timeOfDay", "Duration: the wall-clock time since local midnight"),
                                                     ("installed", "Date?: when the store's journal began"),
                                                     ("appUpdated", "Date?: when the app last said it was updated")]
    static let literals = ["true", "false", "nil", "now"]
    /// What `platform` is compared with in a `when` condition (the checker's list).
    static let platforms = ContentCondition.platformNames
    static let builtinTypes = ["Bool", "Int", "Double", "String", "Date", "Set"]
    /// The named display frequencies (the parser's list).
    static let frequencies = TipKitSpelling.frequencies
    static let durationUnits: [(String, String)] = [("ms", "milliseconds"), ("s", "seconds"), ("m", "minutes"),
                                                    ("h", "hours"), ("d", "days (24 hours)"), ("w", "weeks (7 days)")]
    static let stringMembers: [(String, String)] = [
        ("isEmpty", "Bool: the string has no characters"), ("count", "Int: the number of Unicode scalars"),
        ("hasPrefix", "Bool: starts with the argument"), ("hasSuffix", "Bool: ends with the argument"),
        ("contains", "Bool: contains the argument"),
    ]
    static let setMembers: [(String, String)] = [
        ("contains", "Bool: the argument is a member"), ("count", "Int: the number of members"),
        ("isEmpty", "Bool: the set has no members"),
    ]

    /// Every word the language gives a meaning somewhere: the grammar's contextual words
    /// (Docs/language.md), the built-in types, functions, members and literals, `platform`
    /// and the platforms, the frequencies and the invalidation reasons. Rename refuses them
    /// as new names (with the lexer's reserved words, ``isReserved(_:)``), so renaming
    /// never changes what a catalog says: a parameter renamed `platform` would take the
    /// place of the platform in every `when platform == iOS`.
    static let languageWords: Set<String> = {
        var words = Set(declarations + tipItems + actionItems + configItems + testingItems + eventItems
            + queryFunctions + functions + literals + platforms + builtinTypes + frequencies + TipKitSpelling.reasons)
        words.formUnion(stringMembers.map(\.0))
        words.formUnion(setMembers.map(\.0))
        words.formUnion(meanings.keys)
        // Grammar words without a hover of their own, and the type durations have.
        words.formUnion(["table", "default", "Duration"])
        return words
    }()

    /// Whether the lexer reads `word` as one of its reserved words rather than as a name.
    static func isReserved(_ word: String) -> Bool {
        let tokens = Lexer.tokenize(SourceFile(id: FileID(0), path: "", text: word)).tokens
        return tokens.count == 2 && tokens[0].kind != .identifier && tokens[0].range.end == Int32(word.utf8.count)
    }

    /// One-paragraph meanings, in Markdown.
    static let meanings: [String: String] = [
        "config": "`config { ... }`: the catalog's settings (`displayFrequency`, `displayBudget`, `donationLimit`, `donationMaxAge`); at most one per catalog.",
        "enum": "`enum Name { a, b }`: an enumeration, a type for parameters, payload fields and tip arguments. Case names are persisted in journals.",
        "param": "`param name: Type = default`: a named, typed value the app sets and rules read. The name is the persistence key.",
        "transient": "`transient param ...`: a parameter that resets to its default whenever the runtime opens; never read back from the journal.",
        "event": "`event name(field: Type, ...)`: a repeatable user action the app donates; rules query its donations. The name is the persistence key.",
        "let": "`let name [: Type] = value`: a named constant (a shared threshold, window or limit); uses are replaced by the value when the catalog is checked, so its name is never persisted.",
        "tip": "`tip Name { ... }`: a tip: title, message, image, actions, rules and options. Its id (default: its name) keys its state in journals.",
        "group": "`group Name [firstAvailable|ordered] [together] { Tip, ... }`: tips shown one at a time, the first available one or strictly in order; `together` makes the group flow as one unit.",
        "testing": "`testing { ... }`: local overrides (`showAll`, `hideAll`, `show`, `hide`); always flagged (W160) so they are never shipped.",
        "id": "`id \"...\"`: the tip's persisted identity (default: the tip's name); may interpolate the arguments of a reusable tip.",
        "title": "`title TEXT`: the tip's (or action's) title; required.",
        "message": "`message TEXT [when COND]`: the tip's body text; with `when`, shown only while the condition holds. Several messages are alternatives: the first whose condition holds is shown, one without `when` (last) is the fallback.",
        "image": "`image \"symbol.name\" [when COND]`: an SF Symbol name shown with the tip (may interpolate a reusable tip's arguments); `image asset \"Name\"` names an image of the app's asset catalog instead. Several images are alternatives, as messages are.",
        "asset": "`image asset \"Name\"`: the tip's image is from the app's asset catalog (SwiftUI `Image(\"Name\")`), not an SF Symbol; the name is used as written.",
        "symbol": "`image symbol \"name\"`: the tip's image is an SF Symbol, the same as `image \"name\"`.",
        "key": "`key \"com.example.app.name\"`: the name users' journals store this parameter's values or this event's donations under (TipKit-style ids); rules and Swift code keep using the declared name. Two declarations of a kind may not share what they are stored under (E430).",
        "rule": "`rule EXPR`: a Bool condition; the tip is eligible only while all its rules hold.",
        "action": "`action \"id\" [when COND] { title ... }`: a button; its effects (`invalidate`, `set`, `donate`) run when it is picked. With `when`, it is offered only while the condition holds.",
        "invalidate": "`invalidate [when EVENT [where FILTER]] [reason R]`: stop the tip for good, when an event is donated or when an action is picked.",
        "maxDisplayCount": "`maxDisplayCount N`: the tip is invalidated after N displays.",
        "goal": "`goal EVENT [where FILTER] within D`: what the tip teaches; a matching donation within D after the tip was shown is a conversion.",
        "experiment": "`experiment NAME { [salt \"s\"] [holdout 10%] variant NAME 45% { title ... } }`: variants of the tip's copy, rules or limits, each for a share of installs; the holdout never sees the tip.",
        "maxDisplayDuration": "`maxDisplayDuration D`: the tip is invalidated after it has been shown for D in total.",
        "ignoresDisplayFrequency": "`ignoresDisplayFrequency`: the tip is not held back by the catalog's display frequency.",
        "ignoresDisplayBudget": "`ignoresDisplayBudget`: the tip is never held back by a display budget, and its displays use none of it.",
        "resetEligibility": "`resetEligibility after D`: D after the tip was invalidated (closed, its action taken, its limits reached), it returns to its rules by itself, as `TipStore.resetEligibility` would return it; its donations, parameters and display counts are kept. A seasonal tip with `during(...)` comes back next season under the same id.",
        "priority": "`priority N` (-100 to 100, default 0): when a display budget has places left, a tip is held back while as many offered tips with a higher priority compete for them; equal priorities never hold each other back.",
        "displayBudget": "`displayBudget N per day|launch`: at most N tips shown per local calendar day, or per launch of the app; every display counts, first or repeat, and a tip already shown in the window keeps its place.",
        "per": "`per day` or `per launch`: the window a display budget counts displays in.",
        "together": "`together`: once one member of the group has been displayed, the others skip the display-frequency cooldown, and the group takes one place of a display budget, shared by its members.",
        "displayFrequency": "`displayFrequency immediate|hourly|daily|weekly|monthly|DURATION`: the app-wide cooldown between first displays of different tips.",
        "donationLimit": "`donationLimit N`: how many of each event's most recent donations are kept and queried (default 1000).",
        "donationMaxAge": "`donationMaxAge D`: donations older than D are neither kept nor queried.",
        "renamedFrom": "`renamedFrom OLD`: this parameter, event, enumeration case or plain tip shipped as `OLD`; what users' journals hold under the old name carries over to the new one (E422 if `OLD` is still declared).",
        "limit": "`limit N`: keep and query at most this event's N most recent donations.",
        "maxAge": "`maxAge D`: this event's donations older than D are neither kept nor queried.",
        "count": "`count(event [where FILTER] [within D])`: Int, the number of matching donations.",
        "largestGroup": "`largestGroup(event by field [where ...] [within D])`: Int, the size of the largest group of matching donations with equal `field`.",
        "smallestGroup": "`smallestGroup(event by field [where ...] [within D])`: Int, the size of the smallest non-empty such group.",
        "first": "`first(event [where ...] [within D])`: Date?, the instant of the earliest matching donation.",
        "last": "`last(event [where ...] [within D])`: Date?, the instant of the latest matching donation.",
        "days": "`days(event [where ...] [within D])`: Int, the number of distinct local days (device time zone) with a matching donation.",
        "during": "`during(\"Dec 20\", \"Jan 6\")`: Bool, the local date is in this range of every year, both ends included.",
        "month": "`month`: the local month at now, compared with `.january` ... `.december` (`month == .december`).",
        "weekday": "`weekday`: the local weekday at now, compared with `.monday` ... `.sunday` (`weekday >= .saturday`).",
        "timeOfDay": "`timeOfDay`: Duration, the local wall-clock time since midnight (`timeOfDay >= 9h`).",
        "installed": "`installed`: Date?, when the store's journal began (`now - installed < 7d`).",
        "appUpdated": "`appUpdated`: Date?, when the app last called `TipStore.appUpdated(at:)`; nil before.",
        "within": "`within D`: only donations of the last D count.",
        "after": "`resetEligibility after D`: the interval, counted from the tip's invalidation, after which it returns to its rules.",
        "where": "`where FILTER`: only donations whose payload fields satisfy the filter (a conjunction of `field op constant`).",
        "by": "`by field`: group donations by this payload field.",
        "when": "`invalidate when EVENT`: invalidate the tip when the event is donated. After a message, an image or an action id, `when COND`: the item is shown only while the Bool condition (over parameters, events and `platform`) holds; of several messages (images) the first that holds is shown.",
        "platform": "`platform`: in a `when` condition of a message or an action, the platform the app runs on; compare it with `==` or `!=` to iOS, iPadOS, macOS, tvOS, visionOS or watchOS.",
        "reason": "`reason R`: the invalidation reason recorded (`actionPerformed`, `displayCountExceeded`, `displayDurationExceeded`, `tipClosed`).",
        "set": "`set param = EXPR`: an action effect giving a parameter a new value.",
        "donate": "`donate event(field: value, ...)`: an action effect donating an event.",
        "snooze": "`snooze 3d [limit 2]`: an action effect hiding the tip for a while (\"Remind me later\"); after the limit the action dismisses it for good.",
        "localized": "`localized(\"key\", table: \"T\", default: \"text\")`: text from a localization table.",
        "date": "`date(\"2026-03-02T09:00:00Z\")`: a constant instant (Date), checked at compile time.",
        "min": "`min(a, b)`: the smaller of two Int, Double, Duration or Date values.",
        "max": "`max(a, b)`: the larger of two Int, Double, Duration or Date values.",
        "true": "`true`: the Bool constant.", "false": "`false`: the Bool constant.",
        "nil": "`nil`: no value, for optionals.",
        "now": "`now`: the instant at which rules are evaluated (a Date).",
        "firstAvailable": "`firstAvailable`: the group shows its first member that is available (the default).",
        "ordered": "`ordered`: the group shows its members strictly in order; each must be invalidated before the next.",
        "showAll": "`showAll`: testing override: every tip is available whatever its rules.",
        "hideAll": "`hideAll`: testing override: no tip is available.",
        "show": "`show Tip, ...`: testing override: these tips are available whatever their rules.",
        "hide": "`hide Tip, ...`: testing override: these tips are never available.",
        "immediate": "`immediate`: no cooldown between tips (the default).",
        "hourly": "`hourly`: at most one new tip per hour.", "daily": "`daily`: at most one new tip per 24 hours.",
        "weekly": "`weekly`: at most one new tip per 7 days.", "monthly": "`monthly`: at most one new tip per 30 days.",
        "Bool": "`Bool`: `true` or `false`.", "Int": "`Int`: a 64-bit signed integer.",
        "Double": "`Double`: an IEEE 754 binary64 number.", "String": "`String`: Unicode text.",
        "Date": "`Date`: an instant, milliseconds since 1970-01-01T00:00:00Z.",
        "Set": "`Set<String>`: a finite set of strings.",
    ]

    /// A duration literal in words, unit by unit as written: `1h30m` → "1 hour 30 minutes",
    /// `7d` → "7 days"; `nil` if the text is not a well-formed literal.
    static func words(literal: String) -> String? {
        let names = ["ms": "millisecond", "s": "second", "m": "minute", "h": "hour", "d": "day", "w": "week"]
        var parts: [String] = []
        var rest = Substring(literal.filter { $0 != "_" })
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(digits.count)
            let unit = rest.hasPrefix("ms") ? "ms" : String(rest.prefix(1))
            guard let n = Int(digits), let name = names[unit] else { return nil }
            rest = rest.dropFirst(unit.count)
            parts.append("\(n) \(name)\(n == 1 ? "" : "s")")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// A duration in words: `5400000` → "1 hour 30 minutes".
    static func words(milliseconds: Int64) -> String {
        if milliseconds == 0 { return "0 milliseconds" }
        var rest = milliseconds.magnitude
        var parts: [String] = []
        let units: [(UInt64, String)] = [(604_800_000, "week"), (86_400_000, "day"), (3_600_000, "hour"),
                                         (60_000, "minute"), (1000, "second"), (1, "millisecond")]
        for (size, name) in units where rest >= size {
            let n = rest / size
            rest %= size
            parts.append("\(n) \(name)\(n == 1 ? "" : "s")")
        }
        return (milliseconds < 0 ? "minus " : "") + parts.joined(separator: " ")
    }
}
