import Foundation
import Testing
import TipsSwiftGen

/// Compiles generated Swift with `swiftc` against the TipsRuntime module this test run
/// built (see ``Swiftc``): it must type-check with `-warnings-as-errors` under Swift 6, and a
/// misspelt name in code using it must not.
@Suite(.serialized) struct SwiftCompileTests {
    static let catalogs = SwiftGeneratorTests.catalogs

    @Test(arguments: catalogs.map(\.name))
    func generatedCodeCompilesWithoutWarnings(_ name: String) throws {
        let directory = try #require(Self.catalogs.first { $0.name == name }?.directory)
        var files = ["Generated.swift": try generateSwift(directory)]
        if name == "everything" {
            files["Usage.swift"] = try input("Usage.swift")
        }
        let result = try Swiftc.typecheck(files)
        #expect(result.status == 0, "swiftc failed:\n\(result.output)")
        #expect(!result.output.contains("warning:"), "swiftc warned:\n\(result.output)")
    }

    /// An app declaring its own `String`, `Int`, `Set`, `Data`, `URL`, `TipKey`, `Tip`...
    /// (Inputs/AppTypes.swift) changes nothing: generated code names every type with its
    /// module. Before it did, `enum Plan: String` and `journalURL: URL` picked up the app's.
    @Test func compilesInAnAppDeclaringTypesNamedLikeTheStandardLibrarys() throws {
        let result = try Swiftc.typecheck(["Generated.swift": try generateSwift(inputsDirectory + "/everything"),
                                           "AppTypes.swift": try input("AppTypes.swift")])
        #expect(result.status == 0, "swiftc failed:\n\(result.output)")
        #expect(!result.output.contains("warning:"), "swiftc warned:\n\(result.output)")
    }

    @Test func publicAccessCompiles() throws {
        let swift = try generateSwift(inputsDirectory + "/everything",
                                      options: SwiftGenOptions(typeName: "NotesTips", accessLevel: .public))
        let result = try Swiftc.typecheck(["Generated.swift": swift])
        #expect(result.status == 0, "swiftc failed:\n\(result.output)")
    }

    /// A misspelt tip, a parameter set to a value of the wrong type, and misspelt typed
    /// members: errors at the line and column of the mistake that name the typed API (the
    /// generated enum, `TipEvent`, `TipParameter`). Before the string API took its `dynamic:`
    /// label, the misspelt case and the misspelt read were reported as "type 'String' has
    /// no member", because the string overload was chosen; the misspelt group, before
    /// groups were keys only, as "cannot be resolved without a contextual type".
    @Test(arguments: [
        ("Misspelt.swift", "Misspelt.swift:4:31: error: type 'TipKey' has no member 'favoritTip'"),
        ("WrongType.swift", "WrongType.swift:4:45: error: integer literal value '1' cannot be used as a boolean"),
        ("MisspeltCase.swift", "MisspeltCase.swift:4:37: error: type 'AppTips.Plan' has no member 'prp'"),
        ("MisspeltEvent.swift", "MisspeltEvent.swift:4:23: error: type 'TipEvent' has no member 'upgradd'"),
        ("MisspeltRead.swift", "MisspeltRead.swift:4:30: error: type 'TipParameter<Value>' has no member 'noteCont'"),
        ("MisspeltGroup.swift", "MisspeltGroup.swift:4:40: error: type 'TipGroupKey' has no member 'onbording'"),
    ])
    func misuseFailsToCompile(_ file: String, _ expected: String) throws {
        let result = try Swiftc.typecheck(["Generated.swift": try generateSwift(inputsDirectory + "/everything"),
                                           file: try input(file)])
        #expect(result.status != 0)
        #expect(result.output.contains(expected), "swiftc said:\n\(result.output)")
    }

    func input(_ name: String) throws -> String {
        try String(contentsOfFile: inputsDirectory + "/" + name, encoding: .utf8)
    }
}
