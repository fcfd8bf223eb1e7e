import Foundation
import Testing
import TipsBenchSupport
import TipsCheck
import TipsDriver
import TipsSource
import TipsSyntax

/// `IncrementalChecker` against a check from scratch: random edits of multi-file catalogs
/// (a tip inserted, deleted or copied into another file, a reference renamed to another
/// name or misspelt, a declaration renamed so other files' references break, a syntax error
/// introduced and later undone, strings, numbers, comments and blank lines typed), and
/// after every edit the diagnostics of every file and the model must be exactly those of
/// `Checker.check` on the same files.
@Suite struct IncrementalCheckTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The catalogs edited: a generated one (parameters, events and groups in files of their
    /// own, tips spread over several files) and the example apps.
    static func catalog(_ name: String) -> [(path: String, text: String)] {
        if name == "generated" {
            return CatalogGenerator(.init(tips: 48, tipsPerFile: 8, seed: 7)).files()
        }
        let directory = repository.appendingPathComponent("Definitions/" + name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".tips") }.sorted().compactMap { file in
            (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)).map { (file, $0) }
        }
    }

    /// Applies 40 random edits of `editor`, checking each incrementally and from scratch: the
    /// two must agree on diagnostics and model (the first difference ends the run). Returns
    /// how many edits took the incremental path (edits that changed nothing count only with
    /// `countingEmptyEdits`).
    static func applyRandomEdits(_ editor: inout Editor, catalog name: String, countingEmptyEdits: Bool) -> Int {
        var checker = IncrementalChecker()
        var incremental = 0
        var parsed = editor.sources().files.map(Parser.parse)
        _ = checker.check(editor.sources(), parsed: parsed)
        for step in 0..<40 {
            let (description, edited) = editor.randomEdit()
            let sources = editor.sources()
            for i in edited { parsed[i] = Parser.parse(sources.files[i]) }
            let result = checker.check(sources, parsed: parsed)
            let full = Checker.check(sources)
            if checker.statistics.incremental && (countingEmptyEdits || !edited.isEmpty) { incremental += 1 }
            #expect(result.diagnostics == full.diagnostics, "\(name) step \(step): \(description)")
            #expect(result.model == full.model, "\(name) step \(step): \(description)")
            if result.diagnostics != full.diagnostics {
                let a = result.diagnostics.map { "\($0.code) \($0.range) \($0.message)" }
                let b = full.diagnostics.map { "\($0.code) \($0.range) \($0.message)" }
                Issue.record("incremental \(a)\nfull \(b)")
                return incremental
            }
            if result.model != full.model { return incremental }
        }
        return incremental
    }

    @Test(arguments: ["generated", "notes-app", "fitness-app", "shop-app", "photo-app"])
    func randomEditsMatchAFullCheck(catalog name: String) throws {
        let files = Self.catalog(name)
        try #require(files.count >= 3, "catalog \(name) not found")
        var editor = Editor(files: files, seed: UInt64(name.utf8.count) &* 0x9E37_79B9)
        let incremental = Self.applyRandomEdits(&editor, catalog: name, countingEmptyEdits: true)
        // Most edits stay inside tips: the incremental path must have been taken.
        #expect(incremental >= 10, "only \(incremental) of 40 edits were checked incrementally")
    }

    /// The same differential check with every edit in a file that declares parameters, events,
    /// enumerations, constants or configuration: spaces, comments and lines typed there re-check
    /// only that file's tips, anything else a parser or checker sees checks everything, and the
    /// result must be a full check's either way.
    @Test(arguments: ["generated", "notes-app", "fitness-app", "shop-app", "photo-app"])
    func randomEditsInDeclarationFilesMatchAFullCheck(catalog name: String) throws {
        let files = Self.catalog(name)
        var editor = Editor(files: files, seed: UInt64(name.utf8.count) &* 0xC2B2_AE35)
        editor.onlyFiles = files.indices.filter { i in
            var set = SourceSet()
            set.add(path: files[i].path, text: files[i].text)
            return Parser.parse(set.files[0]).tree.declarations.contains {
                switch $0 {
                case .tip, .group, .testing: false
                default: true
                }
            }
        }
        try #require(!editor.onlyFiles!.isEmpty, "catalog \(name) has no declaration file")
        let incremental = Self.applyRandomEdits(&editor, catalog: name, countingEmptyEdits: false)
        #expect(incremental >= 5, "only \(incremental) of 40 edits were checked incrementally")
    }

    @Test func typingASpaceOrACommentInADeclarationFileRechecksOnlyItsTips() throws {
        let files = CatalogGenerator(.init(tips: 40, tipsPerFile: 10, seed: 3)).files()
        var editor = Editor(files: files, seed: 1)
        var checker = IncrementalChecker()
        _ = checker.check(editor.sources(), parsed: editor.sources().files.map(Parser.parse))
        let file = try #require(editor.paths.firstIndex(of: "Generated/catalog.tips"))
        let original = editor.texts[file]
        for edit in [" " + original, "// typing\n" + original, original + "\n\n// end\n"] {
            editor.texts[file] = edit
            let sources = editor.sources()
            let result = checker.check(sources, parsed: sources.files.map(Parser.parse))
            #expect(checker.statistics.incremental)
            #expect(checker.statistics.reusedTips == 40)
            #expect(checker.statistics.checkedTips == 0)
            #expect(result.diagnostics == Checker.check(sources).diagnostics)
            #expect(result.model == Checker.check(sources).model)
        }
        // A token changed (the configuration's donation limit): everything is checked again.
        #expect(original.contains("donationLimit 1000"))
        // A limit lower than the tips' counts changes other files' tips' warnings: reusing them
        // would be wrong, and the result must show it.
        let before = Checker.check(editor.sources()).diagnostics
        editor.texts[file] = original.replacingOccurrences(of: "donationLimit 1000", with: "donationLimit 1")
        let sources = editor.sources()
        let result = checker.check(sources, parsed: sources.files.map(Parser.parse))
        let full = Checker.check(sources)
        #expect(full.diagnostics != before, "the edit must matter for this test to mean anything")
        #expect(result.diagnostics == full.diagnostics)
        #expect(!checker.statistics.incremental)
    }

    @Test func editingOneTipRechecksOnlyItsFile() {
        let files = CatalogGenerator(.init(tips: 40, tipsPerFile: 10, seed: 3)).files()
        var editor = Editor(files: files, seed: 1)
        var checker = IncrementalChecker()
        _ = checker.check(editor.sources(), parsed: editor.sources().files.map(Parser.parse))
        #expect(!checker.statistics.incremental)
        let file = editor.texts.firstIndex { $0.contains("title \"") }!
        editor.texts[file] = editor.texts[file].replacingOccurrences(of: "title \"", with: "title \"Now ")
        let sources = editor.sources()
        let result = checker.check(sources, parsed: sources.files.map(Parser.parse))
        #expect(checker.statistics.incremental)
        #expect(checker.statistics.checkedTips == 10)
        #expect(checker.statistics.reusedTips == 30)
        #expect(checker.statistics.lintedFiles == 1)
        #expect(result.diagnostics == Checker.check(sources).diagnostics)
        // Unchanged files: the last result as it was.
        _ = checker.check(sources, parsed: sources.files.map(Parser.parse))
        #expect(checker.statistics.incremental && checker.statistics.checkedTips == 0)
    }

    @Test func aNewDeclarationChecksEverything() {
        let files = CatalogGenerator(.init(tips: 20, tipsPerFile: 10, seed: 3)).files()
        var editor = Editor(files: files, seed: 1)
        var checker = IncrementalChecker()
        _ = checker.check(editor.sources(), parsed: editor.sources().files.map(Parser.parse))
        let file = editor.texts.firstIndex { $0.contains("title \"") }!
        editor.texts[file] += "\nevent lateArrival\n"
        let sources = editor.sources()
        let result = checker.check(sources, parsed: sources.files.map(Parser.parse))
        #expect(!checker.statistics.incremental)
        #expect(result.diagnostics == Checker.check(sources).diagnostics)
    }

    /// A catalog's files being edited at random, reproducibly.
    struct Editor {
        var paths: [String]
        var texts: [String]
        /// Earlier versions, to undo an edit (a syntax error fixed, a rename reverted).
        var history: [(file: Int, text: String)] = []
        var random: SeededGenerator
        var added = 0
        /// Every name declared when the editing started.
        let names: [String]
        /// The files edits land in (the first file of a copy), all when `nil`.
        var onlyFiles: [Int]?

        init(files: [(path: String, text: String)], seed: UInt64) {
            paths = files.map(\.path)
            texts = files.map(\.text)
            random = SeededGenerator(seed: seed)
            var sources = SourceSet()
            for f in files { sources.add(path: f.path, text: f.text) }
            let model = Checker.check(sources).model
            names = model.tips.map(\.name) + model.events.map(\.name) + model.parameters.map(\.name)
                + model.groups.map(\.name) + model.constants.map(\.name) + model.enums.map(\.name)
        }

        func sources() -> SourceSet {
            var set = SourceSet()
            for (path, text) in zip(paths, texts) { set.add(path: path, text: text) }
            return set
        }

        /// Applies one random edit; returns what it did and the files it changed.
        mutating func randomEdit() -> (String, [Int]) {
            let file = onlyFiles.map { $0[random.below($0.count)] } ?? random.below(texts.count)
            let before = texts[file]
            var lines = before.components(separatedBy: "\n")
            var edited = [file]
            let description: String
            switch random.below(11) {
            case 0 where !history.isEmpty:
                let undo = history.removeLast()
                texts[undo.file] = undo.text
                return ("undo in \(paths[undo.file])", [undo.file])
            case 1:
                // A syntax error somewhere.
                let breakers = ["(", "}", "rule && ", "tip ", "\"", "title 5", "{", "event (", "param x: = "]
                let line = random.below(lines.count)
                let breaker = breakers[random.below(breakers.count)]
                lines[line] = breaker + lines[line]
                description = "inserted '\(breaker)' at line \(line + 1) of \(paths[file])"
            case 2:
                // Rename one written name (a reference or a declaration) to another or a typo.
                guard let (line, range, old) = randomName(in: lines) else { return ("nothing", []) }
                let new = random.below(2) == 0 ? names[random.below(names.count)] : old + "x"
                lines[line].replaceSubrange(range, with: new)
                description = "renamed '\(old)' to '\(new)' at line \(line + 1) of \(paths[file])"
            case 3:
                added += 1
                let param = names[random.below(names.count)]
                lines.append("tip Added\(added) {\n    title \"Added \(added)\"\n    rule \(param) == 1\n}")
                description = "added tip Added\(added) to \(paths[file])"
            case 4:
                guard let (start, end) = randomTip(in: lines) else { return ("nothing", []) }
                lines.removeSubrange(start...end)
                description = "deleted a tip at line \(start + 1) of \(paths[file])"
            case 5:
                // A tip copied into another file: its name is now declared twice.
                guard let (start, end) = randomTip(in: lines) else { return ("nothing", []) }
                let other = random.below(texts.count)
                history.append((other, texts[other]))
                texts[other] += "\n" + lines[start...end].joined(separator: "\n") + "\n"
                edited.append(other)
                description = "copied a tip at line \(start + 1) of \(paths[file]) into \(paths[other])"
            case 6:
                let line = random.below(lines.count)
                guard let quote = lines[line].firstIndex(of: "\"") else { return ("nothing", []) }
                lines[line].insert(contentsOf: "Ab. ", at: lines[line].index(after: quote))
                description = "typed into a string at line \(line + 1) of \(paths[file])"
            case 7:
                let line = random.below(lines.count)
                guard let digit = lines[line].firstIndex(where: \.isNumber) else { return ("nothing", []) }
                lines[line].replaceSubrange(digit...digit, with: String(random.below(40)))
                description = "changed a number at line \(line + 1) of \(paths[file])"
            case 8:
                let line = random.below(lines.count + 1)
                let inserted = ["", "// a comment", "    ", "// lint-ignore W101"][random.below(4)]
                lines.insert(inserted, at: line)
                description = "inserted '\(inserted)' at line \(line + 1) of \(paths[file])"
            case 9:
                let line = random.below(lines.count)
                lines.remove(at: line)
                description = "deleted line \(line + 1) of \(paths[file])"
            default:
                // Type a rule into a tip.
                guard let (start, _) = randomTip(in: lines) else { return ("nothing", []) }
                let name = names[random.below(names.count)]
                lines.insert("    rule \(name) > 2", at: start + 1)
                description = "added 'rule \(name) > 2' at line \(start + 2) of \(paths[file])"
            }
            history.append((file, before))
            texts[file] = lines.joined(separator: "\n")
            return (description, edited)
        }

        /// A declared name written on some line: (line, its range, the name).
        mutating func randomName(in lines: [String]) -> (Int, Range<String.Index>, String)? {
            var found: [(Int, Range<String.Index>, String)] = []
            let declared = Set(names)
            for (i, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                var start: String.Index?
                for index in line.indices + [line.endIndex] {
                    let isWord = index < line.endIndex && (line[index].isLetter || line[index].isNumber || line[index] == "_")
                    if isWord, start == nil { start = index }
                    if !isWord, let s = start {
                        let word = String(line[s..<index])
                        if declared.contains(word) { found.append((i, s..<index, word)) }
                        start = nil
                    }
                }
            }
            return found.isEmpty ? nil : found[random.below(found.count)]
        }

        /// The first and last line of a random `tip` declaration.
        mutating func randomTip(in lines: [String]) -> (Int, Int)? {
            let starts = lines.indices.filter { lines[$0].hasPrefix("tip ") }
            guard !starts.isEmpty else { return nil }
            let start = starts[random.below(starts.count)]
            guard let end = lines[start...].firstIndex(of: "}") else { return nil }
            return (start, end)
        }
    }

}
