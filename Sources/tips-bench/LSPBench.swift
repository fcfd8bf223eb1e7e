import Foundation
import TipsCLI
import TipsDriver
import TipsLanguageServer
import TipsText

/// lsp.keystroke.*: one keystroke in an editor through `tipc lsp`'s server (a `didChange`,
/// then the recheck of the whole catalog and the comparison and publication of its
/// diagnostics), against a full `tipc check` of the same catalog (reading the files,
/// checking, rendering) in the same run.
enum LSPBench {
    static let notesApp = Benchmark(
        name: "lsp.keystroke.notes-app",
        summary: "a keystroke in Definitions/notes-app through the language server, vs tipc check of it"
    ) { context in
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return run(name: "lsp.keystroke.notes-app", context,
                   catalog: repository.appendingPathComponent("Definitions/notes-app").path, edited: "editor.tips")
    }

    static let generated = Benchmark(
        name: "lsp.keystroke.1k",
        summary: "a keystroke in a generated 1,000-tip catalog (20 files of tips), vs tipc check of it"
    ) { context in
        run(generated: .init(tips: 1000, tipsPerFile: 50), name: "lsp.keystroke.1k", context)
    }

    static let generatedSmall = Benchmark(
        name: "lsp.keystroke.200",
        summary: "a keystroke in a generated 200-tip catalog (20 files of tips), vs tipc check of it"
    ) { context in
        run(generated: .init(tips: 200, tipsPerFile: 10), name: "lsp.keystroke.200", context)
    }

    static let generatedEdit = Benchmark(
        name: "lsp.edit.1k",
        summary: "a keystroke in a tip's title in a generated 1,000-tip catalog (23 files), vs tipc check of it"
    ) { context in
        run(generated: .init(tips: 1000, tipsPerFile: 50), name: "lsp.edit.1k", context, inTitle: true)
    }

    /// Writes a generated catalog to a temporary directory and runs the keystroke benchmark on
    /// it: at the start of its first file, or `inTitle`, inside the first title of its first
    /// file of tips.
    static func run(generated configuration: CatalogGenerator.Configuration, name: String,
                    _ context: BenchContext, inTitle: Bool = false) -> [BenchResult] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tips-bench-lsp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let generator = CatalogGenerator(configuration)
        var first: String?
        for file in generator.files() {
            let url = directory.appendingPathComponent(file.path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? file.text.write(to: url, atomically: true, encoding: .utf8)
            if first == nil, !inTitle || file.text.contains("title \"") { first = file.path }
        }
        return run(name: name, context, catalog: directory.path, edited: first ?? "", inTitle: inTitle)
    }

    /// Opens `edited` (relative to `catalog`), then times typing a space at its start and
    /// deleting it again, alternately, with `tipc check catalog` as the baseline.
    static func run(name: String, _ context: BenchContext, catalog: String, edited: String,
                    inTitle: Bool = false) -> [BenchResult] {
        let path = catalog + "/" + edited
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return [BenchResult(name: name, note: "cannot read \(path)")]
        }
        var at = (line: 0, character: 0)
        if inTitle {
            // Just after the opening quote of the first title (ASCII up to there in generated files).
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard let line = lines.firstIndex(where: { $0.contains("title \"") }),
                  let quote = lines[line].range(of: "title \"") else {
                return [BenchResult(name: name, note: "no title in \(path)")]
            }
            at = (line, lines[line].distance(from: lines[line].startIndex, to: quote.upperBound))
        }
        let session = Session(root: catalog, path: path, text: text, at: at)
        let keystroke = Benchmark.Workload(operation: { session.keystroke() })
        let check = Benchmark.Workload(operation: {
            var out = ""
            var err = ""
            return Int(Tipc.run(["check", catalog], stdout: &out, stderr: &err)) &+ out.utf8.count
        })
        let times = context.runner.nanosecondsPerOperation([keystroke, check])
        var row = BenchResult(name: name, nsPerOp: times[0], baseline: "tipc-check", baselineNsPerOp: times[1])
        let files = (FileManager.default.enumerator(atPath: catalog)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".tips") }.count
        row.extra = [("files", .double(Double(files))), ("published", .double(Double(session.published)))]
        row.note = "\(files) files, \(formatDecimal(times[0] / 1e6, places: 2)) ms per keystroke"
        return [row]
    }

    /// A server with one open document, fed keystrokes the way `StdioServer` feeds it.
    final class Session {
        var server = LanguageServer()
        let uri: String
        var version = 1
        var typed = false
        /// Messages the server sent while being timed (diagnostics), to keep them observable.
        var published = 0
        /// Where keystrokes type.
        let at: (line: Int, character: Int)

        init(root: String, path: String, text: String, at: (line: Int, character: Int) = (0, 0)) {
            uri = "file://" + path
            self.at = at
            send(.object(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                          "params": .object(["rootUri": .string("file://" + root), "capabilities": .object([])])]))
            send(.object(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": .object([
                "textDocument": .object(["uri": .string(uri), "languageId": "tips", "version": 1, "text": .string(text)])])]))
        }

        func send(_ message: JSON) {
            server.receive(Array(message.rendered().utf8))
            server.flush()
            published &+= server.takeOutput().count
        }

        func keystroke() -> Int {
            version += 1
            let end = at.character + (typed ? 1 : 0)
            let range: JSON = .object(["start": .object(["line": .int(at.line), "character": .int(at.character)]),
                                       "end": .object(["line": .int(at.line), "character": .int(end)])])
            send(.object(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": .object([
                "textDocument": .object(["uri": .string(uri), "version": .int(version)]),
                "contentChanges": .array([.object(["range": range, "text": .string(typed ? "" : " ")])])])]))
            typed.toggle()
            return published
        }
    }
}
