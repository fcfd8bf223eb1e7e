import Testing
@testable import TipsBytecode

/// The `renames` section (format version 3): written only when there are renames, read
/// back equal, and verified.
@Suite struct RenamesSectionTests {
    static func bundle(renames: [(RenameSchema.Kind, Int, String)]) -> TipsBundle {
        var b = BundleBuilder()
        _ = b.addParam("seen", type: .bool, default: .bool(false))
        _ = b.addEvent("saved")
        _ = b.addEnum("Plan", cases: ["free", "pro"])
        let name = b.string("SaveTip")
        _ = b.addTip(TipSchema(name: name, id: Template([.literal(name)]), title: .plain(Template([.literal(b.string("Save"))]))))
        for (kind, index, old) in renames { b.addRename(kind, index: index, caseIndex: kind == .enumCase ? 1 : 0, oldName: old) }
        return b.bundle
    }

    @Test func withoutRenamesTheBundleStaysVersion2() throws {
        let bytes = BundleWriter.encode(Self.bundle(renames: []))
        #expect(bytes[4] == 2)
        #expect(bytes[12] == 15)
    }

    @Test func roundTrip() throws {
        let b = Self.bundle(renames: [(.param, 0, "hasSeen"), (.event, 0, "manualSave")])
        let bytes = BundleWriter.encode(b)
        #expect(bytes[4] == 3)
        #expect(bytes[12] == 16)
        let loaded = try BundleLoader.load(bytes)
        #expect(loaded.bundle == b)
        #expect(loaded.bundle.renames.map(\.kind) == [.param, .event])
    }

    @Test func verifierRules() {
        func error(_ renames: [(RenameSchema.Kind, Int, String)]) -> BundleError? {
            do { _ = try Verifier.verify(Self.bundle(renames: renames)); return nil } catch { return error }
        }
        #expect(error([(.param, 0, "old")]) == nil)
        #expect(error([(.param, 1, "old")]) == .indexOutOfRange(.param, index: 1, at: .item(.renames, 0)))
        #expect(error([(.event, 3, "old")]) == .indexOutOfRange(.event, index: 3, at: .item(.renames, 0)))
        #expect(error([(.param, 0, "saved")])
                == .invalidValue(.item(.renames, 0), rule: "an old name must not be a declared parameter or event"))
        #expect(error([(.param, 0, "old"), (.event, 0, "old")])
                == .invalidValue(.item(.renames, 1), rule: "an old name is claimed by one rename only"))
        #expect(error([(.enumCase, 0, "premium")]) == nil)
        #expect(error([(.tip, 0, "ShortcutTip")]) == nil)
        #expect(error([(.tip, 1, "ShortcutTip")]) == .indexOutOfRange(.tip, index: 1, at: .item(.renames, 0)))
        #expect(error([(.tip, 0, "SaveTip")]) == .invalidValue(.item(.renames, 0), rule: "an old tip id must not be a tip's id"))
        #expect(error([(.enumCase, 1, "premium")]) == .indexOutOfRange(.enumeration, index: 1, at: .item(.renames, 0)))
        #expect(error([(.enumCase, 0, "free")])
                == .invalidValue(.item(.renames, 0), rule: "an old case name must not be a case of its enumeration"))
    }

    @Test func unknownKindIsRefused() throws {
        var bytes = BundleWriter.encode(Self.bundle(renames: [(.param, 0, "hasSeen")]))
        // The section is last and holds one 13-byte rename: its kind byte comes first.
        bytes[bytes.count - 13] = 7
        #expect(throws: BundleError.self) { try BundleLoader.load(VerifierTests.reseal(bytes)) }
    }
}
