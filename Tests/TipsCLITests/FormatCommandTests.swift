import Testing
import TipsSource
import TipsSyntax

@Suite struct FormatCommandTests {
    /// The canonical text of `text`, as the formatter makes it.
    func formatted(_ text: String) -> String {
        var set = SourceSet()
        set.add(path: "x.tips", text: text)
        return Formatter.format(Parser.parse(set.files[0]).tree, source: set.files[0])
    }

    static let messy = "param   flag :Bool=true\nevent   opened\n"

    @Test func printsOneFile() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("a.tips", FrontEnd.cleanCatalog)
        let run = tipc("fmt", file)
        #expect(run.status == 0)
        #expect(run.stdout == formatted(FrontEnd.cleanCatalog))
        #expect(run.stderr.isEmpty)
        // A directory holding exactly one file works too.
        #expect(tipc("fmt", dir.path).stdout == run.stdout)
    }

    @Test func printingSeveralFilesIsAnError() throws {
        let dir = try TemporaryDirectory()
        try dir.write("a.tips", "")
        try dir.write("b.tips", "")
        let run = tipc("fmt", dir.path)
        #expect(run.status == 2)
        #expect(run.stderr == "tipc: error: fmt prints one file, but 2 were found; use --check to list or --write to rewrite several\n")
        #expect(tipc("fmt", try TemporaryDirectory().path).status == 2)
    }

    @Test func checkAcceptsFormattedFiles() throws {
        let dir = try TemporaryDirectory()
        try dir.write("a.tips", formatted(FrontEnd.cleanCatalog))
        let run = tipc("fmt", "--check", dir.path)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(tipc("fmt", "--write", dir.path).stdout.isEmpty)
    }

    @Test
    func checkListsAndWriteRewrites() throws {
        let dir = try TemporaryDirectory()
        let messy = try dir.write("b/messy.tips", Self.messy)
        let clean = try dir.write("a/clean.tips", formatted(Self.messy))
        let check = tipc("fmt", "--check", dir.path)
        #expect(check.status == 1)
        #expect(check.stdout == messy + "\n")

        let write = tipc("fmt", "--write", dir.path)
        #expect(write.status == 0)
        #expect(write.stdout == messy + "\n")
        #expect(try dir.read("b/messy.tips") == formatted(Self.messy))
        #expect(try dir.read("a/clean.tips") == formatted(Self.messy))
        #expect(tipc("fmt", "--check", dir.path, clean).status == 0)
    }

    @Test
    func writeFollowsSymbolicLinks() throws {
        let dir = try TemporaryDirectory()
        try dir.write("real.tips", Self.messy)
        try dir.link("link.tips", to: "real.tips")
        #expect(tipc("fmt", "--write", dir.path + "/link.tips").status == 0)
        #expect(try dir.read("real.tips") == formatted(Self.messy))
        let kind = try FileManagerAttributes.type(of: dir.path + "/link.tips")
        #expect(kind == .typeSymbolicLink)
    }

    @Test
    func filesWithSyntaxErrorsAreLeftAlone() throws {
        let dir = try TemporaryDirectory()
        let broken = "tip Broken {\n  rule (\n"
        let path = try dir.write("broken.tips", broken)
        for mode in ["--check", "--write"] {
            let run = tipc("fmt", mode, dir.path)
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("\(path):"))
            #expect(run.stderr.hasSuffix("tipc: error: \(path) has syntax errors; not formatted\n"))
        }
        #expect(try dir.read("broken.tips") == broken)
    }
}

import Foundation
import TipsTestSupport

/// File type lookup without following the last symbolic link.
enum FileManagerAttributes {
    static func type(of path: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    }
}
