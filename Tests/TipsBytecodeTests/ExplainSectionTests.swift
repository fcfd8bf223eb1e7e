import Testing
import TipsBytecode

/// The `explain` section (format version 2): round trips, verification, version 1 bundles,
/// and the section table in Docs/bytecode.md.
struct ExplainSectionTests {
    /// The verifier's base bundle with one comparison probe `n >= 3` for its one rule.
    static func explained() -> TipsBundle {
        var bundle = VerifierTests.base().bundle
        func program(_ build: (inout ProgramBuilder) -> Void, _ type: ValueType) -> Program {
            var p = ProgramBuilder()
            build(&p)
            p.emit(.ret)
            return p.program(resultType: type, withSourceMap: false)
        }
        let cond = program({ $0.emit(.loadParam, bx: 1); $0.emit(.pushInt, sBx: 3); $0.emit(.ge) }, .bool)
        let left = program({ $0.emit(.loadParam, bx: 1) }, .int)
        let right = program({ $0.emit(.pushInt, sBx: 3) }, .int)
        let probe = Probe(kind: .comparison, text: "n >= 3", line: 4, column: 10, isNegated: false, program: 0,
                          relation: .ge, left: ProbeOperand(text: "n", program: 1), right: ProbeOperand(text: "3", program: 2))
        bundle.explain = ExplainTable(programs: [cond, left, right],
                                      tips: [[RuleExplanation(text: "n >= 3", location: .none, probes: [probe])]])
        return bundle
    }

    @Test func roundTripAndProbeBundle() throws {
        let bundle = Self.explained()
        let bytes = BundleWriter.encode(bundle)
        #expect(try BundleReader.decode(bytes) == bundle)
        let verified = try BundleLoader.load(bytes)
        #expect(verified.probeInfo.count == 3)
        let extended = verified.withProbePrograms()
        #expect(extended.bundle.programs.count == bundle.programs.count + 3)
        #expect(extended.programInfo.count == extended.bundle.programs.count)
    }

    @Test func verifierRejectsBadExplanations() {
        var wrongTips = Self.explained()
        wrongTips.explain.tips.append([])
        #expect(VerifierTests.load(wrongTips) == .invalidValue(.item(.explain, 0), rule: "one explanation list per tip"))
        var wrongRules = Self.explained()
        wrongRules.explain.tips[0].append(wrongRules.explain.tips[0][0])
        #expect(VerifierTests.load(wrongRules) == .invalidValue(.item(.explain, 0), rule: "one explanation per rule"))
        var badIndex = Self.explained()
        badIndex.explain.tips[0][0].probes[0].program = 9
        #expect(VerifierTests.load(badIndex) == .indexOutOfRange(.program, index: 9, at: .item(.explain, 0)))
        var notBool = Self.explained()
        notBool.explain.tips[0][0].probes[0].program = 1
        #expect(VerifierTests.load(notBool) == .resultTypeMismatch(.item(.explain, 0), expected: .bool, found: .int))
        var badCode = Self.explained()
        badCode.explain.programs[1] = Program(resultType: .int, code: [Instruction(.ret)])
        // Probe programs are numbered after the bundle's own programs.
        #expect(VerifierTests.load(badCode) == .stackUnderflow(at: CodeSite(program: 2, pc: 0)))
    }

    /// A version 1 bundle (14 sections, no explain) still loads.
    @Test func versionOneStillLoads() throws {
        var bytes = BundleWriter.encode(VerifierTests.base().bundle)
        // Drop the explain section (tag, length, two empty counts) and patch version and count.
        #expect(Array(bytes.suffix(16)) == [15, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        bytes.removeLast(16)
        bytes[4] = 1
        bytes[12] = 14
        let loaded = try BundleLoader.load(VerifierTests.reseal(bytes))
        #expect(loaded.bundle == VerifierTests.base().bundle)
        var fifteen = bytes; fifteen[12] = 15
        #expect(VerifierTests.load(VerifierTests.reseal(fifteen)) == .invalidValue(.item(.header, 0), rule: "section count must be 14"))
    }

    /// Every section has a row in Docs/bytecode.md's section table, with its tag.
    @Test func sectionTableMatchesDocs() throws {
        let doc = try OpcodeTableTests.read("Docs/bytecode.md")
        for section in BundleSection.body {
            #expect(doc.contains("| \(section.rawValue) | \(section.name) |"), "no row for section \(section.name)")
        }
        #expect(doc.contains("| 4 | 2 | format version, \(BundleFormat.version) ("))
        // Every section of the newest version too.
        for section in BundleSection.body(version: BundleFormat.readableVersions.upperBound) {
            #expect(doc.contains("| \(section.rawValue) | \(section.name) |"), "no row for section \(section.name)")
        }
        // The header's section count row gives the count of every version's layout.
        let counts = BundleFormat.readableVersions.map { "\(BundleSection.body(version: $0).count) in version \($0)" }
        #expect(doc.contains("| 12 | 4 | section count: the frames that follow (\(counts.joined(separator: ", "))) |"))
    }
}
