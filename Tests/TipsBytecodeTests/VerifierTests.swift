import Testing
import TipsBytecode

/// One hand-made invalid bundle per rule of the reader and verifier; each must fail with
/// exactly its error.
struct VerifierTests {
    /// A small valid bundle: enum, params, an event with a field, a query, a rule, a tip.
    static func base() -> BundleBuilder {
        var b = BundleBuilder()
        b.addEnum("Color", cases: ["red", "green"])
        b.addParam("flag", type: .bool, default: .bool(true))
        b.addParam("n", type: .int, default: .int(3))
        b.addEvent("save", fields: [("size", .int)])
        _ = b.query(Query(event: 0))  // q0: no window
        _ = b.query(Query(event: 0, window: 1000))  // q1: window
        var p = ProgramBuilder()
        p.emit(.pushBool, a: 1)
        p.emit(.ret)
        let rule = b.addProgram(p.program(resultType: .bool))
        let name = b.string("T")
        b.addTip(TipSchema(name: name, id: Template([.literal(name)]), title: .plain(Template([.literal(name)])), rules: [rule]))
        return b
    }

    /// The base bundle with program 0 replaced by `code`.
    static func program(_ code: [Instruction], result: ValueType = .bool) -> TipsBundle {
        var bundle = base().bundle
        bundle.programs[0] = Program(resultType: result, code: code)
        bundle.tips[0].rules = result == .bool ? [0] : []
        return bundle
    }

    static func load(_ bundle: TipsBundle) -> BundleError? {
        do { _ = try BundleLoader.load(BundleWriter.encode(bundle)); return nil } catch { return error }
    }

    static func load(_ bytes: [UInt8]) -> BundleError? {
        do { _ = try BundleLoader.load(bytes); return nil } catch { return error }
    }

    /// Fixes the length and checksum fields after a byte edit.
    static func reseal(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        let n = UInt32(out.count)
        for i in 0..<4 { out[8 + i] = UInt8(truncatingIfNeeded: n >> (8 * i)) }
        let c = BundleFormat.checksum(out)
        for i in 0..<8 { out[16 + i] = UInt8(truncatingIfNeeded: c >> (8 * i)) }
        return out
    }

    static let valid = BundleWriter.encode(base().bundle)
    static func site(_ pc: Int) -> CodeSite { CodeSite(program: 0, pc: pc) }

    @Test func baseIsValid() throws {
        _ = try BundleLoader.load(Self.valid)
    }

    @Test func headerErrors() {
        var magic = Self.valid; magic[0] = 0x55
        #expect(Self.load(magic) == .badMagic)
        #expect(Self.load([0x54, 0x49]) == .truncated(.header))
        #expect(Self.load([]) == .truncated(.header))
        #expect(Self.load(Array(Self.valid.prefix(10))) == .truncated(.header))
        var version = Self.valid; version[4] = 14
        #expect(Self.load(Self.reseal(version)) == .unsupportedVersion(14))
        #expect(Self.load(Self.valid + [0]) == .lengthMismatch(declared: Self.valid.count, actual: Self.valid.count + 1))
        var flipped = Self.valid; flipped[flipped.count - 3] ^= 0x40
        let stored = (0..<8).reduce(UInt64(0)) { $0 | UInt64(Self.valid[16 + $1]) << (8 * $1) }
        #expect(Self.load(flipped) == .checksumMismatch(stored: stored, computed: BundleFormat.checksum(flipped)))
        var flags = Self.valid; flags[6] = 1
        #expect(Self.load(Self.reseal(flags)) == .invalidValue(.item(.header, 0), rule: "flags must be 0"))
    }

    @Test func sectionFraming() {
        // The strings section starts at 24: tag (4 bytes), length (4 bytes).
        var tag = Self.valid; tag[24] = 9
        #expect(Self.load(Self.reseal(tag)) == .unexpectedSection(expected: .strings, found: 9))
        var long = Self.valid; long[28 + 3] = 0x7F
        #expect(Self.load(Self.reseal(long)) == .truncated(.strings))
        #expect(Self.load(Self.reseal(Self.valid + [0])) == .trailingBytes(.explain))
        // A strings section claiming one more byte than its body uses.
        var grown = Self.valid
        grown[28] &+= 1
        let stringsEnd = 32 + Int(Self.valid[28])
        grown.insert(0, at: stringsEnd)
        #expect(Self.load(Self.reseal(grown)) == .trailingBytes(.strings))
        #expect(Self.load(Self.reseal(Array(Self.valid.prefix(Self.valid.count - 2)))) == .truncated(.explain))
    }

    @Test func stringTable() {
        var bundle = Self.base().bundle
        bundle.strings.append("Color")
        #expect(Self.load(bundle) == .duplicateString(bundle.strings.count - 1))
        var bytes = BundleWriter.encode(Self.base().bundle)
        // First string: count at 32, then length at 36, bytes from 40 ("Color").
        bytes[40] = 0xFF
        #expect(Self.load(Self.reseal(bytes)) == .invalidUTF8(string: 0))
    }

    @Test func tableValues() {
        var b = Self.base().bundle
        b.files = [99]
        #expect(Self.load(b) == .indexOutOfRange(.string, index: 99, at: .item(.files, 0)))
        b = Self.base().bundle
        b.enums.append(EnumSchema(name: 0, cases: []))
        #expect(Self.load(b) == .invalidValue(.item(.enums, 1), rule: "an enum has 1 to 65536 cases"))
        b = Self.base().bundle
        b.sets = [[2, 1]]
        #expect(Self.load(b) == .invalidValue(.item(.sets, 0), rule: "set members must be strictly ascending"))
        b = Self.base().bundle
        b.constants.append(Constant(type: .bool, bits: 2))
        #expect(Self.load(b) == .invalidValue(.item(.constants, b.constants.count - 1), rule: "Bool payload must be 0 or 1"))
        b = Self.base().bundle
        b.constants.append(Constant(type: .int, bits: 0, isNil: true))
        #expect(Self.load(b) == .invalidValue(.item(.constants, b.constants.count - 1), rule: "nil constant of a non-optional type"))
        b = Self.base().bundle
        b.constants.append(.enumCase(0, 2))
        #expect(Self.load(b) == .indexOutOfRange(.enumCase, index: 2, at: .item(.constants, b.constants.count - 1)))
        b = Self.base().bundle
        b.constants.append(.enumCase(4, 0))
        #expect(Self.load(b) == .indexOutOfRange(.enumeration, index: 4, at: .item(.constants, b.constants.count - 1)))
        b = Self.base().bundle
        b.params[1].defaultValue = 0  // the Bool constant for an Int parameter
        #expect(Self.load(b) == .invalidValue(.item(.params, 1), rule: "default value of type Bool does not fit Int"))
        b = Self.base().bundle
        b.events[0].limit = 0
        #expect(Self.load(b) == .invalidValue(.item(.events, 0), rule: "donation limit must be at least 1"))
        b = Self.base().bundle
        b.events[0].fields[0].type = ValueType.int.optional
        #expect(Self.load(b) == .invalidValue(.item(.events, 0), rule: "payload fields are non-optional scalars"))
        b = Self.base().bundle
        b.queries[1].window = 0
        #expect(Self.load(b) == .invalidValue(.item(.queries, 1), rule: "window must be positive"))
        b = Self.base().bundle
        b.queries[0].groupField = 3
        #expect(Self.load(b) == .indexOutOfRange(.field, index: 3, at: .item(.queries, 0)))
        b = Self.base().bundle
        b.filters = [Filter(terms: [FilterTerm(field: 0, relation: .lt, constant: 0)])]  // Int field < Bool constant
        b.queries[0].filter = 0
        #expect(Self.load(b) == .invalidValue(.item(.queries, 0), rule: "filter constant of type Bool compared with a Int field"))
        b = Self.base().bundle
        b.groups = [GroupSchema(name: 0, members: [0]), GroupSchema(name: 0, members: [0])]
        #expect(Self.load(b) == .invalidValue(.item(.groups, 1), rule: "tip 0 is in more than one group"))
        b = Self.base().bundle
        b.configuration.donationLimit = 0
        #expect(Self.load(b) == .invalidValue(.item(.configuration, 0), rule: "donation limit must be at least 1"))
    }

    @Test func encodingTags() {
        var b = Self.base().bundle
        b.constants.append(.nil(.int))
        var bytes = BundleWriter.encode(b)
        // The last constant's isNil byte is followed by its 8 payload bytes; corrupt the payload.
        let constants = Self.sectionStart(bytes, .constants)
        let last = constants + 4 + (b.constants.count - 1) * 13
        bytes[last + 5] = 1
        #expect(Self.load(Self.reseal(bytes)) == .invalidValue(.item(.constants, b.constants.count - 1), rule: "nil constant must have payload 0"))
        bytes = BundleWriter.encode(b)
        bytes[last] = 9
        #expect(Self.load(Self.reseal(bytes)) == .invalidTag(.item(.constants, b.constants.count - 1), value: 9))
    }

    /// Offset of the body of `section` in encoded bytes.
    static func sectionStart(_ bytes: [UInt8], _ section: BundleSection) -> Int {
        var at = BundleFormat.headerSize
        while true {
            let tag = (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
            let length = (0..<4).reduce(0) { $0 | Int(bytes[at + 4 + $1]) << (8 * $1) }
            if tag == Int(section.rawValue) { return at + 8 }
            at += 8 + length
        }
    }

    struct CodeCase: Sendable, CustomStringConvertible {
        let name: String
        let code: [Instruction]
        let result: ValueType
        let error: BundleError
        var description: String { name }
    }

    static let codeCases: [CodeCase] = [
        .init(name: "unknown opcode", code: [Instruction(word: 0xFF), Instruction(.ret)], result: .bool, error: .unknownOpcode(at: site(0))),
        .init(name: "operand out of range", code: [Instruction(.pushBool, a: 2), Instruction(.ret)], result: .bool, error: .operandOutOfRange(at: site(0))),
        .init(name: "unused bits set", code: [Instruction(word: UInt32(Opcode.not.rawValue) | 1 << 8), Instruction(.ret)], result: .bool, error: .operandOutOfRange(at: site(0))),
        .init(name: "intToDouble depth", code: [Instruction(.pushInt, sBx: 1), Instruction(.intToDouble, a: 2), Instruction(.ret)], result: .double, error: .operandOutOfRange(at: site(1))),
        .init(name: "constant index", code: [Instruction(.pushConst, bx: 500), Instruction(.ret)], result: .bool, error: .indexOutOfRange(.constant, index: 500, at: .instruction(site(0)))),
        .init(name: "param index", code: [Instruction(.loadParam, bx: 2), Instruction(.ret)], result: .bool, error: .indexOutOfRange(.param, index: 2, at: .instruction(site(0)))),
        .init(name: "event index", code: [Instruction(.countEvent, bx: 1), Instruction(.ret)], result: .int, error: .indexOutOfRange(.event, index: 1, at: .instruction(site(0)))),
        .init(name: "query index", code: [Instruction(.countAtLeast, a: 1, k: 7), Instruction(.ret)], result: .bool, error: .indexOutOfRange(.query, index: 7, at: .instruction(site(0)))),
        .init(name: "jump out of bounds", code: [Instruction(.pushBool, a: 1), Instruction(.jump, sBx: 1), Instruction(.ret)], result: .bool, error: .jumpOutOfBounds(at: site(1))),
        .init(name: "backward jump", code: [Instruction(.pushBool, a: 1), Instruction(.jump, sBx: -2), Instruction(.ret)], result: .bool, error: .backwardJump(at: site(1))),
        .init(name: "stack underflow", code: [Instruction(.pushInt, sBx: 1), Instruction(.addInt), Instruction(.ret)], result: .int, error: .stackUnderflow(at: site(1))),
        .init(name: "stack overflow", code: Array(repeating: Instruction(.pushBool, a: 1), count: 256) + [Instruction(.ret)], result: .bool, error: .stackOverflow(at: site(255))),
        .init(name: "stack mismatch", code: [Instruction(.pushBool, a: 1), Instruction(.jumpIfFalseOrPop, sBx: 1), Instruction(.pushInt, sBx: 1), Instruction(.ret)], result: .bool, error: .stackMismatch(at: site(3))),
        .init(name: "type mismatch", code: [Instruction(.pushInt, sBx: 1), Instruction(.pushBool, a: 1), Instruction(.addInt), Instruction(.ret)], result: .int, error: .typeMismatch(at: site(2), expected: "Int, Date or Duration", found: .bool)),
        .init(name: "Date + Date", code: [Instruction(.now), Instruction(.now), Instruction(.addInt), Instruction(.ret)], result: .date, error: .typeMismatch(at: site(2), expected: "Duration", found: .date)),
        .init(name: "optional into &&", code: [Instruction(.loadParam, bx: 0), Instruction(.isNil), Instruction(.pushInt, sBx: 0), Instruction(.not), Instruction(.ret)], result: .bool, error: .typeMismatch(at: site(3), expected: "Bool", found: .int)),
        .init(name: "query shape", code: [Instruction(.countWithin, bx: 0), Instruction(.ret)], result: .int, error: .queryShapeMismatch(at: site(0))),
        .init(name: "unreachable", code: [Instruction(.pushBool, a: 1), Instruction(.jump, sBx: 1), Instruction(.pushBool, a: 0), Instruction(.ret)], result: .bool, error: .unreachableCode(at: site(2))),
        .init(name: "missing return", code: [Instruction(.pushBool, a: 1)], result: .bool, error: .missingReturn(program: 0)),
        .init(name: "unbalanced return", code: [Instruction(.pushBool, a: 1), Instruction(.pushBool, a: 1), Instruction(.ret)], result: .bool, error: .unbalancedReturn(at: site(2))),
        .init(name: "wrong result type", code: [Instruction(.pushInt, sBx: 1), Instruction(.ret)], result: .bool, error: .typeMismatch(at: site(1), expected: "Bool", found: .int)),
        .init(name: "empty program", code: [], result: .bool, error: .programTooLarge(program: 0)),
    ]

    @Test(arguments: codeCases)
    func code(_ c: CodeCase) {
        #expect(Self.load(Self.program(c.code, result: c.result)) == c.error)
    }

    @Test func nonBoolRule() {
        var b = Self.program([Instruction(.pushInt, sBx: 1), Instruction(.ret)], result: .int)
        b.tips[0].rules = [0]
        #expect(Self.load(b) == .resultTypeMismatch(.item(.tips, 0), expected: .bool, found: .int))
    }

    @Test func sourceMapMismatch() {
        var b = Self.base().bundle
        b.programs[0].sourceMap = [.none]
        #expect(throws: BundleError.sourceMapMismatch(program: 0)) { try Verifier.verify(b) }
        #expect(Self.load(b) == .sourceMapMismatch(program: 0))
    }

    @Test func descriptionsAreReadable() {
        #expect(BundleError.badMagic.description == "not a tips bundle (bad magic)")
        #expect(BundleError.typeMismatch(at: Self.site(2), expected: "Int", found: .bool).description
            == "program 0 at 2: type mismatch: expected Int, found Bool")
        #expect(BundleError.truncated(.strings).description == "truncated strings section")
        #expect(BundleError.indexOutOfRange(.constant, index: 5, at: .item(.params, 1)).description
            == "params[1]: constant index 5 out of range")
    }
}
