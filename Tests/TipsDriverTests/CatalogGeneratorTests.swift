import Testing
import TipsCheck
import TipsDriver
import TipsSource

@Suite struct CatalogGeneratorTests {
    @Test func deterministicAndSized() {
        let config = CatalogGenerator.Configuration(tips: 250, tipsPerFile: 40)
        let a = CatalogGenerator(config).files()
        let b = CatalogGenerator(config).files()
        #expect(a.map(\.path) == b.map(\.path))
        #expect(a.map(\.text) == b.map(\.text))
        let text = a.map(\.text).joined()
        let tips = text.split(separator: "\n").filter { $0.hasPrefix("tip ") }.count
        #expect(tips == 250)
        #expect(a.filter { $0.path.contains("/tips-") }.count == 7)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("group ") }.count == CatalogGenerator(config).groupCount())
    }

    @Test func tenThousandTipsStayUnderTheFileSizeLimit() {
        let files = CatalogGenerator().files()
        #expect(files.allSatisfy { $0.text.utf8.count < 4 * 1024 * 1024 })
        #expect(files.map(\.text).joined().split(separator: "\n").filter { $0.hasPrefix("tip ") }.count == 10_000)
    }

    @Test
    func generatedCatalogChecksCleanly() {
        let config = CatalogGenerator.Configuration(tips: 400)
        let generator = CatalogGenerator(config)
        let result = Checker.check(generator.sources())
        #expect(result.diagnostics.errorCount == 0)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(5).map { "\($0.code) \($0.message)" })")
        #expect(result.model.tips.count == 400)
        #expect(result.model.parameters.count == config.parameters)
        #expect(result.model.events.count == config.events)
        #expect(result.model.groups.count == generator.groupCount())
    }
}
