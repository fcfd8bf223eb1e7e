import Foundation
import Testing
@testable import TipsSwiftGen

/// TipKit and TipsRuntime in one file (issue 17, item 5): a stand-in module named `TipKit`
/// (Inputs/TipKit/TipKit.swift: every top-level public name of TipKit with a plausible
/// shape), built by swiftc into a temporary folder, imported next to TipsRuntime by
/// Inputs/SideBySide.swift, which names both modules' types bare and uses the generated API.
/// Any name both modules declare is "ambiguous" there. (Declared in the app's own module,
/// as the old TipKitLike.swift did, such names shadow the imported ones and hide nothing.)
@Suite(.serialized) struct TipKitSideBySideTests {
    static let stub = inputsDirectory + "/TipKit/TipKit.swift"

    @Test func tipKitAndTipsRuntimeCompileSideBySide() throws {
        let directory = try Swiftc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let module = try Swiftc.emitModule("TipKit", source: try String(contentsOfFile: Self.stub, encoding: .utf8), into: directory)
        // The stub's macros warn that their implementation is missing; only errors count.
        #expect(module.status == 0, "the TipKit stand-in does not build:\n\(module.output)")
        let result = try Swiftc.typecheck(["Generated.swift": try generateSwift(inputsDirectory + "/everything"),
                                           "SideBySide.swift": try String(contentsOfFile: inputsDirectory + "/SideBySide.swift", encoding: .utf8)],
                                          extraIncludes: [directory])
        #expect(result.isClean, "swiftc said:\n\(result.output)")
    }

    /// The stand-in declares every TipKit name the generator keeps off the namespace, and
    /// none of them is a TipsRuntime name.
    @Test func theStandInDeclaresTipKitsNames() throws {
        let source = try String(contentsOfFile: Self.stub, encoding: .utf8)
        let declared = Set(source.matches(of: /(?:struct|enum|class|protocol|macro) (\w+)/).map { String($0.output.1) })
        for name in SwiftNames.tipKitNames where name != "TipKit" {
            #expect(declared.contains(name), "the stand-in lacks \(name)")
        }
        #expect(SwiftNames.tipKitNames.isDisjoint(with: SwiftNames.runtimeNames))
    }

    /// ``SwiftNames/runtimeNames`` is TipsRuntime's public top-level names, and
    /// ``SwiftNames/runtimeMembers`` holds every public member of the key types, as the
    /// runtime's sources declare them.
    @Test func theGeneratorKnowsTheRuntimesNames() throws {
        let directory = packageRoot + "/Sources/TipsRuntime"
        var topLevel: Set<String> = []
        var members: [String: Set<String>] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            for match in text.matches(of: /(?m)^public (?:final )?(?:struct|enum|class|protocol|typealias|actor) (\w+)/) {
                topLevel.insert(String(match.output.1))
            }
            // Members of a key type: in its own file, or in an extension of it.
            for type in SwiftNames.runtimeMembers.keys {
                var inType = false
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if [" ", ":", "<"].contains(where: { line.hasPrefix("public struct \(type)\($0)") || line.hasPrefix("extension \(type)\($0)") }) {
                        inType = true
                    } else if line.hasPrefix("}") {
                        inType = false
                    } else if inType, let m = line.firstMatch(of: /^    public (?:static )?(?:var|let|func) (\w+)/) {
                        members[type, default: []].insert(String(m.output.1))
                    }
                }
            }
        }
        #expect(topLevel == SwiftNames.runtimeNames, "runtime: \(topLevel.subtracting(SwiftNames.runtimeNames)), listed: \(SwiftNames.runtimeNames.subtracting(topLevel))")
        for (type, names) in members {
            #expect(names.isSubset(of: SwiftNames.runtimeMembers[type, default: []]), "\(type): \(names)")
        }
        #expect(members["TipKey"]?.contains("name") == true, "the scan found no member")
    }
}
