import Testing
@testable import TipsBytecode

/// The `conditions` section (format version 5): `when` conditions of messages and actions,
/// written only when some item has one, read back equal, and verified.
@Suite struct ConditionsSectionTests {
    /// A tip with a message and two actions, a tip without a message, a Bool program (0)
    /// and an Int program (1); `add` adds conditions.
    static func bundle(_ add: (inout BundleBuilder) -> Void = { _ in }) -> TipsBundle {
        var b = BundleBuilder()
        ProgramFixtures.addTrue(to: &b)
        ProgramFixtures.addThree(to: &b)
        func text(_ s: String, _ b: inout BundleBuilder) -> TipText { .plain(Template([.literal(b.string(s))])) }
        let name = b.string("T")
        let actions = [ActionSchema(id: b.string("a"), title: text("A", &b), effects: []),
                       ActionSchema(id: b.string("b"), title: text("B", &b), effects: [])]
        b.addTip(TipSchema(name: name, id: Template([.literal(name)]), title: text("T", &b), message: text("M", &b),
                           actions: actions))
        let bare = b.string("U")
        b.addTip(TipSchema(name: bare, id: Template([.literal(bare)]), title: text("U", &b)))
        add(&b)
        return b.bundle
    }

    static func error(_ bundle: TipsBundle) -> BundleError? {
        do { _ = try Verifier.verify(bundle); return nil } catch { return error }
    }

    @Test func withoutConditionsTheBundleIsUnchanged() {
        #expect(BundleWriter.encode(Self.bundle())[4] == 2)
        #expect(!BundleSection.body(version: 4).contains(.conditions))
    }

    @Test func roundTripAsVersionFive() throws {
        let b = Self.bundle { b in
            b.addCondition(ConditionSchema(tip: 0, item: noIndex, platforms: 0b100))
            b.addCondition(ConditionSchema(tip: 0, item: 1, program: 0))
        }
        let bytes = BundleWriter.encode(b)
        #expect(bytes[4] == 5)
        #expect(bytes[12] == 20)
        #expect(BundleSection.body(version: 5).suffix(2) == [.arguments, .conditions])
        let loaded = try BundleLoader.load(bytes)
        #expect(loaded.bundle == b)
        #expect(b.conditions[0].allows(.macOS) && !b.conditions[0].allows(.iOS))
    }

    @Test(arguments: [
        (ConditionSchema(tip: 0, item: noIndex, platforms: 0b1), nil),
        (ConditionSchema(tip: 2, item: noIndex), BundleError.indexOutOfRange(.tip, index: 2, at: .item(.conditions, 0))),
        (ConditionSchema(tip: 1, item: noIndex), .invalidValue(.item(.conditions, 0), rule: "a message condition's tip has a message")),
        (ConditionSchema(tip: 0, item: 2), .indexOutOfRange(.action, index: 2, at: .item(.conditions, 0))),
        (ConditionSchema(tip: 0, item: 0, platforms: 0), .invalidValue(.item(.conditions, 0), rule: "a condition's platforms are 1 to 6 known platforms")),
        (ConditionSchema(tip: 0, item: 0, platforms: 0b100_0000), .invalidValue(.item(.conditions, 0), rule: "a condition's platforms are 1 to 6 known platforms")),
        (ConditionSchema(tip: 0, item: 0, program: 1), .resultTypeMismatch(.item(.conditions, 0), expected: .bool, found: .int)),
        (ConditionSchema(tip: 0, item: 0, program: 7), .indexOutOfRange(.program, index: 7, at: .item(.conditions, 0))),
    ] as [(ConditionSchema, BundleError?)])
    func verifierRules(condition: ConditionSchema, expected: BundleError?) {
        #expect(Self.error(Self.bundle { $0.addCondition(condition) }) == expected)
    }

    @Test func anItemHasOneCondition() {
        let b = Self.bundle { b in
            b.addCondition(ConditionSchema(tip: 0, item: 0))
            b.addCondition(ConditionSchema(tip: 0, item: 0, program: 0))
        }
        #expect(Self.error(b) == .invalidValue(.item(.conditions, 1), rule: "an item has at most one condition"))
    }

    @Test func truncatedSectionIsAnError() throws {
        let b = Self.bundle { $0.addCondition(ConditionSchema(tip: 0, item: 0)) }
        var bytes = BundleWriter.encode(b)
        // Claim two conditions where one is written: the reader must not read past the section.
        let count = bytes.count - 17
        #expect(bytes[count] == 1)
        bytes[count] = 2
        let sum = BundleFormat.checksum(bytes)
        for i in 0..<8 { bytes[BundleFormat.checksumOffset + i] = UInt8(truncatingIfNeeded: sum >> (8 * i)) }
        #expect(throws: BundleError.truncated(.conditions)) { try BundleLoader.load(bytes) }
    }
}
