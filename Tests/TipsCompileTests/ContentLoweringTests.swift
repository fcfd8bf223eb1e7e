import Foundation
import Testing
import TipsBytecode
import TipsCompile
import TipsSource

/// Chosen messages and images land in the bundle's `content` section (format 13), and the
/// tip keeps no message, image, message condition or asset mark of its own for the kind it
/// chooses; a tip with one message and one plain image compiles as before.
@Suite struct ContentLoweringTests {
    @Test func messagesAndImagesBecomeAlternatives() throws {
        let (b, bytes) = try LoweringFixture.compile("""
            param isPro: Bool = false
            tip Plain {
                title "Plain"
                message "m" when platform == macOS
                image asset "Hero"
            }
            tip Sync {
                title "Sync"
                message "mac" when platform == macOS
                message "pro" when isPro && platform != watchOS
                message "any"
                image asset "MacHero" when platform == macOS
                image "iphone"
            }
            """)
        #expect(bytes[4] == 13)
        #expect(b.contents.count == 1)
        let c = try #require(b.contents.first)
        #expect(c.tip == 1)
        #expect(c.messages.map { b.strings[Int(Self.literal($0.text))] } == ["mac", "pro", "any"])
        #expect(c.messages.map(\.condition.platforms) == [0b100, 0b1_1111, ConditionSchema.allPlatforms])
        #expect(c.messages[0].condition.program == noIndex && c.messages[2].condition.isAlways)
        let program = c.messages[1].condition.program
        #expect(program != noIndex && b.programs[Int(program)].resultType == .bool)
        #expect(c.images.map(\.isAsset) == [true, false])
        #expect(c.images.map(\.condition.isAlways) == [false, true])
        // The choosing tip has nothing of its own; the plain one keeps the old encoding.
        #expect(b.tips[1].message == nil && b.tips[1].image == noIndex)
        #expect(b.conditions.map(\.tip) == [0])
        #expect(b.assetImages == [0])
        #expect(b.tips[0].message != nil && b.tips[0].image != noIndex)
    }

    @Test func anImageNamedFromAnArgumentIsATemplate() throws {
        let (b, _) = try LoweringFixture.compile("""
            tip Ingredient(id: String, symbol: String) {
                id "Ingredient-\\(id)-\\(symbol)"
                title "About \\(id)"
                message "One message."
                image "food.\\(symbol)"
            }
            """)
        let c = try #require(b.contents.first)
        #expect(c.messages.isEmpty, "one message stays in the tips section")
        #expect(b.tips[0].message != nil)
        #expect(c.images.count == 1 && c.images[0].condition.isAlways)
        #expect(c.images[0].name.parts.count == 2)
        if case .argument(let a) = c.images[0].name.parts[1] { #expect(a == 1) } else { Issue.record("no argument part") }
    }

    @Test func singleContentKeepsItsBytes() throws {
        // A catalog that does not choose has no content section and its old version.
        let (b, bytes) = try LoweringFixture.compile("tip T { title \"T\" message \"m\" image \"star\" }")
        #expect(b.contents.isEmpty && bytes[4] == 2)
        #expect(!BundleSection.layout(of: b).contains(.content))
    }

    static func literal(_ t: TipText) -> UInt32 {
        if case .plain(let template) = t, case .literal(let s)? = template.parts.first { return s }
        return noIndex
    }
}
