import Foundation
import Testing
import TipsBytecode
import TipsCompile
import TipsSource

/// Display budgets, priorities, exemptions and `together` groups land in the bundle's
/// `budgets` section (format 11); a catalog without any of them compiles to the bytes it
/// compiled to before budgets existed.
@Suite struct BudgetLoweringTests {
    static let base = """
        param seen: Bool = false
        tip Welcome {
            title "Welcome"
        }
        tip Scan {
            title "Scan"
            rule seen
        }
        tip Item(name: String) {
            id "item-\\(name)"
            title "New \\(name)"
        }
        tip Share {
            title "Share"
            rule seen
        }
        group Onboarding ordered { Welcome, Scan }
        group Items { Item, Share }
        """

    @Test func everySettingLandsInTheSection() throws {
        let source = """
            config {
                displayBudget 1 per day
                displayBudget 3 per launch
            }
            param seen: Bool = false
            tip Welcome {
                title "Welcome"
                ignoresDisplayBudget
            }
            tip Scan {
                title "Scan"
                rule seen
                priority 10
            }
            tip Item(name: String) {
                id "item-\\(name)"
                title "New \\(name)"
                priority -5
                ignoresDisplayBudget true
            }
            tip Share {
                title "Share"
                rule seen
                priority 0
                ignoresDisplayBudget false
            }
            group Onboarding ordered { Welcome, Scan }
            group Items together { Item, Share }
            """
        let (bundle, bytes) = try LoweringFixture.compile(source)
        #expect(bundle.budgets == BudgetSchema(perDay: 1, perLaunch: 3,
                                               tips: [.init(tip: 0, exempt: true), .init(tip: 1, priority: 10),
                                                      .init(tip: 2, priority: -5, exempt: true)],
                                               togetherGroups: [1]))
        #expect(bundle.formatVersion == BundleFormat.budgetsVersion)
        // The bytes read back to the same section, and verify.
        #expect(try BundleLoader.load(bytes).bundle.budgets == bundle.budgets)
    }

    @Test(arguments: [
        ("config {\n displayBudget 2 per launch\n}\n", BudgetSchema(perLaunch: 2)),
        ("tip Extra {\n title \"E\"\n rule seen\n priority 3\n}\n", BudgetSchema(tips: [.init(tip: 4, priority: 3)])),
        ("group Tour together { Extra }\ntip Extra {\n title \"E\"\n rule seen\n}\n", BudgetSchema(togetherGroups: [2])),
    ])
    func anyOneSettingAloneMakesTheSection(_ extra: String, _ expected: BudgetSchema) throws {
        let (bundle, bytes) = try LoweringFixture.compile(Self.base + "\n" + extra)
        #expect(bundle.budgets == expected)
        #expect(bundle.formatVersion == BundleFormat.budgetsVersion)
        #expect(try BundleLoader.load(bytes).bundle.budgets == expected)
    }

    /// Defaults written out (`priority 0`, `ignoresDisplayBudget false`) are no budget data:
    /// the bytes equal those of the catalog without them, of a version before budgets.
    @Test func withoutBudgetsTheBytesAreUnchanged() throws {
        let (plain, plainBytes) = try LoweringFixture.compile(Self.base)
        let defaults = Self.base
            // On the title's line, so the source map's lines and columns stay as they were.
            .replacingOccurrences(of: "title \"Welcome\"\n", with: "title \"Welcome\" priority 0\n")
            .replacingOccurrences(of: "title \"Share\"\n", with: "title \"Share\" ignoresDisplayBudget false\n")
        #expect(defaults != Self.base)
        let (_, defaultBytes) = try LoweringFixture.compile(defaults)
        #expect(plain.budgets.isEmpty)
        #expect(plain.formatVersion < BundleFormat.budgetsVersion)
        #expect(defaultBytes == plainBytes)
    }

    /// The shipped example catalogs declare no budgets unless they say so: theirs keep a
    /// version before 11 (the disassembly goldens hold their bytes).
    @Test func exampleCatalogsWithoutBudgetsKeepTheirVersion() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Definitions")
        for app in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            let folder = root.appendingPathComponent(app)
            var sources = SourceSet()
            var text = ""
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".tips") {
                let contents = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                sources.add(path: file, text: contents)
                text += contents
            }
            guard !text.contains("displayBudget"), !text.contains("priority "), !text.contains("ignoresDisplayBudget"),
                  !text.contains(" together") else { continue }
            let bundle = try #require(Compiler.compile(sources: sources).bundle, "\(app)")
            #expect(bundle.budgets.isEmpty, "\(app)")
            #expect(bundle.formatVersion < BundleFormat.budgetsVersion, "\(app)")
        }
    }
}
