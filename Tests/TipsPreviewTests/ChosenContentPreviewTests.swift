import Foundation
import Testing
import TipsPreview
import TipsSource

/// A tip that chooses its message and image by platform: each width's cards show the ones
/// chosen for its platform, each message linked to its own line.
@Suite struct ChosenContentPreviewTests {
    static let syncTip = """
        tip SyncTip {
            title "Sync Your Recipes"
            message "Press ⌘S to sync." when platform == macOS
            message "Pull down to sync." when platform == iOS || platform == iPadOS
            message "Sync starts on its own."
            image "laptopcomputer" when platform == macOS
            image "iphone"
        }

        """

    @Test(arguments: [("Mac", "Press ⌘S to sync.", 3, "laptopcomputer"), ("iPhone", "Pull down to sync.", 4, "iphone"),
                      ("iPad", "Pull down to sync.", 4, "iphone")])
    func eachWidthShowsItsPlatformsChoice(width: String, message: String, line: Int, image: String) throws {
        let folder = try PreviewFixture.folder(["a.tips": Self.syncTip])
        let preview = try PreviewFixture.build(folder).previews[0]
        let cards = preview.cards.filter { $0.tip == "SyncTip" && $0.width.name == width }
        try #require(!cards.isEmpty, "no \(width) cards")
        #expect(cards.allSatisfy { $0.message?.text == message }, "\(cards.map { $0.message?.text ?? "nil" })")
        #expect(cards.allSatisfy { $0.image?.name == image }, "\(cards.map { $0.image?.name ?? "nil" })")
        let range = try #require(cards[0].message?.range)
        #expect(preview.sources[range.file].location(of: range.start).line == line)
    }
}
