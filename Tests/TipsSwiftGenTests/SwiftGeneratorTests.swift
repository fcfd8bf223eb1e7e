import Foundation
import Testing
import TipsCheck
import TipsCompile
import TipsDriver
import TipsSource
import TipsSwiftGen
import TipsTestSupport

@Suite struct SwiftGeneratorTests {
    /// The shipped catalogs and the catalog with every construct, each against its golden.
    static let catalogs: [(name: String, directory: String)] = [
        ("everything", inputsDirectory + "/everything"),
        ("fitness-app", packageRoot + "/Definitions/fitness-app"),
        ("notes-app", packageRoot + "/Definitions/notes-app"),
        ("photo-app", packageRoot + "/Definitions/photo-app"),
        ("shop-app", packageRoot + "/Definitions/shop-app"),
    ]

    @Test(arguments: catalogs.map(\.name))
    func matchesGolden(_ name: String) throws {
        let directory = try #require(Self.catalogs.first { $0.name == name }?.directory)
        expectGolden(withoutBundle(try generateSwift(directory)), name + ".swift")
    }

    /// The goldens leave out the base64 text and the bundle's size, so a compiler change that
    /// alters bundle bytes doesn't touch every golden; `embedsTheCompiledBundle` checks
    /// those bytes instead.
    func withoutBundle(_ swift: String) -> String {
        var out: [Substring] = []
        var inBundle = false
        for line in swift.split(separator: "\n", omittingEmptySubsequences: false) {
            if inBundle {
                if line.hasSuffix("\"\"\"") {
                    inBundle = false
                    out.append("    (base64 of the bundle left out of the golden)")
                    out.append(line)
                }
                continue
            }
            if line.contains("/// The compiled bundle (") {
                out.append(line.prefix { $0 != "(" } + "(N bytes), decoded on first use.")
            } else {
                out.append(line)
            }
            if line.hasSuffix("let base64: Swift.String = \"\"\"") { inBundle = true }
        }
        return out.joined(separator: "\n")
    }

    @Test func embedsTheCompiledBundle() throws {
        let directory = inputsDirectory + "/everything"
        let swift = try generateSwift(directory)
        let start = try #require(swift.range(of: "let base64: Swift.String = \"\"\"\n"))
        let end = try #require(swift.range(of: "\"\"\"", range: start.upperBound..<swift.endIndex))
        let base64 = swift[start.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
        let decoded = try #require(Data(base64Encoded: String(base64)))
        let sources = relativeSources(CatalogLoader.load([directory]).catalogs[0], to: directory)
        #expect([UInt8](decoded) == Compiler.compile(sources: sources).bytes)
    }

    @Test func publicAccessAndTypeName() throws {
        let swift = try generateSwift(inputsDirectory + "/everything",
                                      options: SwiftGenOptions(typeName: "NotesTips", accessLevel: .public))
        expectGolden(withoutBundle(swift), "everything-public.swift")
        #expect(!swift.contains("internal "))
    }

    /// The same catalog gives the same bytes: generated twice, and from a copy elsewhere
    /// (paths in the output are catalog-relative).
    @Test func isDeterministic() throws {
        let directory = packageRoot + "/Definitions/notes-app"
        let first = try generateSwift(directory)
        #expect(try generateSwift(directory) == first)
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".tips") {
            files[name] = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        }
        let copy = try temporaryCatalog(files)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        #expect(try generateSwift(copy) == first)
    }

    @Test(arguments: [
        ("tip FavoriteTip { title \"A\" rule true }\ntip favoriteTip { title \"B\" rule true }",
         ["a.tips:2:5: error: tip favoriteTip would have the Swift name 'favoriteTip', as tip FavoriteTip has [E800]",
          "a.tips:1:5: note: tip FavoriteTip is declared here"]),
        ("tip A { title \"A\" rule true action \"learn-more\" { title \"x\" } action \"learn more\" { title \"y\" } }",
         ["a.tips:1:63: error: action id \"learn more\" would have the Swift name 'learnMore', as action id \"learn-more\" has [E800]"]),
        ("tip A { title \"A\" rule true action \"--\" { title \"x\" } }",
         ["a.tips:1:29: error: action id \"--\" has no letter or digit to make a Swift name of [E801]"]),
        ("enum AppTips { a, b }\nparam p: AppTips = .a\ntip A { title \"A\" rule p == .a }",
         ["a.tips:1:1: error: enum AppTips has the name of the generated namespace [E802]",
          "note: rename the enum, or choose another name with --type-name"]),
    ])
    func reportsNamesThatClashInSwift(_ source: String, _ expected: [String]) throws {
        let directory = try temporaryCatalog(["a.tips": source])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let error = try #require(swiftGenError { try generateSwift(directory) })
        var sources = SourceSet()
        sources.add(path: "a.tips", text: source)
        let rendered = DiagnosticRenderer.text(error.diagnostics, sources: sources, options: .init(colored: false))
        for line in expected {
            #expect(rendered.contains(line), "\(rendered)")
        }
    }

    @Test func reportsEveryClashNotOnlyTheFirst() throws {
        let directory = try temporaryCatalog([
            "a.tips": "tip A { title \"A\" rule true }\ntip a { title \"B\" rule true }\n",
            "b.tips": "event e\nevent E\ntip B { title \"B\" rule count(e) + count(E) > 0 }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let error = try #require(swiftGenError { try generateSwift(directory) })
        #expect(error.diagnostics.map(\.code) == ["E800", "E800"])
    }

    @Test(arguments: ["Tip", "Tips", "TipsRuntime", "1Tips", "my-tips", "class", "Plan"])
    func refusesUnusableTypeNames(_ name: String) throws {
        #expect(throws: SwiftGenError.self) {
            try generateSwift(inputsDirectory + "/everything", options: SwiftGenOptions(typeName: name))
        }
    }

    @Test func escapesReservedWordsAndNamesMembersInLowerCamelCase() throws {
        let swift = try generateSwift(inputsDirectory + "/everything")
        #expect(swift.contains("case `default`\n"))
        #expect(swift.contains("static var urlTip: TipsRuntime.TipKey"))
        #expect(swift.contains("static var _2xFaster: TipsRuntime.TipAction"))
        // Never a top-level declaration that TipKit also has.
        #expect(!swift.contains("\nstruct Tip") && !swift.contains("enum Tip ") && !swift.contains("class Tip"))
    }
}
