import Testing
import TipsTestSupport
@testable import TipsBytecode

/// Sections present by their tag: the layouts every version has had, the bundles written
/// before the tag scheme (`LegacyBundles`), and the presence rule for later sections.
struct BundleLayoutTests {
    /// `BundleSection.body(version:)` and `TipsBundle.formatVersion` as they were: the
    /// version ladder, each rung written out by hand.
    static func ladder(version: UInt16) -> [BundleSection] {
        BundleSection.allCases.filter { s in
            s != .header && (s != .explain || version >= 2) && (s != .renames || version >= 3)
                && ((s != .keys && s != .assets && s != .arguments) || version >= 4)
                && (s != .conditions || version >= 5)
                && s != .goals && s != .experiments && s != .budgets && s != .renewals && s != .content  // versions 7, 9, 11, 12, 13: present only with content
        }
    }

    static func ladderVersion(_ b: TipsBundle) -> UInt16 {
        if !b.contents.isEmpty { return 13 }
        if !b.renewals.isEmpty { return 12 }
        if !b.budgets.isEmpty { return 11 }
        if !b.experiments.isEmpty { return 9 }
        if !b.goals.isEmpty { return 7 }
        if !b.conditions.isEmpty { return 5 }
        if !b.keys.isEmpty || !b.assetImages.isEmpty || !b.argumentBindings.isEmpty { return 4 }
        return b.renames.isEmpty ? 2 : 3
    }

    /// The section frames of `bytes` (tag, and the byte range of the whole frame), walked
    /// by their lengths.
    static func frames(_ bytes: [UInt8]) -> [(tag: UInt32, range: Range<Int>)] {
        func u32(_ at: Int) -> UInt32 { (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
        var out: [(tag: UInt32, range: Range<Int>)] = []
        var at = BundleFormat.headerSize
        while at + 8 <= bytes.count {
            let end = at + 8 + Int(u32(at + 4))
            out.append((u32(at), at..<end))
            at = end
        }
        return out
    }

    static func tags(_ bytes: [UInt8]) -> [UInt32] { frames(bytes).map(\.tag) }

    @Test func everyVersionKeepsItsLayout() {
        for version in BundleFormat.readableVersions {
            #expect(BundleSection.body(version: version) == Self.ladder(version: version), "version \(version)")
        }
    }

    /// The writer picks the version and sections the ladder did, for random bundles and for
    /// each kind of later section alone.
    @Test(arguments: 0..<200)
    func writerKeepsTheLadder(seed: Int) throws {
        var variants = [RandomBundle.make(seed: UInt64(seed))]
        var renamed = variants[0]
        renamed.strings.append("renamedFrom\(seed)")
        if !renamed.params.isEmpty {
            renamed.renames = [RenameSchema(kind: .param, index: 0, oldName: UInt32(renamed.strings.count - 1))]
            variants.append(renamed)
        }
        var explained = variants[0]
        explained.explain = ExplainTable()
        variants.append(explained)
        // A budget alone raises the version to 11 and adds the `budgets` section.
        var budgeted = variants[0]
        budgeted.budgets = BudgetSchema(perDay: UInt16(1 + seed % 3), perLaunch: UInt16(seed % 2),
                                        tips: budgeted.tips.isEmpty ? [] : [.init(tip: 0, priority: Int16(seed % 7) - 3, exempt: seed % 2 == 0)]
                                            .filter { $0.priority != 0 || $0.exempt },
                                        togetherGroups: budgeted.groups.isEmpty ? [] : [0])
        variants.append(budgeted)
        // A renewal alone raises the version to 12 and adds the `renewals` section.
        if !variants[0].tips.isEmpty {
            var renewed = variants[0]
            renewed.renewals = [RenewalSchema(tip: 0, after: Int64(1 + seed) * 60_000)]
            variants.append(renewed)
        }
        // Chosen content alone raises the version to 13 and adds the `content` section.
        if !variants[0].tips.isEmpty {
            var chosen = variants[0]
            chosen.strings.append("m\(seed)")
            let s = UInt32(chosen.strings.count - 1)
            chosen.tips[0].image = noIndex
            chosen.assetImages.removeAll { $0 == 0 }
            chosen.contents = [ContentSchema(tip: 0, images: [ImageChoice(name: Template([.literal(s)]), isAsset: seed % 2 == 0,
                                                                          condition: ChoiceCondition(platforms: 4, program: noIndex)),
                                                              ImageChoice(name: Template([.literal(s)]))])]
            variants.append(chosen)
        }
        for b in variants {
            let bytes = BundleWriter.encode(b)
            // `goals` (version 7) is the first section present only with content.
            let layout = Self.ladder(version: Self.ladderVersion(b)) + (b.goals.isEmpty ? [] : [.goals])
                + (b.experiments.isEmpty ? [] : [.experiments]) + (b.budgets.isEmpty ? [] : [.budgets])
                + (b.renewals.isEmpty ? [] : [.renewals])
                + (b.contents.isEmpty ? [] : [.content])
            #expect(b.formatVersion == max(Self.ladderVersion(b), b.opcodeVersion, b.effectVersion))
            #expect(UInt16(bytes[4]) == b.formatVersion)
            #expect(BundleSection.layout(of: b) == layout)
            #expect(Self.tags(bytes) == layout.map(\.rawValue))
            #expect(Int(bytes[12]) == layout.count)
        }
    }

    /// Bundles the writer made before sections were present by their tag (one of each
    /// version, two of version 4) still load, and the writer of today gives each the same bytes.
    @Test(arguments: LegacyBundles.all)
    func legacyBundlesStillRead(fixture: LegacyBundles.Fixture) throws {
        let bytes = fixture.bytes
        #expect(UInt16(bytes[4]) == fixture.version)
        #expect(Self.tags(bytes) == Self.ladder(version: fixture.version).map(\.rawValue))
        let loaded = try BundleLoader.load(bytes)
        if fixture.version == 1 {
            // No explain section: it reads as empty, and is written back as version 2.
            #expect(loaded.bundle.explain == ExplainTable())
            let again = BundleWriter.encode(loaded.bundle)
            #expect(again[4] == 2)
            var upgraded = again
            upgraded.removeLast(16)
            upgraded[4] = 1
            upgraded[12] = 14
            #expect(VerifierTests.reseal(upgraded) == bytes)
        } else {
            #expect(BundleWriter.encode(loaded.bundle) == bytes, "\(fixture.name): byte-identical")
            #expect(loaded.bundle.formatVersion == fixture.version)
        }
        for (name, present) in fixture.holds {
            let section = try #require(BundleSection.allCases.first { $0.name == name })
            #expect(section.holdsContent(in: loaded.bundle) == present, "\(fixture.name): \(name)")
        }
    }

    @Test func presenceRule() {
        // Sections up to version 5 are in every bundle that knows them.
        for s in BundleSection.allCases where s != .header && s.since <= BundleFormat.lastFixedLayout {
            for version in BundleFormat.readableVersions {
                #expect(s.presence(version: version) == (s.since <= version ? .always : .never), "\(s) in \(version)")
            }
        }
        // A section added later is written only with content, and read only by readers
        // of its version.
        #expect(BundleSection.presence(since: 6, version: 5) == .never)
        #expect(BundleSection.presence(since: 6, version: 6) == .whenNotEmpty)
        #expect(BundleSection.presence(since: 6, version: 9) == .whenNotEmpty)
        #expect(BundleSection.presence(since: 5, version: 9) == .always)
        #expect(BundleSection.goals.presence(version: 6) == .never)
        #expect(BundleSection.goals.presence(version: 7) == .whenNotEmpty)
        #expect(BundleSection.experiments.presence(version: 8) == .never)
        #expect(BundleSection.experiments.presence(version: 9) == .whenNotEmpty)
        // Tags follow the versions that added them, so later sections come after the
        // fixed layouts.
        for s in BundleSection.allCases {
            for t in BundleSection.allCases where s.since < t.since { #expect(s.rawValue < t.rawValue, "\(s) before \(t)") }
        }
        // Every table a section holds raises the version to the section's when not empty.
        #expect(BundleSection.allCases.allSatisfy { $0.since <= 2 || !$0.holdsContent(in: TipsBundle()) })
    }

    /// A frame missing, out of place, or of a section the version does not have is refused.
    @Test func framesOutOfPlace() throws {
        let v4 = BundleWriter.encode(KeysSectionTests.bundle(keys: [(.param, 0, "com.app.seen")]))
        let frames = Self.frames(v4)
        #expect(frames.suffix(4).map(\.tag) == [16, 17, 18, 19])
        let keys = frames[frames.count - 3].range, assets = frames[frames.count - 2].range
        // The empty `assets` frame left out, with the count as it was or one less.
        var dropped = v4
        dropped.removeSubrange(assets)
        #expect(VerifierTests.load(VerifierTests.reseal(dropped)) == .unexpectedSection(expected: .assets, found: 19))
        dropped[12] = 18
        #expect(VerifierTests.load(VerifierTests.reseal(dropped)) == .invalidValue(.item(.header, 0), rule: "section count must be 19"))
        // `keys` and `assets` swapped: the first frame out of place is named.
        let swapped = Array(v4[..<keys.lowerBound]) + v4[assets] + v4[keys] + v4[assets.upperBound...]
        #expect(VerifierTests.load(VerifierTests.reseal(swapped)) == .unexpectedSection(expected: .keys, found: 18))
        // A version 3 bundle whose `renames` frame is tagged as `keys` (a version 4 section).
        var v3 = BundleWriter.encode(RenamesSectionTests.bundle(renames: [(.param, 0, "hasSeen")]))
        let renames = try #require(Self.frames(v3).last)
        #expect(renames.tag == BundleSection.renames.rawValue)
        v3[renames.range.lowerBound] = UInt8(BundleSection.keys.rawValue)
        #expect(VerifierTests.load(VerifierTests.reseal(v3)) == .unexpectedSection(expected: .renames, found: 17))
        // An unknown tag.
        var unknown = v3
        unknown[renames.range.lowerBound] = 99
        #expect(VerifierTests.load(VerifierTests.reseal(unknown)) == .unexpectedSection(expected: .renames, found: 99))
    }
}
