import Foundation
import Testing

/// The module graph of Docs/contributing.md, held against `Package.swift` and the sources:
/// the table is the manifest's, the app side never reaches the front end, the driver never
/// the runtime, every `import` is a declared dependency, and front doors leave checking and
/// compiling to the driver.
@Suite struct ModuleGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Every target of the manifest with its package dependencies (`kind` is `target`,
    /// `executableTarget`, `testTarget` or `plugin`).
    static func manifest() throws -> [(name: String, kind: String, dependencies: Set<String>, excluded: Set<String>)] {
        let text = try read("Package.swift")
        // Products name targets too (`.plugin(name:targets:)`): only the targets list counts.
        guard let start = text.range(of: "\n    targets: [") else { return [] }
        let body = String(text[start.upperBound...])
        let pattern = try NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget|plugin)\(\s*name:\s*"([^"]+)""#)
        let matches = pattern.matches(in: body, range: NSRange(body.startIndex..., in: body))
        var targets: [(name: String, kind: String, dependencies: Set<String>, excluded: Set<String>)] = []
        for (i, match) in matches.enumerated() {
            guard let kind = Range(match.range(at: 1), in: body), let name = Range(match.range(at: 2), in: body),
                  let whole = Range(match.range, in: body) else { continue }
            var to = body.endIndex
            if i + 1 < matches.count, let next = Range(matches[i + 1].range, in: body) { to = next.lowerBound }
            let segment: Substring = body[whole.upperBound..<to]
            targets.append((String(body[name]), String(body[kind]), quoted(inListAfter: "dependencies: [", in: segment),
                            quoted(inListAfter: "exclude: [", in: segment)))
        }
        return targets
    }

    /// The quoted strings of the first `[...]` list after `label` in `text`.
    static func quoted(inListAfter label: String, in text: Substring) -> Set<String> {
        guard let list = text.range(of: label), let end = text[list.upperBound...].firstIndex(of: "]") else { return [] }
        let parts = text[list.upperBound..<end].split(separator: "\"", omittingEmptySubsequences: false)
        var names: Set<String> = []
        for index in parts.indices where index % 2 == 1 { names.insert(String(parts[index])) }
        return names
    }

    /// The rows of the module map in Docs/contributing.md: module, layer, dependencies.
    static func documented() throws -> [(name: String, layer: String, dependencies: Set<String>)] {
        let text = try read("Docs/contributing.md")
        guard let section = text.range(of: "## Module map") else { return [] }
        var rows: [(String, String, Set<String>)] = []
        for line in text[section.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let module = Self.codeSpans(cells[1])
            rows.append((module.first ?? "", cells[2], Set(Self.codeSpans(cells[3]))))
        }
        return rows
    }

    /// The `code` spans of a table cell, in order.
    static func codeSpans(_ cell: String) -> [String] {
        let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
        var spans: [String] = []
        for index in parts.indices where index % 2 == 1 { spans.append(String(parts[index])) }
        return spans
    }

    /// Every module reachable from `module` through `graph`, itself excluded.
    static func closure(_ module: String, _ graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var stack = Array(graph[module] ?? [])
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            stack += graph[next] ?? []
        }
        return seen
    }

    static func layers() throws -> [String: String] {
        Dictionary(try documented().map { ($0.name, $0.layer) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func theDocumentedMapIsTheManifest() throws {
        let targets = try Self.manifest().filter { $0.kind != "testTarget" }
        let rows = try Self.documented()
        #expect(!targets.isEmpty && !rows.isEmpty)
        #expect(rows.map(\.name).sorted() == targets.map(\.name).sorted())
        let declared = Dictionary(targets.map { ($0.name, $0.dependencies) }, uniquingKeysWith: { a, _ in a })
        for row in rows {
            #expect(declared[row.name] == row.dependencies, "Docs/contributing.md's row for \(row.name)")
            #expect(["shared", "stage", "app", "driver", "front door", "support"].contains(row.layer), "\(row.name): \(row.layer)")
        }
    }

    @Test func layersImportOnlyWhatTheRulesAllow() throws {
        let graph = Dictionary(try Self.manifest().map { ($0.name, $0.dependencies) }, uniquingKeysWith: { a, _ in a })
        let layers = try Self.layers()
        let modules = { (layer: String) in Set(layers.filter { $0.value == layer }.map(\.key)) }
        let frontEnd = modules("stage").union(modules("driver")).union(modules("front door"))
        #expect(modules("app") == ["TipsBytecode", "TipsVM", "TipsJournal", "TipsRuntime", "TipsSignature", "TipsUI", "TipsUpdater"])
        for module in modules("shared") { #expect(Self.closure(module, graph).isEmpty, "\(module)") }
        for module in modules("app") {
            // Apps ship precompiled bundles: nothing of the compiler may come along.
            let reached = Self.closure(module, graph).intersection(frontEnd)
            #expect(reached.isEmpty, "\(module) reaches \(reached.sorted())")
        }
        for module in modules("stage") {
            let reached = Self.closure(module, graph)
                .intersection(modules("driver").union(modules("front door")).union(["TipsVM", "TipsJournal", "TipsRuntime"]))
            #expect(reached.isEmpty, "\(module) reaches \(reached.sorted())")
        }
        for module in modules("driver") {
            let reached = Self.closure(module, graph).intersection(modules("front door").union(["TipsVM", "TipsRuntime"]))
            #expect(reached.isEmpty, "\(module) reaches \(reached.sorted())")
        }
    }

    /// SwiftPM lets a module import another it does not declare when both happen to be
    /// built; the manifest is the map, so every import must be in it.
    @Test func everyImportIsADeclaredDependency() throws {
        let targets = try Self.manifest()
        let packageModules = Set(targets.map { $0.name.replacingOccurrences(of: "-", with: "_") })
        let fm = FileManager.default
        var checked = 0
        for target in targets {
            let folder = target.kind == "testTarget" ? "Tests" : target.kind == "plugin" ? "Plugins" : "Sources"
            let directory = Self.root.appendingPathComponent(folder + "/" + target.name).path
            guard let walker = fm.enumerator(atPath: directory) else { continue }
            let allowed = Set(target.dependencies.map { $0.replacingOccurrences(of: "-", with: "_") })
                .union([target.name.replacingOccurrences(of: "-", with: "_")])
            // Excluded folders hold goldens and inputs (generated Swift importing TipsRuntime), not sources.
            for case let file as String in walker where file.hasSuffix(".swift")
                && !target.excluded.contains(where: { file.hasPrefix($0 + "/") }) {
                let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
                // Imports start their line; an indented `import` is text in a string literal
                // (a test's generated program).
                for line in text.split(separator: "\n") where !line.hasPrefix(" ") {
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                          words[..<at].allSatisfy({ ["@testable", "package", "public", "internal", "@_exported"].contains($0) })
                    else { continue }
                    let module = String(words[at + 1])
                    guard packageModules.contains(module) else { continue }
                    checked += 1
                    #expect(allowed.contains(module), "\(folder)/\(target.name)/\(file) imports \(module), not a dependency of \(target.name)")
                }
            }
        }
        #expect(checked > 100)
    }

    /// A front door that checks and compiles on its own checks twice or handles errors its
    /// own way; the driver's `CheckedCatalog` does both once. The language server checks
    /// what the editor holds (a rename's result too) and never compiles.
    @Test func frontDoorsCompileThroughTheDriver() throws {
        let layers = try Self.layers()
        let fm = FileManager.default
        for (module, layer) in layers where layer == "front door" {
            let directory = Self.root.appendingPathComponent("Sources/" + module).path
            guard let walker = fm.enumerator(atPath: directory) else { continue }
            for case let file as String in walker where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    let checks = module != "TipsLanguageServer" && line.contains("Checker.check(")
                    #expect(!checks && !line.contains("Compiler.compile("),
                            "Sources/\(module)/\(file): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }
}
