import Foundation
import Testing
import TipsBenchSupport
@testable import TipsLanguageServer
import TipsText

/// Rename never produces a catalog that no longer checks (issue 19): every word the
/// language reserves or gives a meaning in some position is refused as a new name, and
/// a rename the checker would reject is refused with the checker's reason.
@Suite struct RenameKeywordTests {
    /// The fixture's declarations, one of each kind: (file, line, character, kind).
    static let positions: [(file: String, line: Int, character: Int, what: String)] = [
        ("model", 2, 7, "parameter"), ("model", 7, 8, "event"), ("model", 0, 6, "enumeration"),
        ("model", 0, 19, "enumeration case"), ("tips", 1, 6, "tip"), ("tips", 8, 7, "group"),
        ("tips", 5, 33, "payload field"), ("tips", 16, 16, "tip argument"),
    ]

    /// The words of the grammar in Docs/language.md (its quoted words and its list of
    /// reserved words), read from the document so the test does not share the server's list.
    static let documentedWords: Set<String> = {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/language.md")
        guard let text = try? String(contentsOf: docs, encoding: .utf8),
              let start = text.range(of: "```ebnf"), let end = text.range(of: "```", range: start.upperBound..<text.endIndex),
              let reserved = text.range(of: "- Reserved words: ") else { return [] }
        var words: Set<String> = []
        let grammar = text[start.upperBound..<end.lowerBound]
        var rest = grammar[...]
        while let open = rest.firstIndex(of: "\"") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: "\"") else { break }
            let word = String(rest[after..<close])
            if word.allSatisfy({ $0.isLetter }) { words.insert(word) }
            rest = rest[rest.index(after: close)...]
        }
        let line = text[reserved.upperBound...].prefix { $0 != "\n" }
        for word in line.split(separator: " ") { words.insert(word.trimmingCharacters(in: CharacterSet(charactersIn: "`."))) }
        return words
    }()

    func withServer(_ body: (inout Harness, Fixture) throws -> Void) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture, capabilities: .object(["workspace": .object(["workspaceEdit": .object([
            "changeAnnotationSupport": .object(["groupsOnLabel": true])])])]))
        h.notify(Message.didOpen(fixture.modelURI, Fixture.model))
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        try body(&h, fixture)
    }

    func rename(_ h: inout Harness, _ f: Fixture, _ p: (file: String, line: Int, character: Int, what: String), to name: String) -> JSON? {
        h.request("textDocument/rename", .object([
            "textDocument": .object(["uri": .string(p.file == "model" ? f.modelURI : f.tipsURI)]),
            "position": .object(["line": .int(p.line), "character": .int(p.character)]),
            "newName": .string(name)]))
    }

    @Test func theDocumentedWordsAreFound() {
        // The reading above works: the grammar's words and the reserved ones are there.
        #expect(Self.documentedWords.isSuperset(of: ["within", "title", "renamedFrom", "config", "now", "asset", "transient"]))
    }

    @Test func everyWordOfTheLanguageIsRefusedForEveryKindOfName() throws {
        let words = Self.documentedWords.union(Keywords.languageWords)
        try withServer { h, f in
            for p in Self.positions {
                // The position names what the test thinks it does.
                #expect(h.result("textDocument/prepareRename", .object([
                    "textDocument": .object(["uri": .string(p.file == "model" ? f.modelURI : f.tipsURI)]),
                    "position": .object(["line": .int(p.line), "character": .int(p.character)])])) != .null, "\(p)")
                for word in words.sorted() {
                    let answer = rename(&h, f, p, to: word)
                    #expect(answer?["error"]?["code"]?.int == RPCError.requestFailedCode, "\(p.what) renamed to '\(word)': \(answer?.rendered() ?? "")")
                    let message = answer?["error"]?["message"]?.string ?? ""
                    #expect(message.contains("word of the language") || message.contains("reserved word"), "\(word): \(message)")
                }
            }
        }
    }

    /// The bug as reported: a parameter renamed `platform` hides the platform from every
    /// `when platform == iOS`, so the catalog stopped checking.
    @Test func platformIsRefused() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let source = "param level: Int = 0\ntip T {\n    title \"t\"\n    message \"m\" when platform == iOS\n    rule level > 0\n}\n"
        try source.write(toFile: fixture.root + "/app/platform.tips", atomically: true, encoding: .utf8)
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/platform.tips")
        h.notify(Message.didOpen(uri, source))
        #expect(h.codes(uri).filter { $0.hasPrefix("E") }.isEmpty)
        let answer = h.request("textDocument/rename", .object([
            "textDocument": .object(["uri": .string(uri)]),
            "position": .object(["line": 0, "character": 7]), "newName": "platform"]))
        #expect(answer?["error"]?["code"]?.int == RPCError.requestFailedCode, "\(answer?.rendered() ?? "")")
        #expect(answer?["error"]?["message"]?.string?.contains("'platform' is a word of the language") == true)
    }

    /// A rename no word list catches: a tip given the name that another tip uses as its
    /// `id` would share that tip's persisted state (W154: a shared id may be meant when
    /// written, not as a rename's side effect); the checker says so.
    @Test func aRenameTheCheckerRejectsIsRefusedWithItsReason() throws {
        try withServer { h, f in
            let answer = rename(&h, f, ("tips", 1, 6, "tip"), to: "other")
            let message = answer?["error"]?["message"]?.string ?? ""
            #expect(answer?["error"]?["code"]?.int == RPCError.requestFailedCode, "\(answer?.rendered() ?? "")")
            #expect(message.hasPrefix("not renamed: two tips would share one state: tips.tips:"), "\(message)")
            #expect(message.hasSuffix("[W154]"), "\(message)")
        }
    }

    /// Random valid names, for every kind of name: the rename is done (unless the name is
    /// taken) and the edited catalog checks without errors.
    @Test(arguments: [11, 12] as [UInt64])
    func randomNamesKeepTheCatalogChecking(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let first = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
        let rest = first + Array("0123456789")
        try withServer { h, f in
            for round in 0..<48 {
                var name = String(first.randomElement(using: &random)!)
                for _ in 0..<Int.random(in: 0...7, using: &random) { name.append(rest.randomElement(using: &random)!) }
                if Keywords.languageWords.contains(name) || Keywords.isReserved(name) { continue }
                let p = Self.positions[round % Self.positions.count]
                // Back to the fixture's texts.
                h.notify(Message.didChange(f.modelURI, version: 2 * round + 10, range: nil, text: Fixture.model))
                h.notify(Message.didChange(f.tipsURI, version: 2 * round + 10, range: nil, text: Fixture.tips))
                let answer = rename(&h, f, p, to: name)
                if let error = answer?["error"] {
                    let message = error["message"]?.string ?? ""
                    #expect(message.contains("is already declared"), "\(p.what) → \(name): \(message)")
                    continue
                }
                var texts = [f.modelURI: Fixture.model, f.tipsURI: Fixture.tips]
                let result = answer?["result"]
                var editsByURI: [(String, [JSON])] = result?["changes"]?.members?.map { ($0.0, $0.1.array ?? []) } ?? []
                for change in result?["documentChanges"]?.array ?? [] {
                    editsByURI.append((change["textDocument"]?["uri"]?.string ?? "", change["edits"]?.array ?? []))
                }
                #expect(!editsByURI.isEmpty, "\(p.what) → \(name): no edits")
                for (uri, edits) in editsByURI {
                    texts[uri] = RenameKeywordTests.apply(edits, to: texts[uri] ?? "")
                    h.notify(Message.didChange(uri, version: 2 * round + 11, range: nil, text: texts[uri]!))
                }
                let errors = (h.codes(f.modelURI) + h.codes(f.tipsURI)).filter { $0.hasPrefix("E") }
                #expect(errors.isEmpty, "\(p.what) → \(name): \(errors)\n\(texts[f.modelURI]!)\n\(texts[f.tipsURI]!)")
            }
        }
    }

    /// `text` with LSP edits applied (positions in UTF-16 code units, applied back to front).
    static func apply(_ edits: [JSON], to text: String) -> String {
        var lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        func position(_ p: JSON?) -> (Int, Int) { (p?["line"]?.int ?? 0, p?["character"]?.int ?? 0) }
        let sorted = edits.sorted { a, b in position(a["range"]?["start"]) > position(b["range"]?["start"]) }
        for edit in sorted {
            let (l1, c1) = position(edit["range"]?["start"]), (l2, c2) = position(edit["range"]?["end"])
            let new = Array((edit["newText"]?.string ?? "").utf16)
            let merged = Array(lines[l1][..<c1]) + new + Array(lines[l2][c2...])
            let replacement = String(decoding: merged, as: UTF16.self).components(separatedBy: "\n").map { Array($0.utf16) }
            lines.replaceSubrange(l1...l2, with: replacement)
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }
}
