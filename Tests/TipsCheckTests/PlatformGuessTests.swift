import Testing
import TipsCheck

/// The did-you-mean of a misspelt platform (rules, `when` conditions, the scenario step):
/// other capitals, the name without `OS`, a device, a typo; nothing for what is not close.
@Suite struct PlatformGuessTests {
    @Test(arguments: [("mac", "macOS"), ("Mac", "macOS"), ("macos", "macOS"), ("ipad", "iPadOS"), ("iPad", "iPadOS"),
                      ("iPhone", "iOS"), ("ios", "iOS"), ("watch", "watchOS"), ("vision", "visionOS"), ("tv", "tvOS"),
                      ("Catalyst", "macOS"), ("macSO", "macOS")])
    func aNearMissNamesThePlatform(_ typed: String, _ meant: String) {
        #expect(ContentCondition.platformGuess(typed) == meant)
    }

    @Test(arguments: ["android", "windows", "linux", "web"])
    func otherNamesGetNone(_ typed: String) {
        #expect(ContentCondition.platformGuess(typed) == nil)
    }
}
