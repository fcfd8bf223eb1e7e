import Foundation
import Testing
import TipsSource
import TipsSyntax

/// Shared helpers of the formatter tests: parsing, the golden files, and the properties every
/// formatted text must have.
enum FormatterHarness {
    /// Why a test input could not be formatted.
    struct ParseFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `text` as a file of its own.
    static func parse(_ text: String) -> (SourceFile, ParseResult) {
        let file = SourceFile(id: FileID(0), path: "test.tips", text: text)
        return (file, Parser.parse(file))
    }

    /// The errors of a parse, rendered for a failure message.
    static func errors(_ result: ParseResult, in file: SourceFile) -> [String] {
        result.diagnostics.filter { $0.severity == .error }.map {
            "\(file.location(of: $0.range.start)): \($0.code) \($0.message)"
        }
    }

    /// Formats `text`, which must parse without errors (the formatter's precondition).
    static func format(_ text: String) throws -> String {
        let (file, result) = parse(text)
        let errors = errors(result, in: file)
        guard errors.isEmpty else { throw ParseFailure(description: errors.joined(separator: "\n")) }
        return Formatter.format(result.tree, source: file)
    }

    /// The texts of a tree's comments, sorted: the multiset formatting must preserve. Line
    /// comments are compared without trailing white space, which the formatter removes.
    static func commentTexts(_ tree: FileSyntax) -> [String] {
        tree.comments.map { comment in
            guard comment.kind == .line else { return comment.text }
            var text = Substring(comment.text)
            while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
            return String(text)
        }.sorted()
    }

    /// Each comment's text with where it is: the index of the first declaration that ends
    /// after it (the declaration it is in or before; the count of declarations if it follows
    /// them all) and, for a tip, of its first item that ends after it. Formatting may move a
    /// comment inside a declaration or item, or just before it, but never to another one:
    /// these places must be the same before and after.
    static func commentPlaces(_ tree: FileSyntax) -> [String] {
        tree.comments.map { comment in
            let start = comment.range.start
            let index = tree.declarations.firstIndex { $0.range.end > start } ?? tree.declarations.count
            var place = "\(index)"
            if index < tree.declarations.count, case .tip(let tip) = tree.declarations[index] {
                place += ".\(tip.items.firstIndex { $0.range.end > start } ?? tip.items.count)"
            }
            let text = commentTexts(FileSyntax(file: tree.file, declarations: [], comments: [comment]))
            return "\(place): \(text.first ?? "")"
        }.sorted()
    }

    /// Checks everything formatting `input` must guarantee: the output parses without
    /// errors, means the same (equal trees modulo ranges), keeps every comment exactly once
    /// and with its declaration, is a fixed point, and is tidy (final newline, no trailing white space, no double blank
    /// lines). Returns the output.
    @discardableResult
    static func checkProperties(of input: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let (inFile, inResult) = parse(input)
        let inErrors = errors(inResult, in: inFile)
        guard inErrors.isEmpty else { throw ParseFailure(description: inErrors.joined(separator: "\n")) }
        let output = Formatter.format(inResult.tree, source: inFile)

        let (outFile, outResult) = parse(output)
        #expect(errors(outResult, in: outFile) == [], "output does not parse:\n\(output)", sourceLocation: sourceLocation)
        #expect(StrippedTree.file(outResult.tree) == StrippedTree.file(inResult.tree),
                "formatting changed the meaning:\n\(output)", sourceLocation: sourceLocation)
        #expect(commentTexts(outResult.tree) == commentTexts(inResult.tree),
                "comments lost or duplicated:\n\(output)", sourceLocation: sourceLocation)
        #expect(commentPlaces(outResult.tree) == commentPlaces(inResult.tree),
                "a comment moved to another declaration:\n\(output)", sourceLocation: sourceLocation)
        let again = Formatter.format(outResult.tree, source: outFile)
        #expect(again == output, "not idempotent; first:\n\(output)\nsecond:\n\(again)", sourceLocation: sourceLocation)
        if !output.isEmpty {
            #expect(output.hasSuffix("\n") && !output.hasSuffix("\n\n"), sourceLocation: sourceLocation)
        }
        #expect(!output.contains("\n\n\n") && !output.hasPrefix("\n"), sourceLocation: sourceLocation)
        let untidy = output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasSuffix(" ") || $0.hasSuffix("\t") }
        #expect(untidy.isEmpty, "trailing white space: \(untidy)", sourceLocation: sourceLocation)
        return output
    }

    // MARK: Golden files

    /// `Tests/TipsSyntaxTests/Golden/fmt`, found from this file's path (not a bundle
    /// resource, so `TIPS_UPDATE_GOLDEN=1` can rewrite the checked-in files).
    static let goldenDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Golden/fmt")

    /// The names of the golden pairs: `NAME.input.tips` and `NAME.expected.tips`.
    static let goldenNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: goldenDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".input.tips") }
            .map { String($0.dropLast(".input.tips".count)) }
            .sorted()
    }()

    static func inputURL(_ name: String) -> URL { goldenDirectory.appendingPathComponent("\(name).input.tips") }
    static func expectedURL(_ name: String) -> URL { goldenDirectory.appendingPathComponent("\(name).expected.tips") }

    static func read(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// Whether the expected files are to be rewritten from the formatter's output.
    static var updatingGolden: Bool {
        ProcessInfo.processInfo.environment["TIPS_UPDATE_GOLDEN"] == "1"
    }
}
