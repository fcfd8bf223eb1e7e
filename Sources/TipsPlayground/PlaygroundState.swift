import Foundation
import TipsCheck
import TipsDriver
import TipsRuntime
import TipsScenario
import TipsSource
import TipsText
import TipsTime

/// One playground's session: the catalog, the live scenario (a real `TipStore` on a scratch
/// journal, the simulated clock), the locale the cards are shown in, the steps taken and the
/// statuses seen after each (what "Save as scenario" writes as `expect` lines).
struct PlaygroundState {
    /// A step as the page lists it.
    struct Entry {
        var line: String
        var accepted: Bool
        var messages: [String]
    }

    let catalog: CompiledCatalog
    let translations: Translations
    /// The source language, then the translated ones.
    let locales: [String]
    let folder: URL
    var session: ScenarioSession
    var locale: String
    var history: [Entry] = []
    /// `expect` lines after each kept step (0: before the first).
    var expectations: [Int: [String]] = [:]
    /// The last status recorded per tip, as an `expect` writes it.
    var seen: [String: String] = [:]
    var journalNumber = 0

    init(catalog: CompiledCatalog, translations: Translations, sourceLanguage: String, folder: URL) throws(ScenarioSession.OpenFailure) {
        self.catalog = catalog
        self.translations = translations
        locales = [sourceLanguage] + translations.languages.filter { $0 != sourceLanguage }
        locale = sourceLanguage
        self.folder = folder
        session = try ScenarioSession(catalog: catalog, journal: folder.appendingPathComponent("journal-0.jsonl"))
        recordStatuses()
    }

    /// A fresh store and clock (a new journal), the steps and expectations forgotten.
    mutating func restart() throws(ScenarioSession.OpenFailure) {
        session.close()
        journalNumber += 1
        session = try ScenarioSession(catalog: catalog, journal: folder.appendingPathComponent("journal-\(journalNumber).jsonl"))
        history = []
        expectations = [:]
        seen = [:]
        recordStatuses()
    }

    /// Runs `line`; a kept step records the statuses that changed.
    mutating func perform(_ line: String) -> ScenarioSession.StepResult {
        let result = session.perform(line)
        let messages = result.diagnostics.map { d in
            ([d.message] + d.notes.map(\.message)).joined(separator: "\n")
        }
        history.append(Entry(line: line, accepted: result.accepted, messages: messages))
        if result.accepted { recordStatuses() }
        return result
    }

    /// The plain tips (reusable ones have no lane until a line addresses an instance).
    var plainTips: [TipsCheck.Tip] { catalog.model.tips.filter { !$0.isReusable } }

    /// Records, after the last kept step, an `expect` line for each tip whose status changed
    /// (before the first step: each that is not pending).
    mutating func recordStatuses() {
        guard let store = session.store else { return }
        var lines: [String] = []
        for tip in plainTips {
            guard let status = try? store.status(of: TipKey(tip.name)) else { continue }
            let text = PlaygroundState.expected(status)
            let before = seen[tip.name] ?? "pending"
            seen[tip.name] = text
            if text != before { lines.append("expect \(tip.name) \(text)") }
        }
        if !lines.isEmpty { expectations[session.lines.count] = lines }
    }

    /// A status as an `expect` step writes it.
    static func expected(_ status: TipStatus) -> String {
        switch status {
        case .pending, .notInLiveCatalog: return "pending"
        case .available: return "available"
        case .invalidated(let reason): return "invalidated(\(reason.rawValue))"
        case .snoozed(let until): return "snoozed until \(ISO8601.display(until))"
        }
    }

    /// The saved scenario: the kept steps with the statuses seen; a session that saw no
    /// change expects every tip's status at the end, so the file checks something.
    func scenarioText(title: String) -> String {
        var expectations = self.expectations
        if expectations.isEmpty {
            expectations[session.lines.count] = plainTips.map { "expect \($0.name) \(seen[$0.name] ?? "pending")" }
        }
        let header = "# Saved by tipc playground from \(catalog.path): \(session.lines.count) steps.\n"
            + "# Run it with: tipc test FILE (the file placed in the catalog's folder)\n\n"
        return header + session.scenarioText(title: title, expectations: expectations)
    }

    /// A text of `content` in the chosen locale (its translation, filled with the
    /// instance's arguments as the app's would be, else the fallback).
    func localized(_ text: TipText, of content: TipContent) -> String {
        // Of a String Catalog's variations, the chosen platform's device and the count's form.
        let device = Translations.Variation.device(platform: session.platform.rawValue)
        let plural = content.tip.pluralCount.map { PluralRules.category(of: $0, language: locale) }
        return content.resolved(text) { key, table in
            translations.entry(table: table ?? LocalizedString.defaultTable, key: key, language: locale)?
                .text(device: device, plural: plural)
        }
    }
}
