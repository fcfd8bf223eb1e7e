import Foundation
import Testing
import TipsCheck
import TipsCompile
import TipsSource
@testable import TipsSwiftGen

/// Catalog text cannot change what generated Swift means (issue 17, item 4): the cases
/// found by hand, each compiled by swiftc. Each failed before the generator escaped
/// comments and literals through ``SwiftEscaping`` and names through ``SwiftNames``.
@Suite(.serialized) struct HostileTextTests {
    /// Checks and generates `files` (path → source) kept in memory, so paths may hold
    /// anything a file system allows and more.
    static func generate(_ files: [(String, String)], options: SwiftGenOptions = SwiftGenOptions()) throws -> String {
        var sources = SourceSet()
        for (path, text) in files { sources.add(path: path, text: text) }
        let checked = Checker.check(sources)
        let rendered = DiagnosticRenderer.text(checked.diagnostics, sources: sources)
        #expect(checked.diagnostics.errorCount == 0, "\(rendered)")
        let bytes = try #require(Compiler.compile(sources: sources).bytes)
        return try SwiftGenerator(model: checked.model, bundle: bytes, sources: sources, options: options).generate()
    }

    /// `swift` type-checks on its own; with a file calling `injected*()` it does not, at
    /// each call: no catalog text declared anything.
    static func expectNothingInjected(_ swift: String, calls: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let alone = try Swiftc.typecheck(["Generated.swift": swift])
        #expect(alone.isClean, "swiftc said:\n\(alone.output)", sourceLocation: sourceLocation)
        let use = "func use() {\n" + calls.map { "    _ = \($0)()\n" }.joined() + "}\n"
        let result = try Swiftc.typecheck(["Generated.swift": swift, "Use.swift": use])
        for call in calls {
            #expect(result.output.contains("cannot find '\(call)' in scope"), "\(call) exists:\n\(result.output)",
                    sourceLocation: sourceLocation)
        }
    }

    /// The report in issue 17: a CR ends a `//` comment for Swift, and `split("\n")` did not
    /// see it (nor "\r\n", one Character), so this title declared `injected()` in the app.
    @Test func aCarriageReturnInATitleDeclaresNothing() throws {
        let swift = try Self.generate([("a.tips", """
            tip A {
                title "Hello\\r}\\rpublic func injected() -> Int { 42 }\\rextension Never {\\r//"
                message "Hi\\r\\npublic func injected2() -> Int { 42 }\\r\\nextension Never {\\r\\n//"
            }
            tip B { title "Raw CR\rpublic func injected3() -> Int { 42 }\rextension Never {\r//" }

            """)])
        #expect(!swift.unicodeScalars.contains("\r"))
        try Self.expectNothingInjected(swift, calls: ["injected", "injected2", "injected3"])
    }

    /// Every other text a comment shows: action ids and titles, localization keys, tables
    /// and defaults, image names, string defaults, and file names in the header and in
    /// `file:line` (in memory, a name may hold a CR).
    @Test func everyTextACommentShowsStaysInIt() throws {
        let payload = "\\r}\\rpublic func NAME() -> Int { 42 }\\rextension Never {\\r//"
        func p(_ name: String) -> String { payload.replacingOccurrences(of: "NAME", with: name) }
        let swift = try Self.generate([
            ("a\r}\rpublic func injectedFile() -> Int { 42 }\rextension Never {\r//.tips", """
                param label: String = "x\(p("injectedDefault"))"
                param tags: Set<String> = ["x\(p("injectedSet"))"]
                tip A {
                    title localized("key\(p("injectedKey"))", table: "t\(p("injectedTable"))", default: "d\(p("injectedFallback"))")
                    image asset "i\(p("injectedImage"))"
                    action "go\(p("injectedID"))" { title "t\(p("injectedActionTitle"))" }
                }

                """),
        ])
        try Self.expectNothingInjected(swift, calls: ["injectedFile", "injectedDefault", "injectedSet", "injectedKey", "injectedTable",
                                                      "injectedFallback", "injectedImage", "injectedID", "injectedActionTitle"])
    }

    /// A NUL is a warning anywhere in a Swift file (an error under -warnings-as-errors), and
    /// U+2028, U+2029, U+0085, VT and FF, which Swift does not end comments at, read as line
    /// breaks in editors; bidi controls reorder what a reader sees.
    @Test func controlAndInvisibleCharactersAreShownEscaped() throws {
        let swift = try Self.generate([("a.tips", """
            tip A {
                title "nul\\0here"
                message "ls\\u{2028}ps\\u{2029}nel\\u{85}vt\\u{b}ff\\u{c}rlo\\u{202E}bom\\u{FEFF}"
                action "a\\0b\\u{202E}" { title "x" }
            }

            """)])
        #expect(swift.contains("/// nul\\u{0}here\n"))
        #expect(swift.contains("/// ls\\u{2028}ps\\u{2029}nel\\u{85}vt\\u{b}ff\\u{c}rlo\\u{202e}bom\\u{feff}\n"))
        #expect(swift.contains("TipsRuntime.TipAction(\"a\\u{0}b\\u{202e}\")"))
        let result = try Swiftc.typecheck(["Generated.swift": swift])
        #expect(result.isClean, "swiftc said:\n\(result.output)")
    }

    /// Names Swift reserves where generated code puts them: `case _` and `static var _` did
    /// not compile; the others must be written in backticks too.
    @Test func namesSwiftReservesCompileInBackticks() throws {
        let swift = try Self.generate([("a.tips", """
            enum E { _, self, Self, Type, Protocol, init, default, subscript, in, inout, Any, await, allCases, rawValue }
            enum Kind { a }
            param _: Int = 0
            param Self: Bool = false
            event init(_: Int, inout: Bool, self: E, Type: Kind)
            tip Protocol(_: String, repeat: Int, await: E) { id "P-\\(_)-\\(repeat)-\\(await)" title "t" }
            tip Subscript { title "t" action "default" { title "x" } action "self" { title "y" } action "_2" { title "z" } }
            group Any { Subscript }

            """)])
        #expect(swift.contains("case `_`\n") && swift.contains("case `Self`\n") && swift.contains("case `Type`\n"))
        #expect(swift.contains("static var `_`: TipsRuntime.TipParameter<Swift.Int>"))
        let use = """
            import TipsRuntime
            func use(store: TipStore) throws {
                try store.setParameter(.`_`, to: 1)
                try store.setParameter(.`self`, to: true)
                try store.donate(.`init`(`_`: 1, `inout`: true, self: .`Self`, Type: .a))
                _ = try store.status(of: .`protocol`(`_`: "x", repeat: 1, await: .`_`))
                try store.perform(.`default`, of: .subscript)
                try store.perform(.`self`, of: .subscript)
                _ = try store.currentTip(inGroup: .any)
                let type: AppTips.E = .`Type`
                _ = type
                _ = AppTips.E.allCases.map(\\.rawValue) + [AppTips.E.`init`.rawValue, AppTips.E.`self`.rawValue]
            }

            """
        let result = try Swiftc.typecheck(["Generated.swift": swift, "Use.swift": use])
        #expect(result.isClean, "swiftc said:\n\(result.output)")
    }

    /// Names backticks cannot save, refused at the declaration: a static member named like
    /// one of the runtime type's own hides it in the app's module (`key.name` stopped
    /// compiling); a module name hides the module; `Type` is the metatype; `RawValue` breaks
    /// the enum's raw values.
    @Test(arguments: [
        ("enum Foundation { a }", "a.tips:1:1: error: enum Foundation would hide the module Foundation from the generated Swift [E803]"),
        ("tip T(TipsRuntime: Int) { id \"T-\\(TipsRuntime)\" title \"t\" }",
         "a.tips:1:7: error: argument TipsRuntime of tip T would hide the module TipsRuntime from the generated Swift [E803]"),
        ("event e(TipsRuntime: Int)", "a.tips:1:9: error: field TipsRuntime of event e would hide the module TipsRuntime from the generated Swift [E803]"),
        ("enum bundle { a }", "a.tips:1:1: error: enum bundle has the name of a member of the generated namespace [E804]"),
        ("enum E { a, RawValue }", "a.tips:1:1: error: enum E has a case named RawValue, which Swift gives every enum with raw values [E804]"),
        ("tip Name { title \"t\" }", "a.tips:1:5: error: tip Name would be TipKey.name, a name TipKey already uses [E804]"),
        ("event payload", "a.tips:1:1: error: event payload would be TipEvent.payload, a name TipEvent already uses [E804]"),
        ("enum Type { a }", "a.tips:1:1: error: enum Type cannot be named from Swift: 'AppTips.Type' means the namespace's metatype [E804]"),
        ("tip A { title \"t\" action \"ID\" { title \"x\" } }",
         "a.tips:1:19: error: action id \"ID\" would be TipAction.id, a name TipAction already uses [E804]"),
    ])
    func namesBackticksCannotSaveAreRefused(_ source: String, _ expected: String) throws {
        var sources = SourceSet()
        sources.add(path: "a.tips", text: source + "\n")
        let checked = Checker.check(sources)
        let bytes = try #require(Compiler.compile(sources: sources).bytes)
        let error = try #require(throws: SwiftGenError.self) {
            try SwiftGenerator(model: checked.model, bundle: bytes, sources: sources).generate()
        }
        let rendered = DiagnosticRenderer.text(error.diagnostics, sources: sources)
        #expect(rendered.contains(expected), "\(rendered)")
    }
}
