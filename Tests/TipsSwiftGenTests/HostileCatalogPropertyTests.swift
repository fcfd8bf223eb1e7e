import Foundation
import Testing
import TipsBenchSupport
import TipsCheck
import TipsCompile
import TipsSource
@testable import TipsSwiftGen

/// Property test of `tipc gen swift` against hostile catalogs (``FuzzCatalogBuilder``):
/// random Unicode in every text and file name (CR, LF, CRLF, NUL, U+2028/2029, U+0085,
/// backslashes, quotes, `"""`, `#`, `*/`, `\(`, bidi controls, emoji, combining marks) and
/// names drawn from Swift's keywords. For each seed:
///
/// 1. every catalog checks; clean ones generate, the ones with a planted fault fail with
///    exactly that code at a place in the catalog;
/// 2. `swiftc -dump-parse` (one call for all files) parses each generated file to the same
///    tree as its twin, the same catalog with plain words in every text that only comments
///    show: no text reaches code;
/// 3. one program (one `swiftc` build linking TipsRuntime) uses every generated declaration
///    of all clean catalogs as app code would and prints what the generated literals and
///    the embedded bundle hold; the bytes must be the catalog's texts.
///
/// `TIPS_GEN_FUZZ_SEED=N` picks another seed, `TIPS_GEN_FUZZ_CATALOGS=N` the number of
/// catalogs per run (default 24); `TIPS_GEN_FUZZ_KEEP=DIR` writes a file that parses unlike
/// its twin there, with both trees.
@Suite(.serialized) struct HostileCatalogPropertyTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["TIPS_GEN_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_C0DE
    static let count = environment["TIPS_GEN_FUZZ_CATALOGS"].flatMap { Int($0) } ?? 24
    static let pool = NamePool.probe(FuzzCatalogBuilder.candidateNames)

    /// The `.tips` lexer takes only ASCII names, so Unicode identifiers never reach the
    /// generator; if the language ever allowed them, this fails and the generator must
    /// learn them.
    @Test func unicodeNamesNeverReachTheGenerator() {
        for name in ["café", "名前", "ñandú", "Ω", "e\u{301}", "\u{200D}a"] {
            for place in NamePool.Place.allCases {
                #expect(!NamePool.accepts(name, in: place), "\(place) \(name) checked")
            }
        }
    }

    /// The name pool is not empty where it matters: keywords do get in.
    @Test func theNamePoolHoldsKeywords() {
        for place in NamePool.Place.allCases {
            let names = Self.pool.names[place, default: []]
            #expect(names.contains("_") || place == .enumName || place == .group, "\(place): \(names)")
            #expect(names.contains("self") && names.contains("init") && names.contains("Type"), "\(place): \(names)")
        }
    }

    @Test func hostileCatalogsGenerateSwiftThatMeansWhatTheCatalogSays() throws {
        var builder = FuzzCatalogBuilder(seed: Self.seed, pool: Self.pool)
        let context = "seed \(Self.seed) (TIPS_GEN_FUZZ_SEED)"
        var clean: [(catalog: FuzzCatalog, swift: String, twin: String)] = []
        var faults = 0
        for index in 0..<Self.count {
            let fault: FuzzCatalogBuilder.Fault? = index % 4 == 3
                ? FuzzCatalogBuilder.Fault.allCases[(index / 4) % FuzzCatalogBuilder.Fault.allCases.count] : nil
            let catalog = fault.map { builder.catalog(index: index, fault: $0) } ?? builder.catalog(index: index)
            let sources = catalog.sources(using: &builder.random)
            let checked = Checker.check(sources)
            guard checked.diagnostics.errorCount == 0, let bytes = Compiler.compile(sources: sources).bytes else {
                let rendered = DiagnosticRenderer.text(checked.diagnostics, sources: sources, options: .init(colored: false))
                Issue.record("\(context), catalog \(index) does not check:\n\(rendered)")
                continue
            }
            let generator = SwiftGenerator(model: checked.model, bundle: bytes, sources: sources,
                                           options: SwiftGenOptions(typeName: catalog.typeName))
            if let fault {
                faults += 1
                let error = try #require(throws: SwiftGenError.self, "\(context), catalog \(index), \(fault)") {
                    try generator.generate()
                }
                expectLocated(error, fault: fault, sources: sources, context: "\(context), catalog \(index)")
                continue
            }
            let swift: String
            do {
                swift = try generator.generate()
            } catch {
                let rendered = DiagnosticRenderer.text(error.diagnostics, sources: sources, options: .init(colored: false))
                Issue.record("\(context), catalog \(index): \(error.message)\n\(rendered)")
                continue
            }
            expectOnlyCommentsHoldText(swift, context: "\(context), catalog \(index)")
            // The twin's model with the hostile bundle: only comments may differ.
            let twinSources = catalog.twin().sources(using: &builder.random)
            let twinChecked = Checker.check(twinSources)
            #expect(twinChecked.diagnostics.errorCount == 0, "\(context), twin of catalog \(index) does not check")
            let twin = try SwiftGenerator(model: twinChecked.model, bundle: bytes, sources: twinSources,
                                          options: SwiftGenOptions(typeName: catalog.typeName)).generate()
            clean.append((catalog, swift, twin))
        }
        #expect(faults > 0 && clean.count >= Self.count / 2, "\(context): \(clean.count) clean catalogs of \(Self.count)")

        // 2. Parse: hostile and twin files alike, in one swiftc call.
        let (trees, parse) = try Swiftc.dumpParse(clean.flatMap { [$0.swift, $0.twin] })
        #expect(parse.status == 0 && !parse.output.contains(/\.swift:\d+:\d+: (warning|error):/),
                "\(context): swiftc -dump-parse said:\n\(parse.output.prefix(4000))")
        #expect(trees.count == clean.count * 2, "\(context): \(trees.count) trees for \(clean.count * 2) files")
        if trees.count == clean.count * 2 {
            for i in clean.indices where trees[2 * i] != trees[2 * i + 1] {
                if let keep = Self.environment["TIPS_GEN_FUZZ_KEEP"] {
                    let name = clean[i].catalog.typeName
                    try? Data(clean[i].swift.utf8).write(to: URL(fileURLWithPath: "\(keep)/\(name).swift"))
                    try? Data(clean[i].twin.utf8).write(to: URL(fileURLWithPath: "\(keep)/\(name).twin.swift"))
                    try? Data(trees[2 * i].utf8).write(to: URL(fileURLWithPath: "\(keep)/\(name).tree"))
                    try? Data(trees[2 * i + 1].utf8).write(to: URL(fileURLWithPath: "\(keep)/\(name).twin.tree"))
                }
                let a = trees[2 * i].split(separator: "\n"), b = trees[2 * i + 1].split(separator: "\n")
                let line = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? b.count
                Issue.record("""
                    \(context): the generated file of catalog \(clean[i].catalog.typeName) parses differently from its \
                    twin's at tree line \(line + 1):
                      hostile: \(line < a.count ? String(a[line]) : "<end>")
                      twin:    \(line < b.count ? String(b[line]) : "<end>")
                    """)
            }
        }

        // 3. One program for all clean catalogs: the texts come back byte for byte.
        var program = FuzzProgram()
        var files: [String: String] = [:]
        for (i, entry) in clean.enumerated() {
            program.add(entry.catalog, label: "c\(i)")
            files["Generated\(i).swift"] = entry.swift
        }
        files["main.swift"] = program.text
        let (build, run) = try Swiftc.buildAndRun(files)
        #expect(build.status == 0 && !build.output.contains("warning:"), "\(context): the program does not build:\n\(build.output.prefix(6000))")
        guard let run else { return }
        if let keep = Self.environment["TIPS_GEN_FUZZ_KEEP"] {
            for (name, text) in files { try? Data(text.utf8).write(to: URL(fileURLWithPath: "\(keep)/\(name)")) }
            try? Data(run.output.utf8).write(to: URL(fileURLWithPath: "\(keep)/output.txt"))
        }
        #expect(run.status == 0, "\(context): the program failed:\n\(run.output.prefix(2000))")
        let printed = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        #expect(printed.count == program.expected.count, "\(context): \(printed.count) lines printed, \(program.expected.count) expected")
        for (got, want) in zip(printed, program.expected) where got != want {
            Issue.record("\(context): printed \(got)\n  expected \(want)")
            break
        }
    }

    /// Every code line of `swift` is free of catalog text: no CR, NUL or other hidden
    /// character anywhere, so each line means what it shows.
    func expectOnlyCommentsHoldText(_ swift: String, context: String) {
        let hidden = swift.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && SwiftEscaping.isHidden($0) }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
        #expect(hidden.isEmpty, "\(context): hidden characters in the output")
    }

    /// The planted fault's code is among the diagnostics, all of them are generation
    /// errors, and each points into a catalog file.
    func expectLocated(_ error: SwiftGenError, fault: FuzzCatalogBuilder.Fault, sources: SourceSet, context: String) {
        #expect(error.diagnostics.contains { $0.code == fault.code }, "\(context): \(fault) gave \(error.diagnostics.map(\.code))")
        for d in error.diagnostics {
            #expect(["E800", "E801", "E802", "E803", "E804"].contains(d.code), "\(context): \(d.code)")
            let file = Int(d.range.file.index)
            #expect(file < sources.files.count && Int(d.range.end) <= sources.files[file].bytes.count, "\(context): \(d.code) out of the catalog")
        }
        let rendered = DiagnosticRenderer.text(error.diagnostics, sources: sources, options: .init(colored: false))
        #expect(rendered.contains("[\(fault.code)]"), "\(context): \(rendered)")
    }
}
