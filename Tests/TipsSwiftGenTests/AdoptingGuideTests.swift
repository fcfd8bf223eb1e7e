import Foundation
import Testing
import TipsCLI

/// Docs/adopting.md walks an app developer through `Examples/ListDetail`; its snippets must
/// stay true to that package, which CI builds through the plugin and tests. A Swift block is
/// exempt only when marked `<!-- not compiled: REASON -->` (UIKit or SwiftUI, which Linux
/// lacks).
@Suite("Docs/adopting.md")
struct AdoptingGuideTests {
    static let example = packageRoot + "/Examples/ListDetail"

    /// A fenced block of the page: its info string, its lines, the line it starts on and
    /// the non-empty line before the fence.
    struct Block {
        var language: String
        var lines: [String]
        var line: Int
        var preceding: String
    }

    static func blocks(of text: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var previous = ""
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                } else {
                    current = Block(language: String(trimmed.dropFirst(3)), lines: [], line: number + 1, preceding: previous)
                }
            } else if current != nil {
                current?.lines.append(line)
            }
            if !trimmed.isEmpty { previous = trimmed }
        }
        return blocks
    }

    /// The block's non-empty lines, trimmed, appear in `file` in the same order.
    static func appears(_ block: Block, in file: String) -> Bool {
        let fileLines = file.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var index = fileLines.startIndex
        for line in block.lines.map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            guard let found = fileLines[index...].firstIndex(of: line) else { return false }
            index = found + 1
        }
        return true
    }

    static func files(under directory: String, ending suffix: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(suffix) && !path.hasPrefix(".build") { paths.append(directory + "/" + path) }
        }
        return paths.sorted()
    }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func everyCompiledSwiftSnippetIsCodeOfTheExample() throws {
        let page = try Self.read(packageRoot + "/Docs/adopting.md")
        let sources = Self.files(under: Self.example + "/Sources", ending: ".swift")
            + Self.files(under: Self.example + "/Tests", ending: ".swift") + [Self.example + "/Package.swift"]
        let texts = try sources.map(Self.read)
        let swift = Self.blocks(of: page).filter { $0.language == "swift" }
        let exempt = swift.filter { $0.preceding.hasPrefix("<!-- not compiled:") }
        #expect(swift.count - exempt.count >= 8, "the page should show the example's code, not only UI snippets")
        for block in exempt {
            #expect(block.preceding.contains("UIKit") || block.preceding.contains("SwiftUI"),
                    "Docs/adopting.md:\(block.line): only UIKit and SwiftUI code may go uncompiled")
        }
        for block in swift where !exempt.contains(where: { $0.line == block.line }) {
            #expect(texts.contains { Self.appears(block, in: $0) },
                    "Docs/adopting.md:\(block.line): this Swift block is not in Examples/ListDetail (line for line, in order)")
        }
    }

    @Test func everyTipsSnippetIsInTheExampleCatalog() throws {
        let page = try Self.read(packageRoot + "/Docs/adopting.md")
        let texts = try Self.files(under: Self.example + "/Sources", ending: ".tips").map(Self.read)
        let tips = Self.blocks(of: page).filter { $0.language == "tips" }
        #expect(tips.count >= 2)
        for block in tips {
            #expect(texts.contains { Self.appears(block, in: $0) },
                    "Docs/adopting.md:\(block.line): this .tips block is not in the example's catalog")
        }
    }

    /// A copy of the example's catalog under `<temporary>/Sources/ListDetail/Tips`, with
    /// `edit` applied to `tips.tips`; returns `<temporary>`.
    static func exampleCopy(editing edit: (String) -> String = { $0 }) throws -> String {
        let root = FileManager.default.temporaryDirectory.path + "/tips-adopting-" + UUID().uuidString
        let tips = root + "/Sources/ListDetail/Tips"
        try FileManager.default.createDirectory(atPath: tips, withIntermediateDirectories: true)
        for name in ["model.tips", "tips.tips"] {
            let text = try read(example + "/Sources/ListDetail/Tips/" + name)
            try (name == "tips.tips" ? edit(text) : text).write(toFile: tips + "/" + name, atomically: false, encoding: .utf8)
        }
        return root
    }

    static func tipc(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var out = ""
        var err = ""
        let status = Tipc.run(arguments, stdout: &out, stderr: &err)
        return (status, out, err)
    }

    /// The page's build error is what `tipc gen swift` (the plugin's command) prints for
    /// the misspelt event, line for line; the page shortens the absolute path to `...`.
    @Test func theBuildErrorShownIsTheOneTheBuildPrints() throws {
        let page = try Self.read(packageRoot + "/Docs/adopting.md")
        let shown = try #require(Self.blocks(of: page).first { $0.language == "text" && $0.lines.first?.contains("detailVeiwed") == true })
        let root = try Self.exampleCopy { $0.replacingOccurrences(of: "count(detailViewed) >= 2", with: "count(detailVeiwed) >= 2") }
        defer { try? FileManager.default.removeItem(atPath: root) }
        let tips = root + "/Sources/ListDetail/Tips"
        let r = Self.tipc(["gen", "swift", "--color", "never", tips + "/model.tips", tips + "/tips.tips", "-o", root + "/Out.swift"])
        #expect(r.status == 1)
        let printed = r.stderr.replacingOccurrences(of: root, with: "...").components(separatedBy: "\n")
        let expected = shown.lines.filter { !$0.isEmpty }
        #expect(Array(printed.prefix(expected.count)) == expected, "\(r.stderr)")
    }

    /// The page's `tipc explain` output is what the command prints for the journal the page
    /// describes (one button favourite, three items).
    @Test func theExplanationShownIsTheOneTipcPrints() throws {
        let page = try Self.read(packageRoot + "/Docs/adopting.md")
        let shown = try #require(Self.blocks(of: page).first { $0.language == "console" && $0.lines.first?.contains("tipc explain") == true })
        let root = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let defs = root + "/Sources/ListDetail/Tips"
        let journal = root + "/tips.jsonl"
        for step in [["donate", "detailViewed"], ["set", "itemCount", "3"], ["donate", "itemFavorited", "source=.button"]] {
            let r = Self.tipc(["journal", journal] + step + ["--at", "2026-01-05T09:00:00Z", "--defs", defs])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let command = try #require(shown.lines.first)
        #expect(command == "$ tipc explain SwipeTip --defs Sources/ListDetail/Tips --journal tips.jsonl --at 2026-01-05T10:00:00Z --install-id install-1")
        let r = Self.tipc(["explain", "SwipeTip", "--defs", defs, "--journal", journal, "--at", "2026-01-05T10:00:00Z",
                           "--install-id", "install-1"])
        #expect(r.status == 0, "\(r.stderr)")
        let printed = r.stdout.replacingOccurrences(of: root + "/", with: "").components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(printed == Array(shown.lines.dropFirst()).filter { !$0.isEmpty })
    }

    /// The check itself must be able to fail: a changed line, or lines out of order, miss.
    @Test func theCheckCatchesDrift() {
        let block = Block(language: "swift", lines: ["  let a = 1", "", "let b = 2"], line: 1, preceding: "")
        #expect(Self.appears(block, in: "x\nlet a = 1\ny\n    let b = 2\n"))
        #expect(!Self.appears(block, in: "let b = 2\nlet a = 1\n"))
        #expect(!Self.appears(block, in: "let a = 1\nlet b = 3\n"))
        let parsed = Self.blocks(of: "text\n<!-- not compiled: UIKit -->\n```swift\nlet x = 1\n```\n")
        #expect(parsed.count == 1)
        #expect(parsed.first?.preceding == "<!-- not compiled: UIKit -->")
        #expect(parsed.first?.lines == ["let x = 1"])
    }

    @Test func theReadmeStartsTheDocListWithIt() throws {
        let readme = try Self.read(packageRoot + "/README.md")
        let docLinks = readme.components(separatedBy: "\n").filter { $0.hasPrefix("- [Docs/") }
        #expect(docLinks.first?.hasPrefix("- [Docs/adopting.md](Docs/adopting.md)") == true)
    }
}

/// The repository stands alone: every relative link of the README and of Docs/*.md leads
/// to a file or folder inside it, and no page sends readers to material kept elsewhere.
@Suite("Docs: links stay inside the repository")
struct DocLinkTests {
    static func pages() -> [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Docs")) ?? []
        return [packageRoot + "/README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { packageRoot + "/Docs/" + $0 }
    }

    /// `text` without fenced blocks and code spans, where `](` is code, not a link.
    static func prose(_ text: String) -> String {
        var out: [String] = []
        var fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced else { continue }
            // Every other backtick-separated piece is a code span.
            let pieces = line.components(separatedBy: "`")
            out.append(pieces.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " "))
        }
        return out.joined(separator: "\n")
    }

    /// The targets of `[text](target)` links in the prose of `text`.
    static func linkTargets(_ text: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(prose(text))
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            targets.append(String(after[..<close]))
            rest = after[close...]
        }
        return targets
    }

    @Test func relativeLinksResolveInsideTheRepository() throws {
        let root = URL(fileURLWithPath: packageRoot).standardizedFileURL.path
        #expect(Self.pages().count > 10)
        for page in Self.pages() {
            let text = try String(contentsOfFile: page, encoding: .utf8)
            let name = String(page.dropFirst(packageRoot.count + 1))
            for target in Self.linkTargets(text) where !target.contains("://") && !target.hasPrefix("#") && !target.hasPrefix("mailto:") {
                let path = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let resolved = URL(fileURLWithPath: page).deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL.path
                #expect(resolved.hasPrefix(root + "/"), "\(name): link '\(target)' leads outside the repository")
                #expect(FileManager.default.fileExists(atPath: resolved), "\(name): link '\(target)' leads nowhere")
            }
            #expect(!text.contains("shared/reference") && !text.contains("shared/seeds") && !text.contains("../shared"),
                    "\(name) points at material outside the repository")
        }
    }

    @Test func theLinkParserFindsLinks() {
        #expect(Self.linkTargets("see [a](a.md) and [b](../b.md#x), not (c)") == ["a.md", "../b.md#x"])
        #expect(Self.linkTargets("code `x[.f](Z|y)` and\n```\n[c](c.md)\n```\n[d](d.md)") == ["d.md"])
    }
}
