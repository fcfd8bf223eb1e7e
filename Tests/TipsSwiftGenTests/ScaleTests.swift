import Foundation
import Testing
import TipsCheck
import TipsCompile
import TipsDriver
import TipsSource
import TipsSwiftGen

/// Generated Swift for a large generated catalog: produced, and (in the compile suite)
/// type-checked; `TIPS_GEN_SCALE_OUT=DIR` also writes the file there for measurements.
@Suite struct ScaleTests {
    static func largeCatalog(tips: Int) throws -> String {
        let sources = CatalogGenerator(.init(tips: tips, tipsPerFile: 100)).sources()
        let checked = Checker.check(sources)
        #expect(checked.diagnostics.errorCount == 0)
        let bytes = try #require(Compiler.compile(sources: sources).bytes)
        return try SwiftGenerator(model: checked.model, bundle: bytes, sources: sources).generate()
    }

    @Test func aThousandTipCatalogGenerates() throws {
        let swift = try Self.largeCatalog(tips: 1000)
        #expect(swift.components(separatedBy: ": TipsRuntime.TipKey {").count - 1
            + swift.components(separatedBy: ") -> TipsRuntime.TipKey {").count - 1 == 1000)
        if let dir = ProcessInfo.processInfo.environment["TIPS_GEN_SCALE_OUT"] {
            try swift.write(toFile: dir + "/Large.swift", atomically: true, encoding: .utf8)
        }
    }
}
