import Foundation
import Testing
import TipsCheck
import TipsSource

/// Runs every `Inputs/*.tips` file (one catalog each) and every `Inputs/<dir>/` (one
/// multi-file catalog each) and compares the diagnostics with the expectations written in
/// the sources: `// expect-error E201 unknown event 'x'` on the line where the diagnostic
/// starts (`expect-warning` for warnings; the text after the code, if any, must occur in the
/// message; a code prefix such as `E1` matches any parser error, whose exact codes belong to
/// the parser). Several expectations on one line are separated by `//`. Missing and
/// unexpected diagnostics both fail. Lint warnings other than the checker's (W150–W152) are not compared.
struct ExpectationRunnerTests {
    /// One expected diagnostic.
    struct Expectation: Hashable, CustomStringConvertible {
        var path: String
        var line: Int
        var severity: Severity
        var code: String
        var text: String

        var description: String { "\(path):\(line): \(severity) \(code) \(text)" }
    }

    /// The catalogs under Inputs: file name or directory name, with its files.
    static func catalogs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestSupport.inputsURL.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    static func files(of catalog: String) -> [(String, String)] {
        let url = TestSupport.inputsURL.appendingPathComponent(catalog)
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let urls: [URL]
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            urls = names.filter { $0.hasSuffix(".tips") }.sorted().map { url.appendingPathComponent($0) }
        } else {
            urls = [url]
        }
        return urls.map { u in
            let text = (try? String(contentsOf: u, encoding: .utf8)) ?? ""
            let path = isDirectory.boolValue ? catalog + "/" + u.lastPathComponent : catalog
            return (path, text)
        }
    }

    static func expectations(path: String, text: String) -> [Expectation] {
        var result: [Expectation] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for part in line.components(separatedBy: "//").dropFirst() {
                let words = part.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 2)
                guard words.count >= 2 else { continue }
                let severity: Severity
                switch words[0] {
                case "expect-error": severity = .error
                case "expect-warning": severity = .warning
                default: continue
                }
                let message = words.count > 2 ? String(words[2]).trimmingCharacters(in: .whitespaces) : ""
                result.append(Expectation(path: path, line: index + 1, severity: severity, code: String(words[1]),
                                          text: message))
            }
        }
        return result
    }

    @Test("inputs have at least one catalog")
    func inputsExist() {
        #expect(Self.catalogs().count >= 5)
    }

    @Test("diagnostics match the expectations written in the source", arguments: catalogs())
    func expectationsMatch(_ catalog: String) {
        let files = Self.files(of: catalog)
        var sources = SourceSet()
        for (path, text) in files { sources.add(path: path, text: text) }
        let result = Checker.check(sources)
        var expected = files.flatMap { Self.expectations(path: $0.0, text: $0.1) }
            .filter { TestSupport.isCompared(code: $0.code) }
        var unexpected: [String] = []
        for d in result.diagnostics where TestSupport.isCompared(d) {
            let file = sources[d.range.file]
            let line = file.location(of: d.range.start).line
            if let i = expected.firstIndex(where: {
                $0.path == file.path && $0.line == line && $0.severity == d.severity && d.code.hasPrefix($0.code)
                    && ($0.text.isEmpty || d.message.contains($0.text))
            }) {
                expected.remove(at: i)
            } else {
                unexpected.append(TestSupport.render([d], sources))
            }
        }
        #expect(unexpected.isEmpty, "unexpected diagnostics:\n\(unexpected.joined(separator: "\n"))")
        #expect(expected.isEmpty, "missing diagnostics:\n\(expected.map(\.description).joined(separator: "\n"))")
    }
}
