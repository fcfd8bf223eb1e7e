import Foundation
import TipsSource

/// A realistic broken catalog: one mistake an author is likely to make, in one file of a
/// catalog that is otherwise correct and lint-clean.
struct BrokenCase: Sendable, CustomStringConvertible {
    /// A short name, used in the golden file and in failure messages.
    let name: String
    /// The line (1-based) of `file` where the mistake is.
    let line: Int
    /// The code the first diagnostic should have.
    let code: String
    /// Text that the message, a note or a fix-it must contain for the diagnostic to say how to
    /// fix the mistake (usually the `.tips` spelling of what was meant).
    let hint: String
    /// The file holding the mistake.
    let file: String
    /// The files of the case, checked together with ``BrokenCatalogCorpus/base``.
    let files: [(String, String)]
    /// The first diagnostic's severity: an error, or a warning for a mistake that does not
    /// stop the catalog from compiling (a misspelt symbol, an empty file).
    let severity: Severity

    init(_ name: String, line: Int, _ code: String, hint: String, severity: Severity = .error, _ text: String) {
        self.init(name, line: line, code, hint: hint, severity: severity, file: "case.tips", files: [("case.tips", text)])
    }

    init(_ name: String, line: Int, _ code: String, hint: String, severity: Severity = .error, file: String,
         files: [(String, String)]) {
        self.name = name
        self.line = line
        self.code = code
        self.hint = hint
        self.file = file
        self.files = files
        self.severity = severity
    }

    var description: String { name }
}

/// The broken-catalog corpus. Every case has exactly one mistake; `line`, `code` and `hint`
/// say where it is, what it should be reported as, and what the report must tell the author.
enum BrokenCatalogCorpus {
    /// Declarations every case may use; correct and lint-clean on its own.
    static let base = """
        config {
            displayFrequency daily
        }

        enum ShareTarget { link, pdf, email }

        param hasSeenList: Bool = false
        param noteCount: Int = 0
        param isSyncEnabled: Bool = false

        event manualSave
        event noteShared(target: ShareTarget, recipients: Int)

        tip BaseTip {
            title "Share Your Notes"
            message "Send a link or a PDF."
            image "square.and.arrow.up"
            rule hasSeenList && noteCount >= 3 && !isSyncEnabled
            rule count(manualSave within 7d) >= 3
            invalidate when noteShared where target == .pdf && recipients >= 1
            maxDisplayCount 3
        }

        """

    static let cases: [BrokenCase] = tipKitHabits + durations + wrongBlocks + interpolation + locations + cascades + writerMessages + budgets
        + renewals + chosenContent

    // MARK: TipKit habits

    static let tipKitHabits: [BrokenCase] = [
        BrokenCase("rule-macro", line: 3, "E102", hint: "rule hasSeenList", """
            tip CaseTip {
                title "Sync"
                #Rule(Self.$hasSeenList) { $0 == true }
            }
            """),
        BrokenCase("rule-macro-after-rule", line: 3, "E102", hint: "rule hasSeenList", """
            tip CaseTip {
                title "Sync"
                rule #Rule(Self.$hasSeenList) { $0 == true }
            }
            """),
        BrokenCase("dollar-parameter", line: 3, "E102", hint: "remove '$'", """
            tip CaseTip {
                title "Sync"
                rule $hasSeenList
            }
            """),
        BrokenCase("self-parameter", line: 3, "E202", hint: "remove 'Self.'", """
            tip CaseTip {
                title "Sync"
                rule Self.hasSeenList
            }
            """),
        BrokenCase("tips-max-display-count", line: 4, "E124", hint: "maxDisplayCount 3", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                Tips.MaxDisplayCount(3)
            }
            """),
        BrokenCase("max-display-count-option", line: 4, "E124", hint: "maxDisplayCount 3", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                MaxDisplayCount(3)
            }
            """),
        BrokenCase("ignores-display-frequency-option", line: 4, "E124", hint: "ignoresDisplayFrequency", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                IgnoresDisplayFrequency(true)
            }
            """),
        BrokenCase("max-display-duration-option", line: 4, "E124", hint: "maxDisplayDuration 2m", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                MaxDisplayDuration(120)
            }
            """),
        BrokenCase("display-frequency-dot", line: 2, "E122", hint: "displayFrequency weekly", file: "case.tips", files: [
            ("app.tips", base.replacingOccurrences(of: "config {\n    displayFrequency daily\n}\n", with: "")),
            ("case.tips", """
                config {
                    displayFrequency .weekly
                }
                """),
        ]),
        BrokenCase("display-frequency-call", line: 2, "E124", hint: "displayFrequency weekly", file: "case.tips", files: [
            ("app.tips", base.replacingOccurrences(of: "config {\n    displayFrequency daily\n}\n", with: "")),
            ("case.tips", """
                config {
                    .displayFrequency(.weekly)
                }
                """),
        ]),
        BrokenCase("display-frequency-colon", line: 2, "E122", hint: "displayFrequency weekly", file: "case.tips", files: [
            ("app.tips", base.replacingOccurrences(of: "config {\n    displayFrequency daily\n}\n", with: "")),
            ("case.tips", """
                config {
                    displayFrequency: .weekly
                }
                """),
        ]),
        BrokenCase("invalidate-reason-call", line: 6, "E122", hint: "invalidate reason tipClosed", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                action "not-now" {
                    title "Not Now"
                    invalidate(reason: .tipClosed)
                }
            }
            """),
        BrokenCase("invalidate-reason-dot", line: 6, "E122", hint: "reason tipClosed", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                action "not-now" {
                    title "Not Now"
                    invalidate reason .tipClosed
                }
            }
            """),
        BrokenCase("donations-count", line: 3, "E211", hint: "count(manualSave)", """
            tip CaseTip {
                title "Sync"
                rule manualSave.donations.count >= 3
            }
            """),
        BrokenCase("donated-within", line: 3, "E211", hint: "count(manualSave within 1w)", """
            tip CaseTip {
                title "Sync"
                rule manualSave.donations.donatedWithin(.week).count >= 3
            }
            """),
        BrokenCase("within-dot-week", line: 3, "E409", hint: "1w", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within .week) >= 3
            }
            """),
        BrokenCase("parameter-property-wrapper", line: 1, "E102", hint: "param isPro: Bool = false", """
            @Parameter static var isPro = false
            tip CaseTip {
                title "Sync"
                rule hasSeenList
            }
            """),
        BrokenCase("title-text-view", line: 2, "E122", hint: "\"Sync\"", """
            tip CaseTip {
                title Text("Sync")
                rule hasSeenList
            }
            """),
        BrokenCase("message-text-view", line: 3, "E122", hint: "\"Keep notes everywhere.\"", """
            tip CaseTip {
                title "Sync"
                message Text("Keep notes everywhere.")
                rule hasSeenList
            }
            """),
        BrokenCase("image-view", line: 3, "E122", hint: "\"icloud\"", """
            tip CaseTip {
                title "Sync"
                image Image(systemName: "icloud")
                rule hasSeenList
            }
            """),
        BrokenCase("action-initializer", line: 4, "E124", hint: "action \"open\" {", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                Action(id: "open", title: "Open Settings")
            }
            """),
        BrokenCase("group-ordered-call", line: 1, "E122", hint: "ordered", """
            group Onboarding(.ordered) { BaseTip, CaseTip }
            tip CaseTip {
                title "Sync"
                rule hasSeenList
            }
            """),
        BrokenCase("tip-conformance", line: 1, "E122", hint: "remove ': Tip'", """
            tip CaseTip: Tip {
                title "Sync"
                rule hasSeenList
            }
            """),
        BrokenCase("enum-case-keyword", line: 1, "E122", hint: "remove 'case'", """
            enum Plan { case free, pro }
            param plan: Plan = .free
            tip CaseTip {
                title "Sync"
                rule plan == .pro
            }
            """),
        BrokenCase("struct-tip", line: 1, "E121", hint: "tip CaseTip", """
            struct CaseTip: Tip {
                title "Sync"
                rule hasSeenList
            }
            """),
        BrokenCase("var-title-property", line: 2, "E124", hint: "title \"Sync\"", """
            tip CaseTip {
                var title: Text { Text("Sync") }
                rule hasSeenList
            }
            """),
        BrokenCase("var-image-property", line: 3, "E124", hint: "image \"icloud\"", """
            tip CaseTip {
                title "Sync"
                var image: Image? { Image(systemName: "icloud") }
                rule hasSeenList
            }
            """),
        BrokenCase("var-options-property", line: 4, "E124", hint: "maxDisplayCount 3", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                var options: [any TipOption] {
                    MaxDisplayCount(3)
                }
            }
            """),
        BrokenCase("capital-true", line: 3, "E202", hint: "true", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList == True
            }
            """),
        BrokenCase("reason-misspelt", line: 6, "E411", hint: "tipClosed", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                action "not-now" {
                    title "Not Now"
                    invalidate reason closed
                }
            }
            """),
    ]

    // MARK: Durations in words

    static let durations: [BrokenCase] = [
        BrokenCase("within-days", line: 3, "E122", hint: "7d", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within 7 days) >= 3
            }
            """),
        BrokenCase("within-hour", line: 3, "E122", hint: "1h", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within 1 hour) >= 1
            }
            """),
        BrokenCase("within-weeks", line: 3, "E122", hint: "2w", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within 2 weeks) >= 1
            }
            """),
        BrokenCase("within-number-words", line: 3, "E122", hint: "3d", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within three days) >= 1
            }
            """),
        BrokenCase("within-unit-word-joined", line: 3, "E110", hint: "'d'", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within 7days) >= 1
            }
            """),
        BrokenCase("within-spaced-unit", line: 3, "E122", hint: "7d", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within 7 d) >= 3
            }
            """),
        BrokenCase("since-last-days", line: 3, "E124", hint: "3d", """
            tip CaseTip {
                title "Sync"
                rule now - last(manualSave) > 3 days
            }
            """),
        BrokenCase("max-display-duration-seconds", line: 4, "E302", hint: "120s", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                maxDisplayDuration 120
            }
            """),
        BrokenCase("max-age-days", line: 1, "E121", hint: "30d", """
            event opened maxAge 30 days
            tip CaseTip {
                title "Sync"
                rule count(opened) >= 1
            }
            """),
        BrokenCase("month-unit", line: 3, "E110", hint: "30d", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within 1month) >= 1
            }
            """),
        BrokenCase("minutes-word", line: 3, "E122", hint: "90m", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within 90 minutes) >= 1
            }
            """),
    ]

    // MARK: Items in the wrong block

    static let wrongBlocks: [BrokenCase] = [
        BrokenCase("rule-in-action", line: 5, "E124", hint: "tip's body", """
            tip CaseTip {
                title "Sync"
                action "sync" {
                    title "Turn On"
                    rule hasSeenList
                }
            }
            """),
        BrokenCase("action-at-top-level", line: 5, "E121", hint: "inside a tip's braces", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
            }
            action "sync" {
                title "Turn On"
            }
            """),
        BrokenCase("rule-in-group", line: 1, "E122", hint: "body of one of the tips", """
            group Sharing { BaseTip, CaseTip, rule hasSeenList }
            tip CaseTip {
                title "Sync"
                rule hasSeenList
            }
            """),
        BrokenCase("set-in-tip", line: 4, "E124", hint: "action", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                set isSyncEnabled = true
            }
            """),
        BrokenCase("donate-in-tip", line: 4, "E124", hint: "action", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                donate manualSave
            }
            """),
        BrokenCase("option-in-config", line: 3, "E124", hint: "tip's body", file: "case.tips", files: [
            ("app.tips", base.replacingOccurrences(of: "config {\n    displayFrequency daily\n}\n", with: "")),
            ("case.tips", """
                config {
                    displayFrequency daily
                    maxDisplayCount 3
                }
                """),
        ]),
        BrokenCase("frequency-in-tip", line: 4, "E124", hint: "config", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                displayFrequency daily
            }
            """),
        BrokenCase("limit-in-tip", line: 4, "E124", hint: "event", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave) >= 1
                limit 100
            }
            """),
        BrokenCase("bare-invalidate-in-tip", line: 4, "E122", hint: "invalidate when", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                invalidate reason tipClosed
            }
            """),
        BrokenCase("title-after-closing-brace", line: 4, "E121", hint: "inside a tip's braces", """
            tip CaseTip {
                rule hasSeenList
            }
                title "Sync"
            """),
    ]

    // MARK: Interpolation

    static let interpolation: [BrokenCase] = [
        BrokenCase("interpolated-parameter", line: 3, "E207", hint: "argument", """
            tip CaseTip {
                title "Sync"
                message "You have \\(noteCount) notes."
                rule hasSeenList
            }
            """),
        BrokenCase("interpolated-member", line: 3, "E107", hint: "tip argument", """
            tip CaseTip(itemID: String, itemName: String) {
                id "item-\\(itemID)" // lint-ignore W146: the name is display text
                title "Open \\(item.name)"
                rule hasSeenList
            }
            """),
        BrokenCase("interpolated-typo", line: 3, "E207", hint: "itemName", """
            tip CaseTip(itemID: String, itemName: String) {
                id "item-\\(itemID)" // lint-ignore W146: the name is display text
                title "Open \\(itemNme)"
                rule hasSeenList
            }
            """),
    ]

    // MARK: Locations

    static let locations: [BrokenCase] = [
        BrokenCase("stray-closing-brace", line: 3, "E121", hint: "remove this '}'", """
            tip CaseTip {
                title "Sync"
                }
                rule hasSeenList
            }
            """),
        BrokenCase("missing-opening-quote", line: 2, "E103", hint: "\"", """
            tip CaseTip {
                title Sync"
                rule hasSeenList
            }
            """),
        BrokenCase("missing-closing-paren", line: 3, "E122", hint: ")", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within 7d >= 3
            }
            """),
        BrokenCase("missing-closing-brace", line: 3, "E122", hint: "}", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList

            tip OtherTip {
                title "Other"
                rule noteCount >= 3
            }
            """),
        BrokenCase("assign-for-equals", line: 3, "E124", hint: "==", """
            tip CaseTip {
                title "Sync"
                rule noteCount = 3
            }
            """),
        BrokenCase("missing-rule-word", line: 3, "E124", hint: "rule hasSeenList", """
            tip CaseTip {
                title "Sync"
                hasSeenList
            }
            """),
        BrokenCase("title-with-equals", line: 2, "E122", hint: "remove '='", """
            tip CaseTip {
                title = "Sync"
                rule hasSeenList
            }
            """),
        BrokenCase("param-without-type", line: 1, "E122", hint: ": Bool", """
            param isPro = false
            tip CaseTip {
                title "Sync"
                rule isPro
            }
            """),
        BrokenCase("lowercase-type", line: 1, "E203", hint: "Bool", """
            param isPro: bool = false
            tip CaseTip {
                title "Sync"
                rule isPro
            }
            """),
        BrokenCase("semicolon", line: 3, "E102", hint: "remove ';'", """
            tip CaseTip {
                title "Sync"
                rule noteCount >= 3;
            }
            """),
        BrokenCase("and-word", line: 3, "E124", hint: "&&", """
            tip CaseTip {
                title "Sync"
                rule noteCount >= 3 and hasSeenList
            }
            """),
        BrokenCase("single-ampersand", line: 3, "E102", hint: "&&", """
            tip CaseTip {
                title "Sync"
                rule noteCount >= 3 & hasSeenList
            }
            """),
        BrokenCase("misspelt-item", line: 2, "E124", hint: "title", """
            tip CaseTip {
                titel "Sync"
                rule hasSeenList
            }
            """),
        BrokenCase("single-quotes", line: 2, "E102", hint: "\"Sync\"", """
            tip CaseTip {
                title 'Sync'
                rule hasSeenList
            }
            """),
        BrokenCase("dangling-or", line: 3, "E123", hint: "||", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList ||
            }
            """),
    ]

    // MARK: One mistake, one error

    static let cascades: [BrokenCase] = [
        BrokenCase("broken-event-used-elsewhere", line: 1, "E122", hint: ")", file: "events.tips", files: [
            ("events.tips", "event noteOpened(kind: ShareTarget\n"),
            ("case.tips", """
                tip CaseTip {
                    title "Sync"
                    rule count(noteOpened where kind == .pdf) >= 1
                }
                """),
        ]),
        BrokenCase("broken-param-used-elsewhere", line: 1, "E122", hint: ":", file: "params.tips", files: [
            ("params.tips", "param streak Int = 0\n"),
            ("case.tips", """
                tip CaseTip {
                    title "Sync"
                    rule streak >= 3
                }
                """),
        ]),
        BrokenCase("broken-tip-in-group-elsewhere", line: 1, "E122", hint: "{", file: "case.tips", files: [
            ("groups.tips", "group Sharing { BaseTip, CaseTip }\n"),
            ("case.tips", """
                tip CaseTip
                    title "Sync"
                    rule hasSeenList
                }
                """),
        ]),
        BrokenCase("argument-without-colon", line: 1, "E122", hint: ":", """
            tip CaseTip(itemID String) {
                id "item-\\(itemID)"
                title "Sync"
                rule hasSeenList
            }
            """),
        BrokenCase("broken-only-rule", line: 3, "E122", hint: ")", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within 7d >= 3
                ignoresDisplayFrequency
            }
            """),
        BrokenCase("broken-enum-used-elsewhere", line: 1, "E122", hint: ",", file: "enums.tips", files: [
            ("enums.tips", "enum Plan { free pro }\n"),
            ("case.tips", """
                param plan: Plan = .free
                tip CaseTip {
                    title "Sync"
                    rule plan == .pro
                }
                """),
        ]),
        BrokenCase("broken-event-only-query", line: 1, "E122", hint: ")", file: "events.tips", files: [
            ("events.tips", "event exported(format: String\n"),
            ("case.tips", """
                tip CaseTip {
                    title "Sync"
                    rule hasSeenList
                    invalidate when exported where format == "pdf"
                }
                """),
        ]),
    ]

    // MARK: Messages for writers (issue 20 item 6)

    /// The base catalog with its config block's frequency written as `frequency`.
    static func base(frequency: String) -> String {
        base.replacingOccurrences(of: "displayFrequency daily", with: "displayFrequency \(frequency)")
    }

    static let writerMessages: [BrokenCase] = [
        // A number in words gets its digits as a fix-it.
        BrokenCase("number-word", line: 4, "E202", hint: "3", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                maxDisplayCount three
            }
            """),
        // A rejected value lists the valid ones: the display frequencies...
        BrokenCase("frequency-unknown", line: 2, "E414", hint: "immediate, hourly, daily, weekly or monthly",
                   file: "app.tips", files: [("app.tips", base(frequency: "fortnightly"))]),
        // ...with a did-you-mean for a synonym...
        BrokenCase("frequency-synonym", line: 2, "E414", hint: "did you mean 'daily'?",
                   file: "app.tips", files: [("app.tips", base(frequency: "oncePerDay"))]),
        // ...the cases of an enumeration...
        BrokenCase("unknown-case", line: 4, "E204", hint: "link, pdf or email", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                invalidate when noteShared where target == .airdrop
            }
            """),
        // ...the declared events, when none is close...
        BrokenCase("unknown-event-listed", line: 4, "E201", hint: "the events are manualSave or noteShared", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                invalidate when exported
            }
            """),
        // ...the platforms, with a did-you-mean for the name without 'OS'...
        BrokenCase("platform-without-os", line: 3, "E433", hint: "did you mean 'macOS'?", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList && platform == mac
            }
            """),
        // ...and the invalidation reasons.
        BrokenCase("unknown-reason", line: 4, "E411", hint: "actionPerformed", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                invalidate when manualSave reason closedByUser
            }
            """),
        // The missing '"' after a localized key: the caret where the quote belongs.
        BrokenCase("localized-key-unterminated", line: 2, "E103", hint: "before ')'", """
            tip CaseTip {
                title localized("sync.title)
                rule hasSeenList
            }
            """),
        // Look-alike characters are named.
        BrokenCase("curly-quotes", line: 2, "E102", hint: "LEFT DOUBLE QUOTATION MARK", """
            tip CaseTip {
                title “Sync”
                rule hasSeenList
            }
            """),
        BrokenCase("minus-sign", line: 3, "E102", hint: "MINUS SIGN", """
            tip CaseTip {
                title "Sync"
                rule noteCount - 1 >= −3
            }
            """),
        BrokenCase("no-break-space", line: 3, "E102", hint: "NO-BREAK SPACE", """
            tip CaseTip {
                title "Sync"
                rule\u{A0}hasSeenList
            }
            """),
        // TipKit habits get the `.tips` form with a fix-it.
        BrokenCase("tipkit-event-declaration", line: 1, "E121", hint: "event saved", """
            static let saved = Tips.Event(id: "saved")
            tip CaseTip {
                title "Sync"
                rule count(saved) >= 1
            }
            """),
        BrokenCase("tipkit-configure-in-config", line: 2, "E124", hint: "displayFrequency daily", file: "app.tips",
                   files: [("app.tips", base(frequency: "daily").replacingOccurrences(
                       of: "displayFrequency daily", with: "Tips.configure([.displayFrequency(.daily)])"))]),
        // The W132 fix-it (remove 'ignoresDisplayFrequency') is not offered next to the
        // error in the config block: fixing that makes the option matter.
        BrokenCase("tipkit-configure-with-exempt-tip", line: 2, "E124", hint: "displayFrequency daily", file: "app.tips",
                   files: [("app.tips", base(frequency: "daily").replacingOccurrences(
                       of: "displayFrequency daily", with: "Tips.configure([.displayFrequency(.daily)])")),
                           ("case.tips", """
                               tip WelcomeTip {
                                   title "Welcome"
                                   rule hasSeenList
                                   ignoresDisplayFrequency
                               }
                               """)]),
        BrokenCase("tipkit-options-list", line: 4, "E124", hint: "maxDisplayCount 3", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                options: [Tips.MaxDisplayCount(3), Tips.IgnoresDisplayFrequency(true)]
            }
            """),
        BrokenCase("tipkit-options-property", line: 4, "E124", hint: "maxDisplayCount 3", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                var options: [Option] { [Tips.MaxDisplayCount(3)] }
            }
            """),
        // More look-alikes: a dash for a minus, a Cyrillic letter in a name.
        BrokenCase("en-dash", line: 3, "E102", hint: "EN DASH", """
            tip CaseTip {
                title "Sync"
                rule noteCount \u{2013} 1 >= 2
            }
            """),
        BrokenCase("cyrillic-letter", line: 3, "E102", hint: "CYRILLIC SMALL LETTER", """
            tip CaseTip {
                title "Sync"
                rule hasSeenL\u{0456}st
            }
            """),
        // A number word in a count, and a unit word in a window.
        BrokenCase("number-word-in-count", line: 3, "E202", hint: "5", """
            tip CaseTip {
                title "Sync"
                rule count(manualSave within 7d) >= five
            }
            """),
        // Warnings: the catalog compiles, but something will not show as meant.
        // An image close to an SF Symbol's name that is none: did-you-mean, with the release.
        BrokenCase("symbol-typo", line: 3, "W107", hint: "heart.fill", severity: .warning, """
            tip CaseTip {
                title "Sync"
                image "heart.fil"
                rule hasSeenList
            }
            """),
        BrokenCase("symbol-without-and", line: 3, "W107", hint: "square.and.arrow.up", severity: .warning, """
            tip CaseTip {
                title "Sync"
                image "square.arrow.up"
                rule hasSeenList
            }
            """),
        // A .tips file that declares nothing.
        BrokenCase("empty-file", line: 1, "W170", hint: "remove the file", severity: .warning, file: "sharing.tips",
                   files: [("sharing.tips", "// the sharing tips will go here\n")]),
        // Ids that are the same text only for some argument values: a warning showing them,
        // never an error (TipKit accepts them and apps rely on it).
        // Two declarations of one tip, as TipKit allows: a warning saying why it may be meant.
        BrokenCase("same-id-twice", line: 6, "W154", hint: "it may be meant", severity: .warning, """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
            }
            tip CaseTipOnMac {
                id "CaseTip"
                title "Sync on the Mac"
                rule hasSeenList && platform == macOS
            }
            """),
        BrokenCase("ids-same-for-some-values", line: 7, "W153", hint: "'item-new'", severity: .warning, """
            tip CaseTip(itemID: String) {
                id "item-\\(itemID)"
                title "Sync"
                rule hasSeenList
            }
            tip NewItemTip {
                id "item-new"
                title "New"
                rule hasSeenList
            }
            """),
    ]
}

// MARK: Budgets (issue 20 item 4)

extension BrokenCatalogCorpus {
    /// ``base`` with `config` line 3 replaced by `line` (the mistake, or a budget the case needs).
    static func base(configLine line: String) -> String {
        base.replacingOccurrences(of: "    displayFrequency daily\n}", with: "    displayFrequency daily\n    \(line)\n}")
    }

    /// A case whose mistake is on line 3 of the config block.
    static func configCase(_ name: String, _ code: String, hint: String, _ line: String) -> BrokenCase {
        BrokenCase(name, line: 3, code, hint: hint, file: "app.tips", files: [("app.tips", base(configLine: line))])
    }

    /// A case in `case.tips` of a catalog with a daily budget.
    static func budgetedCase(_ name: String, line: Int, _ code: String, hint: String, _ text: String) -> BrokenCase {
        BrokenCase(name, line: line, code, hint: hint, file: "case.tips",
                   files: [("app.tips", base(configLine: "displayBudget 1 per day")), ("case.tips", text)])
    }

    static let budgets: [BrokenCase] = [
        configCase("budget-without-per", "E122", hint: "per day", "displayBudget 1 daily"),
        configCase("budget-per-day-word", "E122", hint: "per day", "displayBudget 1 perDay"),
        configCase("budget-per-session", "E122", hint: "launch", "displayBudget 3 per session"),
        configCase("budget-unknown-unit", "E122", hint: "'per day' (a local calendar day) or 'per launch'", "displayBudget 3 per week"),
        configCase("chromium-session-rate", "E124", hint: "displayBudget 1 per launch", "session_rate 1"),
        configCase("budget-in-words", "E202", hint: "1", "displayBudget one per day"),
        configCase("budget-zero", "E414", hint: "from 1 to 100", "displayBudget 0 per day"),
        BrokenCase("budget-repeated", line: 4, "E403", hint: "first set here", file: "app.tips",
                   files: [("app.tips", base(configLine: "displayBudget 1 per day\n    displayBudget 2 per day"))]),
        budgetedCase("priority-in-words", line: 4, "E413", hint: "priority 10", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                priority high
            }
            """),
        budgetedCase("priority-out-of-range", line: 4, "E413", hint: "100", """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                priority 1000
            }
            """),
        budgetedCase("together-misspelt", line: 1, "E122", hint: "together", """
            group CaseGroup ordered togther { BaseTip, CaseTip }
            tip CaseTip {
                title "Sync"
                rule hasSeenList
            }
            """),
        // A priority in a catalog without a budget: a warning that names the missing setting.
        BrokenCase("priority-without-budget", line: 4, "W134", hint: "displayBudget 1 per day", severity: .warning, """
            tip CaseTip {
                title "Sync"
                rule hasSeenList
                priority 10
            }
            """),
    ]
}

// MARK: Renewals (issue 20 item 2: seasonal tips)

extension BrokenCatalogCorpus {
    /// A tip of `case.tips` whose line 4 is `line`.
    static func renewalCase(_ name: String, _ code: String, hint: String, severity: Severity = .error, _ line: String,
                            after: String = "") -> BrokenCase {
        BrokenCase(name, line: 4, code, hint: hint, severity: severity, """
            tip CaseTip {
                title "Holiday recipes"
                rule hasSeenList
                \(line)\(after)
            }
            """)
    }

    static let renewals: [BrokenCase] = [
        renewalCase("renewal-without-after", "E122", hint: "after ", "resetEligibility 60d"),
        renewalCase("renewal-bare-number", "E413", hint: "60d", "resetEligibility after 60"),
        renewalCase("renewal-zero", "E413", hint: "at most 100 years", "resetEligibility after 0d"),
        renewalCase("renewal-tipkit-call", "E122", hint: "resetEligibility after 60d", "resetEligibility()"),
        renewalCase("renewal-keeps-display-limit", "W147", hint: "maxDisplayCount 1", severity: .warning,
                    "maxDisplayCount 3", after: "\n    resetEligibility after 60d"),
    ]
}

// MARK: Chosen content (issue 20 item 7)

extension BrokenCatalogCorpus {
    static let chosenContent: [BrokenCase] = [
        // The fallback written first, as one reads "the default, then the exceptions".
        BrokenCase("message-fallback-first", line: 3, "E437", hint: "move it after the last message", """
            tip CaseTip {
                title "Sync Your Notes"
                message "Sync starts on its own."
                message "Press ⌘S to sync." when platform == macOS
                rule hasSeenList
            }
            """),
        BrokenCase("image-two-fallbacks", line: 3, "E437", hint: "remove this image", """
            tip CaseTip {
                title "Sync Your Notes"
                image "laptopcomputer"
                image "iphone"
                rule hasSeenList
            }
            """),
        // `||` between the platform and the state, in one alternative of several.
        BrokenCase("message-platform-or-state", line: 4, "E433", hint: "&&", """
            tip CaseTip {
                title "Sync Your Notes"
                message "Press ⌘S to sync." when platform == macOS
                message "Pull down to sync." when platform == iOS || isSyncEnabled
                rule hasSeenList
            }
            """),
        // An image chosen by the tip's argument: a condition cannot read one (name it instead).
        BrokenCase("image-condition-reads-argument", line: 4, "E211", hint: "argument", """
            tip CaseTip(kind: String) {
                id "CaseTip-\\(kind)"
                title "Sync Your Notes"
                image "doc" when kind == "pdf"
                image "link"
                rule hasSeenList
            }
            """),
        BrokenCase("message-repeated-condition", line: 4, "W143", hint: "same condition", severity: .warning, """
            tip CaseTip {
                title "Sync Your Notes"
                message "Press ⌘S to sync." when platform == macOS
                message "Use the Sync button." when platform == macOS
                message "Pull down to sync."
                rule hasSeenList
            }
            """),
    ]
}
