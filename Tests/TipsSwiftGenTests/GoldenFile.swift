import Foundation
import Testing

/// Compares `actual` with the golden file `Golden/name` next to this test file.
///
/// Run with `TIPS_UPDATE_GOLDEN=1` to (re)write golden files from the current output, then
/// review the diff like any other change.
func expectGolden(_ actual: String, _ name: String, filePath: String = #filePath,
                  sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let directory = (filePath as NSString).deletingLastPathComponent + "/Golden"
    let path = directory + "/" + name
    if ProcessInfo.processInfo.environment["TIPS_UPDATE_GOLDEN"] == "1" {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("cannot write golden file \(path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
        Issue.record("missing golden file \(path); run with TIPS_UPDATE_GOLDEN=1 to create it",
                     sourceLocation: sourceLocation)
        return
    }
    if actual != expected {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(a, e)).firstIndex { $0 != $1 } ?? min(a.count, e.count)
        let got = line < a.count ? String(a[line]) : "<end>"
        let want = line < e.count ? String(e[line]) : "<end>"
        Issue.record("""
            output differs from golden file \(name) at line \(line + 1) \
            (TIPS_UPDATE_GOLDEN=1 regenerates it):
              expected: \(want.debugDescription)
              actual:   \(got.debugDescription)
            """, sourceLocation: sourceLocation)
    }
}
