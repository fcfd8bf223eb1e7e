import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// Every tip: arguments, properties (each at most once), rules, actions, triggers, options.
    mutating func checkTips() {
        for index in tipDecls.indices {
            checkTipReusing(index)
        }
        currentTipArguments = []
    }

    /// One tip, into `model.tips[index]`.
    ///
    /// What it reads besides the tip's own syntax is the catalog's names and the checked
    /// enumerations, configuration, constants, parameters and events, never another tip's
    /// body: ``IncrementalChecker`` relies on that to reuse the result of an unchanged tip.
    mutating func checkTip(_ index: Int) {
        let decl = tipDecls[index]
        var tip = model.tips[index]
        tip.arguments = tipArguments(decl)
        currentTipArguments = tip.arguments
        var seen: [String: SourceRange] = [:]
        var actionIDs: [String: SourceRange] = [:]
        var hasTitle = false
        var experimentSyntax: ExperimentSyntax?
        var messageLines: [ContentLine] = []
        var imageLines: [ContentLine] = []
        for item in decl.items {
            switch item {
            case .id(let s, let r):
                guard firstTime("id", r, &seen) else { continue }
                tip.id = template(s)
            case .title(let t, let r):
                guard firstTime("title", r, &seen) else { continue }
                tip.title = text(t)
                hasTitle = true
            case .message(let t, let condition, let r):
                // Several messages are alternatives (the first whose condition holds is shown).
                let message = TipMessage(text: text(t), condition: condition.flatMap { contentCondition($0) }, range: r)
                if tip.messages.isEmpty {
                    tip.message = message.text
                    tip.messageCondition = message.condition
                }
                tip.messages.append(message)
                messageLines.append(ContentLine(condition: condition, checked: message.condition, range: r))
            case .image(let s, let condition, let r), .imageAsset(let s, let condition, let r):
                var isAsset = false
                if case .imageAsset = item { isAsset = true }
                let image = TipImage(name: template(s), isAsset: isAsset, condition: condition.flatMap { contentCondition($0) },
                                     range: r)
                if tip.images.isEmpty {
                    tip.image = image.name.literalText
                    tip.imageRange = s.range
                    tip.imageIsAsset = isAsset
                }
                tip.images.append(image)
                imageLines.append(ContentLine(condition: condition, checked: image.condition, range: r))
            case .rule(let e, _):
                tip.rules.append(checkRule(e))
            case .action(let a):
                tip.actions.append(action(a, ids: &actionIDs))
            case .invalidateWhen(let eventID, let filterSyntax, let reasonID, let r):
                let event = resolveEvent(eventID)
                var filter: [FilterComparison]? = []
                if let filterSyntax, let event { filter = self.filter(filterSyntax, event: event) }
                let reason = self.reason(reasonID)
                if let event, let filter, let reason {
                    tip.invalidations.append(InvalidationTrigger(event: event, filter: filter, reason: reason, range: r))
                }
            case .goal(let eventID, let filterSyntax, let windowSyntax, let r):
                guard firstTime("goal", r, &seen) else { continue }
                // A goal names one event out of many, so an unknown one lists them all.
                let event: Int?
                if symbols[eventID.name] == nil {
                    unknown(.unknownEvent, "event", eventID, context: "in the goal of '\(decl.name.name)'",
                            candidates: eventNames, listing: "the events are")
                    event = nil
                } else {
                    event = resolveEvent(eventID)
                }
                var filter: [FilterComparison]? = []
                if let filterSyntax, let event { filter = self.filter(filterSyntax, event: event) }
                var window: Int64?
                if let windowSyntax {
                    window = positiveDuration(windowSyntax, what: "a goal's window", code: .invalidGoal)
                } else {
                    error(.invalidGoal, "goal '\(eventID.name)' has no window; say how long after the tip was shown "
                          + "the event still counts", at: r,
                          notes: [Note("for example goal \(eventID.name) within 7d")],
                          fixIts: [.replace(SourceRange(file: r.file, start: r.end, end: r.end), with: " within 7d",
                                            message: "add 'within 7d'")])
                }
                if let event, let filter, let window {
                    tip.goal = TipGoal(event: event, filter: filter, window: window, range: r)
                }
            case .experiment(let e):
                guard firstTime("experiment", e.range, &seen) else { continue }
                experimentSyntax = e
            case .maxDisplayCount(let e, let r):
                guard firstTime("maxDisplayCount", r, &seen) else { continue }
                tip.options.maxDisplayCount = positiveInt(e, what: "'maxDisplayCount'", code: .invalidTipOption)
                tip.options.maxDisplayCountRange = r
            case .maxDisplayDuration(let e, let r):
                guard firstTime("maxDisplayDuration", r, &seen) else { continue }
                tip.options.maxDisplayDuration = reportSecondsWithoutUnit(e, what: "'maxDisplayDuration'")
                    ? nil : positiveDuration(e, what: "'maxDisplayDuration'", code: .invalidTipOption)
                tip.options.maxDisplayDurationRange = r
            case .ignoresDisplayFrequency(let b, let r):
                guard firstTime("ignoresDisplayFrequency", r, &seen) else { continue }
                tip.options.ignoresDisplayFrequency = b
                tip.options.ignoresDisplayFrequencyRange = r
            case .priority(let e, let r):
                guard firstTime("priority", r, &seen) else { continue }
                tip.options.priority = priority(e) ?? 0
                tip.options.priorityRange = r
            case .ignoresDisplayBudget(let b, let r):
                guard firstTime("ignoresDisplayBudget", r, &seen) else { continue }
                tip.options.ignoresDisplayBudget = b
                tip.options.ignoresDisplayBudgetRange = r
            case .resetEligibility(let e, let r):
                guard firstTime("resetEligibility", r, &seen) else { continue }
                tip.options.resetEligibilityAfter = constantInterval(
                    e, what: "the interval of 'resetEligibility after'", code: .invalidTipOption,
                    notes: [Note(Self.renewalIntervalForms)])
                tip.options.resetEligibilityRange = r
            }
        }
        checkAlternatives(messageLines, kind: "message")
        checkAlternatives(imageLines, kind: "image")
        // After the loop: a variant is compared with the whole tip, wherever it is written.
        if let experimentSyntax { tip.experiment = experiment(experimentSyntax, of: tip, tipName: decl.name.name) }
        if !hasTitle {
            error(.missingTipTitle, "tip '\(decl.name.name)' has no title", at: decl.name.range)
        }
        model.tips[index] = tip
    }

    /// Arguments: unique names; String, Int, Bool or an enumeration.
    private mutating func tipArguments(_ decl: TipDeclSyntax) -> [TipArgument] {
        var seen: [String: SourceRange] = [:]
        var result: [TipArgument] = []
        for argument in decl.arguments {
            if let first = seen[argument.name.name] {
                error(.duplicateMember, "duplicate argument '\(argument.name.name)' in tip '\(decl.name.name)'",
                      at: argument.name.range, notes: [Note("first declared here", at: first)])
                continue
            }
            seen[argument.name.name] = argument.name.range
            var type = resolveType(argument.type)
            switch type {
            case .string, .int, .bool, .enumeration, .error: break
            default:
                error(.invalidArgumentType, "tip argument '\(argument.name.name)' has type '\(typeName(type))'; "
                      + "arguments are String, Int, Bool or an enumeration", at: argument.type.range)
                type = .error
            }
            result.append(TipArgument(name: argument.name.name, type: type, range: argument.range))
        }
        return result
    }

    /// Whether `key` is set for the first time; reports a repeat (pointing at the first) otherwise.
    mutating func firstTime(_ key: String, _ range: SourceRange, _ seen: inout [String: SourceRange]) -> Bool {
        if let first = seen[key] {
            error(.repeatedSetting, "'\(key)' is already set", at: range, notes: [Note("first set here", at: first)])
            return false
        }
        seen[key] = range
        return true
    }

    /// A rule: a non-optional Bool, checked for being constant by interval analysis.
    mutating func checkRule(_ expr: ExprSyntax) -> CheckedExpr {
        argumentReadsAllowed = true
        platformReadsAllowed = true
        let rule = typeExpr(expr, expected: .bool)
        argumentReadsAllowed = false
        platformReadsAllowed = false
        switch rule.type {
        case .error:
            return rule
        case .bool:
            switch IntervalAnalysis(events: model.events).truth(of: rule) {
            case false?:
                error(.ruleNeverTrue, "rule is never true", at: rule.range)
            case true?:
                diagnostics.append(.warning(.ruleAlwaysTrue, "rule is always true", at: rule.range))
            case nil:
                break
            }
        case .optional(.bool):
            error(.ruleNotBool, "rule must be 'Bool', found 'Bool?'", at: rule.range,
                  notes: [Note("unwrap it with '?? false' or compare it with '== true'")])
        default:
            error(.ruleNotBool, "rule must be 'Bool', found '\(typeName(rule.type))'", at: rule.range)
        }
        return rule
    }

    /// A string with `\(argument)` holes resolved against the current tip's arguments.

    mutating func template(_ s: StringLiteralSyntax) -> Template {
        var segments: [Template.Segment] = []
        for segment in s.segments {
            switch segment {
            case .text(let t):
                if case .text(let previous)? = segments.last {
                    segments[segments.count - 1] = .text(previous + t)
                } else if !t.isEmpty {
                    segments.append(.text(t))
                }
            case .interpolation(let id):
                if let index = currentTipArguments.firstIndex(where: { $0.name == id.name }) {
                    segments.append(.argument(index))
                } else {
                    if currentTipArguments.isEmpty || Suggestion.closest(to: id.name, among: currentTipArguments.map(\.name)) == nil,
                       case .parameter? = symbols[id.name]?.symbol {
                        // `\(noteCount)`: text is fixed per tip instance, so it cannot show state.
                        let arguments = currentTipArguments.map { "'\($0.name)'" }
                        error(.unknownTipArgument, "'\(id.name)' is a parameter, and only tip arguments can be interpolated", at: id.range,
                              notes: [Note(arguments.isEmpty
                                           ? "this tip has no arguments; a reusable tip declares them, as in 'tip NAME(\(id.name): Int)', and the app passes the value when it creates the tip"
                                           : "this tip's arguments are \(arguments.joined(separator: ", "))")])
                    } else {
                        unknown(.unknownTipArgument, "tip argument", id, candidates: currentTipArguments.map(\.name))
                    }
                }
            }
        }
        return Template(segments: segments, range: s.range)
    }

    /// A string that may not interpolate (image names, action ids, tables).
    mutating func plainString(_ s: StringLiteralSyntax, what: String) -> String? {
        guard let text = s.plainText else {
            error(.misplacedInterpolation, "\(what) cannot interpolate arguments", at: s.range)
            return nil
        }
        return text
    }

    /// A title or message.
    mutating func text(_ t: TextSyntax) -> Text {
        switch t {
        case .literal(let s):
            return .literal(template(s))
        case .localized(let l):
            let key = template(l.key)
            let table = l.table.flatMap { plainString($0, what: "a table name") }
            let fallback = l.fallback.map { template($0) }
            return .localized(key: key, table: table, fallback: fallback, range: l.range)
        }
    }

    /// An invalidation reason; nil (after reporting) when unknown, `actionPerformed` when omitted.
    mutating func reason(_ id: Identifier?) -> InvalidationReason? {
        guard let id else { return .actionPerformed }
        if let reason = InvalidationReason(rawValue: id.name) { return reason }
        unknown(.unknownReason, "invalidation reason", id, candidates: InvalidationReason.allCases.map(\.rawValue),
                listing: "the reasons are")
        return nil
    }
}
