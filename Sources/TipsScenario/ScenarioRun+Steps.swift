import Foundation
import TipsRuntime
import TipsSource
import TipsTime

extension ScenarioRun {
    /// Runs one step. Expectations that fail add a diagnostic and go on; a step the store
    /// refuses (an unknown name, a wrong value) stops the scenario.
    mutating func perform(_ step: ScenarioStep) throws(StepFailure) {
        let store = try openStore
        switch step.kind {
        case .advance(let ms):
            advance(to: now &+ max(0, ms))
        case .advanceTo(let instant):
            guard instant >= now else {
                throw StepFailure(.error(.timeGoesBack, "cannot go back in time: the clock already reads \(ISO8601.display(now))",
                                         at: step.range))
            }
            advance(to: instant)
        case .set(let p, let v):
            try call(step, name: p) { () throws(TipStoreError) in try store.setParameter(dynamic: p.text, to: v.resolve(now: now)) }
            recorder.mark(.parameter(name: p.text, value: text(v.range)), at: now)
        case .donate(let e, let payload, let times, let every):
            var fields: [String: TipValue] = [:]
            for f in payload { fields[f.name.text] = f.value.resolve(now: now) }
            for k in 0..<times {
                if k > 0, let every {
                    advance(to: now &+ max(0, every))
                }
                let values = fields
                try call(step, name: e) { () throws(TipStoreError) in try store.donate(dynamic: e.text, values) }
                recorder.mark(.donation(event: e.text, count: 1), at: now)
                if every != nil { sample() }
            }
        case .begin(let t):
            let tip = try address(t)
            try call(step, tip: t) { () throws(TipStoreError) in try store.presentationBegan(tip) }
        case .end(let t, let after):
            let tip = try address(t)
            if let after { advance(to: now &+ max(0, after)) }
            try call(step, tip: t) { () throws(TipStoreError) in try store.presentationEnded(tip) }
        case .display(let t, let duration):
            let tip = try address(t)
            try call(step, tip: t) { () throws(TipStoreError) in try store.presentationBegan(tip) }
            sample(full: false)
            advance(to: now &+ max(0, duration))
            try call(step, tip: t) { () throws(TipStoreError) in try store.presentationEnded(tip) }
        case .close(let t):
            let tip = try address(t)
            try call(step, tip: t) { () throws(TipStoreError) in try store.invalidate(tip, reason: .tipClosed) }
            recorder.mark(.tipAction(lane: recorder.lane(laneLabel(tip)), label: "closed"), at: now)
        case .invalidate(let t, let reason):
            let tip = try address(t)
            try call(step, tip: t) { () throws(TipStoreError) in try store.invalidate(tip, reason: reason) }
            recorder.mark(.tipAction(lane: recorder.lane(laneLabel(tip)), label: "invalidated"), at: now)
        case .action(let t, let id, let idRange):
            let tip = try address(t)
            do {
                try store.perform(action: id, of: tip)
            } catch {
                if error.kind == .unknownAction {
                    let ids = (try? store.content(of: tip).actions.map(\.id)) ?? []
                    throw StepFailure(unknown(error.message, at: idRange, typed: id, among: ids))
                }
                throw failure(error, step: step, name: t.name)
            }
            recorder.mark(.tipAction(lane: recorder.lane(laneLabel(tip)), label: "“\(id)”"), at: now)
        case .resetEligibility(let t):
            let tip = try address(t)
            try call(step, tip: t) { () throws(TipStoreError) in try store.resetEligibility(tip) }
            recorder.mark(.control("reset \(laneLabel(tip))"), at: now)
        case .resetStore:
            try call(step, name: nil) { () throws(TipStoreError) in try store.resetStore() }
            recorder.mark(.control("reset store"), at: now)
        case .relaunch:
            // The app is killed, not quit: a presentation on screen earns no display time.
            try? store.close(endingPresentations: false)
            self.store = nil
            try open()
            recorder.mark(.control("relaunch"), at: now)
        case .platform(let p):
            platform = p
            store.setPlatform(p)
            recorder.mark(.control("platform \(p.rawValue)"), at: now)
        case .timeZone(let id):
            timeZone = TimeZoneName.zone(id) ?? timeZone
            store.setTimeZone(timeZone)
            recorder.mark(.control("time zone \(id)"), at: now)
        case .appUpdated:
            appUpdatedAt = Date(timeIntervalSince1970: Double(now) / 1000)
            store.appUpdated(at: appUpdatedAt)
            recorder.mark(.control("app updated"), at: now)
        case .override(let change):
            switch change {
            case .showAll: overrides.showAll = true
            case .hideAll: overrides.hideAll = true
            case .show(let names): overrides.show.formUnion(names.map(\.text))
            case .hide(let names): overrides.hide.formUnion(names.map(\.text))
            case .clear: overrides = .none
            case .variant(let t, let v): overrides.variants[t.text] = v.text
            }
            try checkOverrideNames(change)
            store.setTestingOverrides(overrides)
            let label: String
            switch change {
            case .clear: label = "clear overrides"
            default: label = text(step.range).dropFirst("override".count).trimmingCharacters(in: .whitespaces)
            }
            recorder.mark(.control(label), at: now)
        case .expectStatus(let t, let expected, let statusRange):
            try expectStatus(t, expected, statusRange: statusRange, step: step)
        case .expectGroup(let g, let current, let currentRange):
            try expectGroup(g, current, currentRange: currentRange, step: step)
        case .expectParameter(let p, let v):
            try expectParameter(p, v, step: step)
        case .explain(let t):
            try explain(t, step: step)
        case .expectExplanation(let t, let wanted, let textRange):
            try expectExplanation(t, contains: wanted, textRange: textRange, step: step)
        case .expectConverted(let t):
            try expectConverted(t, step: step)
        case .expectVariant(let t, let v):
            try expectVariant(t, v, step: step)
        case .install(let id):
            installID = id
            try call(step, name: nil) { () throws(TipStoreError) in try store.setInstallIdentifier(id) }
            recorder.mark(.control("install \(id)"), at: now)
        case .expectObserved(let t, let statuses, let listRange):
            try expectObserved(t, statuses, listRange: listRange, step: step)
        }
    }

    /// The source text of `range` in the scenario file (for marks and messages).
    func text(_ range: SourceRange) -> String {
        runner.scenarioFile?.text(in: range) ?? ""
    }

    /// The runtime address of `t`; a reusable instance gets its own lane (and is watched)
    /// the first time it is named.
    mutating func address(_ t: TipReference) throws(StepFailure) -> TipKey {
        let tip = t.tip(now: now)
        if let known = lanes.first(where: { $0.tip == tip }) {
            recorder.mention(known.label)
            return tip
        }
        let store = try openStore
        let label: String
        do {
            // An instance is labelled by its id: short, and unique where arguments are long.
            label = try store.report(of: tip).id
            streams.append(try store.statusUpdates(of: tip))
            try observe(label, tip, in: store)
        } catch {
            throw failure(error, step: ScenarioStep(.begin(t), range: t.range), name: t.name)
        }
        lanes.append((label, tip))
        _ = recorder.lane(label, tip: tip.name, detail: tip.description)
        recorder.mention(label)
        return tip
    }

    /// The timeline lane label of `tip` (its name, or an instance's id).
    func laneLabel(_ tip: TipKey) -> String {
        lanes.first { $0.tip == tip }?.label ?? tip.description
    }

    /// Runs a store call, turning its error into the step's diagnostic.
    func call(_ step: ScenarioStep, name: ScenarioName?, _ body: () throws(TipStoreError) -> Void) throws(StepFailure) {
        do { try body() } catch { throw failure(error, step: step, name: name) }
    }

    func call(_ step: ScenarioStep, tip: TipReference, _ body: () throws(TipStoreError) -> Void) throws(StepFailure) {
        try call(step, name: tip.name, body)
    }

    /// The diagnostic for a store error: unknown names point at the name with a suggestion;
    /// refused values point at the step.
    func failure(_ error: TipStoreError, step: ScenarioStep, name: ScenarioName?) -> StepFailure {
        let store = self.store
        switch error.kind {
        case .unknownTip, .unknownEvent, .unknownParameter, .unknownGroup:
            let candidates: [String]
            switch error.kind {
            case .unknownTip: candidates = store?.tipNames ?? []
            case .unknownEvent: candidates = store?.eventNames ?? []
            case .unknownParameter: candidates = store?.parameterNames ?? []
            default: candidates = store?.groupNames ?? []
            }
            return StepFailure(unknown(error.message, at: name?.range ?? step.range, typed: name?.text ?? "",
                                       among: candidates))
        case .wrongType, .wrongFields, .unknownAction:
            return StepFailure(.error(.valueRefused, error.message, at: step.range))
        default:
            return StepFailure(.error(.storeFailure, error.message, at: step.range))
        }
    }

    /// `S210` for an unknown name, with "did you mean" when one is close.
    func unknown(_ message: String, at range: SourceRange, typed: String, among candidates: [String]) -> Diagnostic {
        guard let guess = Suggestion.closest(to: typed, among: candidates) else {
            return .error(.unknownScenarioName, message, at: range)
        }
        let replacement = range.length == Int32(typed.utf8.count) ? guess : "\"\(guess)\""
        return .error(.unknownScenarioName, message, at: range, notes: [Note("did you mean '\(guess)'?")],
                      fixIts: [.replace(range, with: replacement, message: "replace with '\(guess)'")])
    }

    /// Overrides name tips; a misspelt one would silently do nothing, so it is an error.
    func checkOverrideNames(_ change: ScenarioStep.OverrideChange) throws(StepFailure) {
        let names: [ScenarioName]
        switch change {
        case .show(let n), .hide(let n): names = n
        case .variant(let t, _): names = [t]
        default: return
        }
        let known = Set(runner.catalog.model.tips.map(\.name))
        for n in names where !known.contains(n.text) && !lanes.contains(where: { $0.label == n.text }) {
            throw StepFailure(unknown("unknown tip '\(n.text)'", at: n.range, typed: n.text,
                                      among: runner.catalog.model.tips.map(\.name)))
        }
    }
}
