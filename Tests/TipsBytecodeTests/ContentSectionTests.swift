import Testing
@testable import TipsBytecode

/// The `content` section (format version 13): tips' chosen messages and images, written
/// only when some tip chooses, read back equal, and verified.
@Suite struct ContentSectionTests {
    /// Tip 0 `T(x: String)` without a message or image of its own, tip 1 `U` with both (and
    /// an asset mark); a Bool program (0) and an Int program (1); `add` adds content.
    static func bundle(_ add: (inout BundleBuilder) -> Void = { _ in }) -> TipsBundle {
        var b = BundleBuilder()
        ProgramFixtures.addTrue(to: &b)
        ProgramFixtures.addThree(to: &b)
        let name = b.string("T")
        b.addTip(TipSchema(name: name, id: Template([.literal(name), .argument(0)]),
                           arguments: [FieldSchema(name: b.string("x"), type: .string)], title: text("T", &b)))
        let other = b.string("U")
        b.addTip(TipSchema(name: other, id: Template([.literal(other)]), title: text("U", &b), message: text("M", &b),
                           image: b.string("star")))
        b.markAssetImage(tip: 1)
        add(&b)
        return b.bundle
    }

    static func text(_ s: String, _ b: inout BundleBuilder) -> TipText { .plain(Template([.literal(b.string(s))])) }

    static func error(_ bundle: TipsBundle) -> BundleError? {
        do { _ = try Verifier.verify(bundle); return nil } catch { return error }
    }

    /// Messages for macOS, then for iOS when program 0 holds, then the fallback; images for
    /// visionOS (an asset) and the fallback named from argument 0.
    static func chosen(_ b: inout BundleBuilder) {
        b.addContent(ContentSchema(tip: 0, messages: [
            MessageChoice(text: text("mac", &b), condition: ChoiceCondition(platforms: 0b100, program: noIndex)),
            MessageChoice(text: text("ios", &b), condition: ChoiceCondition(platforms: 0b1, program: 0)),
            MessageChoice(text: text("any", &b)),
        ], images: [
            ImageChoice(name: Template([.literal(b.string("Hero"))]), isAsset: true,
                        condition: ChoiceCondition(platforms: 0b1_0000, program: noIndex)),
            ImageChoice(name: Template([.literal(b.string("icon.")), .argument(0)])),
        ]))
    }

    @Test func withoutContentTheBundleIsUnchanged() {
        #expect(BundleWriter.encode(Self.bundle())[4] == 4)
        #expect(!BundleSection.layout(of: Self.bundle()).contains(.content))
    }

    @Test func roundTripAsVersionThirteen() throws {
        let b = Self.bundle(Self.chosen)
        let bytes = BundleWriter.encode(b)
        #expect(bytes[4] == 13)
        #expect(BundleSection.layout(of: b).last == .content)
        #expect(BundleSection.content.rawValue == 25)
        let loaded = try BundleLoader.load(bytes)
        #expect(loaded.bundle == b)
        #expect(BundleWriter.encode(loaded.bundle) == bytes)
    }

    typealias Case = (name: String, change: @Sendable (inout TipsBundle) -> Void, expected: BundleError?)

    static let site = ErrorSite.item(.content, 0)
    static let tampered: [Case] = [
        ("valid", { _ in }, nil),
        ("tip out of range", { $0.contents[0].tip = 9 }, .indexOutOfRange(.tip, index: 9, at: site)),
        ("empty entry", { $0.contents[0].messages = []; $0.contents[0].images = [] },
         .invalidValue(site, rule: "a content entry has messages or images")),
        ("tip with its own message", { $0.contents[0].tip = 1; $0.contents[0].images = [] },
         .invalidValue(site, rule: "a tip with message alternatives has no message of its own")),
        ("tip with its own image", { $0.contents[0].tip = 1; $0.contents[0].messages = [] },
         .invalidValue(site, rule: "a tip with image alternatives has no image of its own")),
        ("no platform", { $0.contents[0].messages[0].condition.platforms = 0 },
         .invalidValue(site, rule: "an alternative's platforms are 1 to 6 known platforms")),
        ("unknown platform bit", { $0.contents[0].images[0].condition.platforms = 0b100_0000 },
         .invalidValue(site, rule: "an alternative's platforms are 1 to 6 known platforms")),
        ("Int program", { $0.contents[0].messages[1].condition.program = 1 },
         .resultTypeMismatch(site, expected: .bool, found: .int)),
        ("program out of range", { $0.contents[0].images[0].condition.program = 7 },
         .indexOutOfRange(.program, index: 7, at: site)),
        ("fallback first", { $0.contents[0].messages[0].condition = .always },
         .invalidValue(site, rule: "only the last alternative is the fallback")),
        ("argument out of range", { $0.contents[0].images[1].name = Template([.argument(1)]) },
         .indexOutOfRange(.argument, index: 1, at: site)),
        ("string out of range", { $0.contents[0].messages[2].text = .plain(Template([.literal(999)])) },
         .indexOutOfRange(.string, index: 999, at: site)),
        ("empty image name", { $0.contents[0].images[1].name = Template([]) },
         .invalidValue(site, rule: "an image alternative has a name")),
        ("entries out of order", { b in b.contents.append(b.contents[0]) },
         .invalidValue(.item(.content, 1), rule: "content entries are in ascending tip order, at most one per tip")),
    ]

    @Test(arguments: tampered.indices)
    func verifierRejectsTamperedSection(index: Int) {
        let c = Self.tampered[index]
        var b = Self.bundle(Self.chosen)
        c.change(&b)
        #expect(Self.error(b) == c.expected, "\(c.name)")
    }

    @Test func truncatedSectionIsAnError() throws {
        let bytes = BundleWriter.encode(Self.bundle(Self.chosen))
        // Drop the section's last bytes (and claim the shorter length): the reader stops.
        let cut = Array(bytes.dropLast(3))
        var resealed = cut
        let n = UInt32(resealed.count)
        for i in 0..<4 { resealed[8 + i] = UInt8(truncatingIfNeeded: n >> (8 * i)) }
        let c = BundleFormat.checksum(resealed)
        for i in 0..<8 { resealed[16 + i] = UInt8(truncatingIfNeeded: c >> (8 * i)) }
        #expect(throws: BundleError.self) { _ = try BundleLoader.load(resealed) }
    }
}
