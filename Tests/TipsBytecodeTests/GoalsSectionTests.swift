import Testing
@testable import TipsBytecode

/// The `goals` section (format version 7): tips' goals, written only when some tip has
/// one, read back equal, and verified (a bad event, filter or window is refused).
@Suite struct GoalsSectionTests {
    /// Tips T and U; events `shared(viaLink: Bool)` (0) and `opened` (1); filter 0 is
    /// `viaLink` over `shared`. `add` adds goals.
    static func bundle(_ add: (inout BundleBuilder) -> Void = { _ in }) -> TipsBundle {
        var b = BundleBuilder()
        _ = b.addEvent("shared", fields: [("viaLink", .bool)])
        _ = b.addEvent("opened")
        _ = b.filter(Filter(terms: [FilterTerm(field: 0, relation: .isTrue, constant: noIndex)]))
        for name in ["T", "U"] {
            let n = b.string(name)
            _ = b.addTip(TipSchema(name: n, id: Template([.literal(n)]), title: .plain(Template([.literal(n)]))))
        }
        add(&b)
        return b.bundle
    }

    static func error(_ bundle: TipsBundle) -> BundleError? {
        do { _ = try Verifier.verify(bundle); return nil } catch { return error }
    }

    static let day: Int64 = 86_400_000

    @Test func withoutGoalsTheBundleIsUnchanged() {
        let bytes = BundleWriter.encode(Self.bundle())
        #expect(bytes[4] == 2)
        #expect(!BundleSection.layout(of: Self.bundle()).contains(.goals))
    }

    @Test func roundTripAsVersionSeven() throws {
        let b = Self.bundle { b in
            b.addGoal(GoalSchema(tip: 0, event: 0, filter: 0, window: 7 * Self.day))
            b.addGoal(GoalSchema(tip: 1, event: 1, window: Self.day))
        }
        let bytes = BundleWriter.encode(b)
        #expect(bytes[4] == 7)
        #expect(BundleLayoutTests.tags(bytes).last == BundleSection.goals.rawValue)
        let loaded = try BundleLoader.load(bytes)
        #expect(loaded.bundle == b)
        #expect(loaded.bundle.goals.map(\.window) == [7 * Self.day, Self.day])
    }

    @Test(arguments: [
        (GoalSchema(tip: 0, event: 0, filter: 0, window: 1), nil),
        (GoalSchema(tip: 2, event: 0, window: 1), BundleError.indexOutOfRange(.tip, index: 2, at: .item(.goals, 0))),
        (GoalSchema(tip: 0, event: 2, window: 1), .indexOutOfRange(.event, index: 2, at: .item(.goals, 0))),
        (GoalSchema(tip: 0, event: 0, filter: 5, window: 1), .indexOutOfRange(.filter, index: 5, at: .item(.goals, 0))),
        // Filter 0 reads field 0, which `opened` does not have.
        (GoalSchema(tip: 0, event: 1, filter: 0, window: 1), .indexOutOfRange(.field, index: 0, at: .item(.goals, 0))),
        (GoalSchema(tip: 0, event: 0, window: 0), .invalidValue(.item(.goals, 0), rule: "a goal's window must be positive")),
        (GoalSchema(tip: 0, event: 0, window: -5), .invalidValue(.item(.goals, 0), rule: "a goal's window must be positive")),
    ] as [(GoalSchema, BundleError?)])
    func verifierRules(goal: GoalSchema, expected: BundleError?) {
        #expect(Self.error(Self.bundle { $0.addGoal(goal) }) == expected)
    }

    @Test func aTipHasOneGoalInTipOrder() {
        let rule = "goals are in ascending tip order, at most one per tip"
        let twice = Self.bundle { b in
            b.addGoal(GoalSchema(tip: 0, event: 0, window: 1))
            b.addGoal(GoalSchema(tip: 0, event: 1, window: 1))
        }
        #expect(Self.error(twice) == .invalidValue(.item(.goals, 1), rule: rule))
        let backwards = Self.bundle { b in
            b.addGoal(GoalSchema(tip: 1, event: 0, window: 1))
            b.addGoal(GoalSchema(tip: 0, event: 1, window: 1))
        }
        #expect(Self.error(backwards) == .invalidValue(.item(.goals, 1), rule: rule))
    }

    /// A goal section tampered with after writing (checksum resealed, so only the verifier
    /// or the reader can tell): each edit is refused with the error that names it.
    @Test func tamperedSectionIsRefused() throws {
        let b = Self.bundle { $0.addGoal(GoalSchema(tip: 0, event: 0, filter: 0, window: Self.day)) }
        let bytes = BundleWriter.encode(b)
        let frame = try #require(BundleLayoutTests.frames(bytes).last)
        #expect(frame.tag == BundleSection.goals.rawValue)
        // Frame: tag 4, length 4, count 4, then tip 4, event 4, filter 4, window 8.
        let entry = frame.range.lowerBound + 12
        func edit(_ offset: Int, _ value: UInt8) -> [UInt8] {
            var out = bytes
            out[entry + offset] = value
            return VerifierTests.reseal(out)
        }
        #expect(VerifierTests.load(edit(4, 9)) == .indexOutOfRange(.event, index: 9, at: .item(.goals, 0)))
        #expect(VerifierTests.load(edit(8, 3)) == .indexOutOfRange(.filter, index: 3, at: .item(.goals, 0)))
        #expect(VerifierTests.load(edit(19, 0x80)) == .invalidValue(.item(.goals, 0), rule: "a goal's window must be positive"))
        // Two goals claimed where one is written: the reader must not read past the section.
        var count = bytes
        count[frame.range.lowerBound + 8] = 2
        #expect(VerifierTests.load(VerifierTests.reseal(count)) == .truncated(.goals))
        // A goal frame in a version 6 bundle: readers of 6 do not know the section.
        var old = bytes
        old[4] = 6
        #expect(VerifierTests.load(VerifierTests.reseal(old)) != nil)
    }
}
