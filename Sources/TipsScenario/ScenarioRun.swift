import Foundation
import TipsRuntime
import TipsSource

/// The state of one scenario while it runs.
struct ScenarioRun {
    /// `var`: a session points `scenarioFile` at each line it runs.
    var runner: ScenarioRunner
    let scenario: Scenario
    let bundle: [UInt8]
    let journal: URL
    let clock: SimulationClock
    var store: TipStore?
    var overrides = TestingOverrides.none
    /// What `when platform` conditions are judged for (the `platform` step).
    var platform = TipPlatform.iOS
    /// The install identifier experiments hash (`install "ID"`): a fixed one by default, so a
    /// scenario assigns the same variants on every run.
    var installID = "scenario"
    /// The device's time zone (the `time zone` step): UTC until set, whatever the host's.
    var timeZone = TimeZone(identifier: "UTC")!
    /// What the `app updated` step told the store, told again after a relaunch.
    var appUpdatedAt: Date?
    var recorder: TimelineRecorder
    var diagnostics: [Diagnostic] = []
    /// The tips drawn and sampled: every plain tip, then reusable instances as addressed.
    var lanes: [(label: String, tip: TipKey)] = []
    var groupNames: [String] = []
    /// The group of each tip that is in one, by tip name.
    var groupOfTip: [String: Int] = [:]
    /// Observation streams, kept so the store schedules wake-ups for every tip and group
    /// (it only wakes for watched ones); never read.
    var streams: [AsyncStream<TipStatus>] = []
    var groupStreams: [AsyncStream<TipKey?>] = []
    /// What each lane's status observer received (`expect observed`).
    let observed = ObservedStatuses()
    /// Explanations kept after the steps in `runner.explainingAfter`.
    var explanations: [Int: [String: TipExplanation]] = [:]

    init(runner: ScenarioRunner, scenario: Scenario, bundle: [UInt8], journal: URL) {
        self.runner = runner
        self.scenario = scenario
        self.bundle = bundle
        self.journal = journal
        clock = SimulationClock(start: scenario.start)
        let groups = runner.catalog.model.groups.map(\.name)
        groupNames = groups
        for (g, group) in runner.catalog.model.groups.enumerated() {
            for m in group.members where m < runner.catalog.model.tips.count { groupOfTip[runner.catalog.model.tips[m].name] = g }
        }
        recorder = TimelineRecorder(title: scenario.name, start: scenario.start, groups: groups)
        for t in runner.catalog.model.tips where !t.isReusable {
            lanes.append((t.name, TipKey(t.name)))
            _ = recorder.lane(t.name)
        }
    }

    var now: Int64 { clock.now() }

    mutating func execute() -> ScenarioOutcome {
        do throws(StepFailure) {
            try open()
            sample()
            if runner.explainingAfter.contains(0) { explainLanes(after: 0) }
            for (index, step) in scenario.steps.enumerated() {
                try run(step, number: index + 1)
            }
        } catch {
            diagnostics.append(error.diagnostic)
        }
        try? store?.close(endingPresentations: false)  // as before: the run just stops
        store = nil
        let timeline = recorder.finish(at: now)
        return ScenarioOutcome(name: scenario.name, passed: diagnostics.errorCount == 0, diagnostics: diagnostics,
                               timeline: timeline, explanations: explanations)
    }

    /// Runs step `number` (1-based) with the samples around it: what `execute()` does for
    /// each step, and `ScenarioSession` for each step it is given.
    mutating func run(_ step: ScenarioStep, number: Int) throws(StepFailure) {
        recorder.step = number
        clock.fireDue { sample(full: false) }
        try perform(step)
        switch step.kind {
        case .expectStatus, .expectGroup, .expectParameter, .expectExplanation, .expectObserved, .expectConverted, .expectVariant, .explain:
            // Expectations and explanations only read.
            break
        case .advance, .advanceTo, .set, .begin:
            // None of these can invalidate a tip that is not on screen.
            sample(full: false)
        default:
            sample()
        }
        if runner.explainingAfter.contains(number) { explainLanes(after: number) }
    }

    /// Opens (or reopens) the store on the scenario's journal and watches every lane.
    mutating func open() throws(StepFailure) {
        do {
            // Batched: no write per step (close flushes, so relaunch replays it all); and never
            // an fsync: the journal is scratch, and syncing it was most of a scenario's cost.
            let s = try TipStore(simulatingBundle: bundle, journalURL: journal, clock: clock, overrides: overrides,
                                 durability: .batched(maxRecords: 4096, maxDelayMilliseconds: 600_000))
            // Scenarios run as on iOS whatever the host (until a `platform` step), so `when
            // platform` content is the same everywhere.
            s.setPlatform(platform)
            try s.setInstallIdentifier(installID)
            s.setTimeZone(timeZone)
            if let appUpdatedAt { s.appUpdated(at: appUpdatedAt) }
            store = s
            streams = try lanes.map { l throws(TipStoreError) in try s.statusUpdates(of: l.tip) }
            for l in lanes { try observe(l.label, l.tip, in: s) }
            groupStreams = try groupNames.map { g throws(TipStoreError) in try s.currentTipUpdates(inGroup: TipGroupKey(g)) }
        } catch {
            throw StepFailure(.error(.storeFailure, "cannot open the store: \(error.message)", at: scenario.range))
        }
    }

    /// Records what an observer of `tip` receives, under `label`. After a relaunch a new
    /// observer starts, and its first value is the status at that moment, as in an app.
    func observe(_ label: String, _ tip: TipKey, in store: TipStore) throws(TipStoreError) {
        let observed = self.observed
        _ = try store.observeStatus(of: tip) { observed.record($0, for: label) }
    }

    /// The open store (open() ran, or execute() stopped).
    var openStore: TipStore {
        get throws(StepFailure) {
            guard let store else { throw StepFailure(.error(.storeFailure, "the store is not open", at: scenario.range)) }
            return store
        }
    }

    /// Records every lane's and group's state now.
    ///
    /// A full sample asks the store about every tip. A partial one (`full: false`) asks once
    /// for the available tips and then only about tips that are or were available (or on
    /// screen): enough after steps that cannot invalidate a tip without it being on screen
    /// (time passing, a parameter set, a presentation beginning), and much cheaper, since
    /// every store call costs in proportion to the tips watched.
    mutating func sample(full requested: Bool = true) {
        guard let store else { return }
        let full = requested || runner.alwaysFullSamples
        let at = now
        let available = full ? [] : Set(store.availableTips())
        // A member its group holds back is drawn held back, not available: the app asks the
        // group which member to show.
        let currents = groupNames.map { g in (try? store.currentTip(inGroup: TipGroupKey(g))) ?? nil }
        for l in lanes {
            if !full {
                let last = recorder.lastState(l.label)
                let shown = last == .available || last == .heldBack || last == .heldBackByBudget || last == .snoozed
                    || last == .displayed || last == nil
                guard shown || available.contains(l.tip) else { continue }
            }
            guard let report = try? store.report(of: l.tip) else { continue }
            let state: Timeline.State
            switch report.status {
            case .invalidated(let r): state = .invalidated(r)
            case _ where report.isDisplayed: state = .displayed
            case .available:
                if let g = groupOfTip[l.tip.name], currents[g] != l.tip { state = .heldBack } else { state = .available }
            case .snoozed: state = .snoozed
            case .pending where report.heldBackByBudget: state = .heldBackByBudget
            // A scenario runs one catalog; a removed tip would throw from report(of:) first.
            case .pending, .notInLiveCatalog: state = .pending
            }
            recorder.sample(l.label, state, at: at)
        }
        for (i, current) in currents.enumerated() {
            recorder.sampleGroup(i, current.map { $0.description }, at: at)
        }
    }

    /// Keeps the runtime's explanation of every lane now, as after step `step`.
    mutating func explainLanes(after step: Int) {
        guard let store else { return }
        var byLabel: [String: TipExplanation] = [:]
        for l in lanes { byLabel[l.label] = try? store.explanation(of: l.tip) }
        explanations[step] = byLabel
    }

    /// Moves the clock to `instant`, sampling at every wake-up on the way.
    mutating func advance(to instant: Int64) {
        let c = clock
        c.advance(to: instant) { sample(full: false) }
    }
}

/// A step that could not run: the scenario stops there.
struct StepFailure: Error {
    var diagnostic: Diagnostic
    init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
}
