import Foundation
import Testing

/// Compares `actual` with the golden file `Golden/name` next to the calling test file: the
/// one golden-file helper of the test targets.
///
/// Run with `TIPS_UPDATE_GOLDEN=1` to (re)write golden files from the current output, then
/// review the diff like any other change.
public func expectGolden(_ actual: String, _ name: String, filePath: String = #filePath,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    expectGolden(actual, at: directory.appendingPathComponent(name), sourceLocation: sourceLocation)
}

/// Compares `actual` with the file at `url`; `TIPS_UPDATE_GOLDEN=1` rewrites it. A mismatch
/// names the first line that differs, with both versions.
public func expectGolden(_ actual: String, at url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let name = url.lastPathComponent
    if ProcessInfo.processInfo.environment["TIPS_UPDATE_GOLDEN"] == "1" {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("cannot write golden file \(url.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("missing golden file \(url.path); run with TIPS_UPDATE_GOLDEN=1 to create it", sourceLocation: sourceLocation)
        return
    }
    if actual != expected {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(a, e)).firstIndex { $0 != $1 } ?? min(a.count, e.count)
        Issue.record("""
            output differs from golden file \(name) at line \(line + 1) (TIPS_UPDATE_GOLDEN=1 regenerates it):
              expected: \((line < e.count ? String(e[line]) : "<end>").debugDescription)
              actual:   \((line < a.count ? String(a[line]) : "<end>").debugDescription)
            """, sourceLocation: sourceLocation)
    }
}
