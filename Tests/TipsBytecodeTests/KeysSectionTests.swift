import Testing
@testable import TipsBytecode

/// The `keys` and `assets` sections (format version 4): written only when a catalog
/// declares keys or asset images, read back equal, and verified.
@Suite struct KeysSectionTests {
    static func bundle(keys: [(KeySchema.Kind, Int, String)] = [], assets: [Int] = [], image: Bool = true,
                       transient: Bool = false) -> TipsBundle {
        var b = BundleBuilder()
        _ = b.addParam("seen", type: .bool, default: .bool(false))
        _ = b.addParam("launched", type: .bool, default: .bool(false), transient: transient)
        _ = b.addEvent("saved")
        _ = b.addEvent("opened")
        let name = b.string("SaveTip")
        _ = b.addTip(TipSchema(name: name, id: Template([.literal(name)]), title: .plain(Template([.literal(b.string("Save"))])),
                               image: image ? b.string("Hero") : noIndex))
        for (kind, index, key) in keys { b.addKey(kind, index: index, key: key) }
        for t in assets { b.markAssetImage(tip: t) }
        return b.bundle
    }

    @Test func withoutKeysOrAssetsTheVersionStays() throws {
        #expect(BundleWriter.encode(Self.bundle())[4] == 2)
        var renamed = Self.bundle()
        renamed.renames = [RenameSchema(kind: .event, index: 0, oldName: UInt32(renamed.strings.firstIndex(of: "Hero") ?? 0))]
        #expect(BundleWriter.encode(renamed)[4] == 3)
    }

    @Test(arguments: [
        ([(KeySchema.Kind.param, 0, "com.app.seen"), (.event, 1, "com.app.opened")], [Int]()),
        ([], [0]),
        ([(KeySchema.Kind.event, 0, "com.app.saved")], [0]),
    ] as [([(KeySchema.Kind, Int, String)], [Int])])
    func roundTrip(keys: [(KeySchema.Kind, Int, String)], assets: [Int]) throws {
        let b = Self.bundle(keys: keys, assets: assets)
        let bytes = BundleWriter.encode(b)
        #expect(bytes[4] == 4)
        // Section count: every section of version 3, plus keys, assets and arguments.
        #expect(bytes[12] == 19)
        let loaded = try BundleLoader.load(bytes)
        #expect(loaded.bundle == b)
        #expect(loaded.bundle.keys.count == keys.count)
        #expect(loaded.bundle.assetImages == assets.map(UInt32.init))
    }

    @Test func olderVersionsStillRead() throws {
        // A version-2 bundle has neither section, and reads back without keys.
        let loaded = try BundleLoader.load(BundleWriter.encode(Self.bundle()))
        #expect(loaded.bundle.keys.isEmpty && loaded.bundle.assetImages.isEmpty)
    }

    @Test func verifierRules() {
        func error(_ keys: [(KeySchema.Kind, Int, String)], assets: [Int] = [], image: Bool = true,
                   transient: Bool = false) -> BundleError? {
            do { _ = try Verifier.verify(Self.bundle(keys: keys, assets: assets, image: image, transient: transient)); return nil }
            catch { return error }
        }
        #expect(error([(.param, 0, "com.seen"), (.event, 0, "com.saved")]) == nil)
        #expect(error([(.param, 2, "k")]) == .indexOutOfRange(.param, index: 2, at: .item(.keys, 0)))
        #expect(error([(.event, 2, "k")]) == .indexOutOfRange(.event, index: 2, at: .item(.keys, 0)))
        #expect(error([(.param, 1, "k")], transient: true) == .invalidValue(.item(.keys, 0), rule: "a transient parameter has no key"))
        #expect(error([(.param, 0, "a"), (.param, 0, "b")])
                == .invalidValue(.item(.keys, 1), rule: "a parameter or event has at most one key"))
        // Stored under another's name, or two under one key: their state would mix.
        #expect(error([(.param, 0, "launched")])
                == .invalidValue(.item(.keys, 0), rule: "no two parameters are stored under the same name"))
        #expect(error([(.event, 0, "k"), (.event, 1, "k")])
                == .invalidValue(.item(.keys, 0), rule: "no two events are stored under the same name"))
        // A parameter and an event may share one: they live apart in the journal.
        #expect(error([(.param, 0, "k"), (.event, 0, "k")]) == nil)
        // A transient parameter's values are journaled while a store is open: its name is taken too.
        #expect(error([(.param, 0, "launched")], transient: true)
                == .invalidValue(.item(.keys, 0), rule: "no two parameters are stored under the same name"))
        #expect(error([], assets: [1]) == .indexOutOfRange(.tip, index: 1, at: .item(.assets, 0)))
        #expect(error([], assets: [0], image: false) == .invalidValue(.item(.assets, 0), rule: "an asset image names a tip with an image"))
    }

    @Test func renameFromAKeyIsRefused() {
        var b = Self.bundle(keys: [(.event, 0, "com.saved")])
        let old = UInt32(b.strings.firstIndex(of: "com.saved") ?? 0)
        b.renames.append(RenameSchema(kind: .event, index: 1, oldName: old))
        #expect(throws: BundleError.invalidValue(.item(.renames, 0), rule: "an old name must not be what a parameter or event is stored under")) {
            try Verifier.verify(b)
        }
    }

    @Test func unknownKeyKindIsRefused() throws {
        var bytes = BundleWriter.encode(Self.bundle(keys: [(.param, 0, "com.seen")]))
        // The assets section is last (tag, length, count 0: 12 bytes); the keys section's one
        // 9-byte entry comes just before it, kind byte first.
        bytes[bytes.count - 12 - 9] = 9
        #expect(throws: BundleError.self) { try BundleLoader.load(VerifierTests.reseal(bytes)) }
    }
}
