import Foundation
import Testing
import TipsScenario
import TipsSource

/// A small catalog for runner and timeline tests: one plain tip with a window and a display
/// limit, one tip with an action, a reusable tip, a group and a transient parameter.
let smallCatalog = """
    config {
        displayFrequency daily
    }

    param hasSeenList: Bool = false
    transient param isEditing: Bool = false
    enum Mode { rich, plain }
    param mode: Mode = .rich
    event manualSave
    event noteEdited(mode: Mode, words: Int)

    tip ShortcutTip {
        title "Save Faster"
        rule hasSeenList
        rule count(manualSave within 7d) >= 3
        maxDisplayCount 2
    }

    tip PlainTip {
        title "Try Plain Text"
        rule isEditing && count(noteEdited where mode == .rich && words >= 100) >= 1
        action "switch" {
            title "Switch"
            set mode = .plain
            invalidate
        }
        invalidate when noteEdited where mode == .plain reason tipClosed
        maxDisplayDuration 2m
    }

    tip ItemTip(itemID: String) {
        id "ItemTip-\\(itemID)"
        title "New: \\(itemID)"
        rule hasSeenList
        maxDisplayCount 1
    }

    group Main { ShortcutTip, PlainTip }
    """

/// The catalog as a source set named `cat/catalog.tips`.
func catalogSources(_ text: String = smallCatalog) -> SourceSet {
    var set = SourceSet()
    set.add(path: "cat/catalog.tips", text: text)
    return set
}

/// Runs `scenario` (as `cat/test.scenario`) against `catalog`.
func runScenario(_ scenario: String, catalog: String = smallCatalog, only: String? = nil) -> ScenarioSuite.Report {
    ScenarioSuite.run([ScenarioSuite.Input(path: "cat/test.scenario", bytes: Array(scenario.utf8),
                                           catalog: ("cat", catalogSources(catalog)))], only: only)
}

/// The report's diagnostics as `tipc test` prints them.
func rendered(_ report: ScenarioSuite.Report) -> String {
    DiagnosticRenderer.text(report.diagnostics, sources: report.sources)
}

/// Parses `text` as the file `t.scenario`.
func parseScenario(_ text: String) -> (ScenarioFile, SourceSet) {
    var set = SourceSet()
    let id = set.add(path: "t.scenario", text: text)
    return (ScenarioParser.parse(set[id]), set)
}

/// The repository root (this file is Tests/TipsScenarioTests/TestSupport.swift).
func repositoryRoot(filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
