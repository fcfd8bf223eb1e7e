import Testing

/// A tip that chooses its message or image: the generated `///` comment says so, since
/// the message it shows is only the first alternative.
@Suite struct ChosenContentDocTests {
    @Test func theDocSaysHowManyAlternatives() throws {
        let swift = try HostileTextTests.generate([("tips.tips", """
            tip SyncTip {
                title "Sync"
                message "Press ⌘S." when platform == macOS
                message "Pull down."
                image "laptopcomputer" when platform == macOS
                image "iphone"
            }
            tip PlainTip {
                title "Plain"
                message "One."
            }
            """)])
        #expect(swift.contains("2 messages, the first whose condition holds is shown; "
                               + "2 images, the first whose condition holds is shown"), "\(swift)")
        #expect(swift.components(separatedBy: "the first whose condition holds").count == 3, "only SyncTip says it")
    }
}
