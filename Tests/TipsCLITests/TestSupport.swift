import Foundation
import Testing
import TipsCheck
import TipsCLI
import TipsSource
import TipsSyntax

/// What one `tipc` run produced.
struct TipcRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The last line of standard output (the summary of `tipc check`).
    var lastLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }
}

/// Runs `tipc` in-process, as the executable would, with no terminal attached.
func tipc(_ arguments: String..., environment: [String: String] = [:],
          terminals: Tipc.Terminals = .none) -> TipcRun {
    var out = ""
    var err = ""
    let status = Tipc.run(arguments, environment: environment, terminals: terminals, stdout: &out, stderr: &err)
    return TipcRun(status: status, stdout: out, stderr: err)
}

/// Small catalogs shared by the command tests.
enum FrontEnd {
    /// The language reference's example catalog: 1 tip, 1 event, 1 parameter, no group.
    static let cleanCatalog = """
        // A complete, small catalog.
        config {
            displayFrequency daily
        }

        param hasSeenList: Bool = false
        event manualSave

        tip ShortcutTip {
            title "Save Faster"
            message "Press ⌘S to save without leaving the keyboard."
            image "keyboard"
            rule hasSeenList
            rule count(manualSave within 7d) >= 3
            maxDisplayCount 3
        }

        """

    static func sources(_ text: String) -> SourceSet {
        var set = SourceSet()
        set.add(path: "sample.tips", text: text)
        return set
    }

    /// The clean catalog plus a `testing` block, which the lints always flag with a warning.
    static let warningCatalog = cleanCatalog + "\ntesting {\n    showAll\n}\n"
}

/// The byte range of the `occurrence`-th `needle` in `text`, in file `file`.
func range(of needle: String, in text: String, occurrence: Int = 1, file: FileID = FileID(0)) -> SourceRange {
    let haystack = Array(text.utf8)
    let pattern = Array(needle.utf8)
    var seen = 0
    var i = 0
    while i + pattern.count <= haystack.count {
        if Array(haystack[i..<(i + pattern.count)]) == pattern {
            seen += 1
            if seen == occurrence {
                return SourceRange(file: file, start: Int32(i), end: Int32(i + pattern.count))
            }
        }
        i += 1
    }
    Issue.record("'\(needle)' not found")
    return .point(file, 0)
}
