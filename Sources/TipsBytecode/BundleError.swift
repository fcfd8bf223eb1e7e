/// A position inside a program: program index and instruction address.
public struct CodeSite: Hashable, Sendable, CustomStringConvertible {
    public var program: Int
    public var pc: Int
    public init(program: Int, pc: Int) { self.program = program; self.pc = pc }
    public var description: String { "program \(program) at \(pc)" }
}

/// Where in a bundle something is wrong: a table item or an instruction.
public enum ErrorSite: Hashable, Sendable, CustomStringConvertible {
    /// Item `index` of a section's table.
    case item(BundleSection, Int)
    case instruction(CodeSite)
    public var description: String {
        switch self {
        case .item(let section, let index): return "\(section.name)[\(index)]"
        case .instruction(let site): return site.description
        }
    }
}

/// The kinds of table indices the verifier checks.
public enum IndexKind: String, Hashable, Sendable {
    case string, file, constant, set, enumeration = "enum", enumCase = "enum case", param, event
    case field, filter, query, program, tip, argument, action, group
}

/// Why a bundle was rejected. Loading never crashes or hangs: every malformed input
/// ends in exactly one of these.
public enum BundleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The first four bytes are not `TIPB`.
    case badMagic
    /// The format version is not one this reader understands.
    case unsupportedVersion(UInt16)
    /// The header's total length differs from the number of bytes given.
    case lengthMismatch(declared: Int, actual: Int)
    /// The stored FNV-1a 64 checksum differs from the computed one.
    case checksumMismatch(stored: UInt64, computed: UInt64)
    /// A section (or the header) ends before its content does.
    case truncated(BundleSection)
    /// A section frame's tag is out of place: unknown, not of the bundle's version, out of
    /// order, or where a section the version always holds was expected.
    case unexpectedSection(expected: BundleSection, found: UInt32)
    /// A section's declared length is longer than its content.
    case trailingBytes(BundleSection)
    /// A string-table entry is not valid UTF-8.
    case invalidUTF8(string: Int)
    /// A string-table entry repeats an earlier one (the table is interned).
    case duplicateString(Int)
    /// An enumerated byte (type kind, relation, reason, effect, text kind ...) has no meaning.
    case invalidTag(ErrorSite, value: UInt8)
    /// A value breaks a rule of its table (stated in `rule`).
    case invalidValue(ErrorSite, rule: String)
    /// An index refers past the end of its table.
    case indexOutOfRange(IndexKind, index: Int, at: ErrorSite)
    /// A program's instruction has an opcode byte no `Opcode` has.
    case unknownOpcode(at: CodeSite)
    /// An operand is out of its range, or an unused operand bit is set.
    case operandOutOfRange(at: CodeSite)
    /// A jump lands outside the program.
    case jumpOutOfBounds(at: CodeSite)
    /// A jump goes backwards (programs are loop-free).
    case backwardJump(at: CodeSite)
    /// An instruction pops more values than the stack holds.
    case stackUnderflow(at: CodeSite)
    /// The stack would exceed `Verifier.maxStackDepth`.
    case stackOverflow(at: CodeSite)
    /// Two paths reach an instruction with different stacks.
    case stackMismatch(at: CodeSite)
    /// An operand has the wrong type.
    case typeMismatch(at: CodeSite, expected: String, found: ValueType)
    /// A query operand's shape does not fit the opcode (e.g. `countWithin` of a filtered query).
    case queryShapeMismatch(at: CodeSite)
    /// No path reaches this instruction.
    case unreachableCode(at: CodeSite)
    /// Execution can run off the end of a program without `ret`.
    case missingReturn(program: Int)
    /// `ret` with other values left on the stack.
    case unbalancedReturn(at: CodeSite)
    /// A program is empty or longer than `Verifier.maxProgramLength`.
    case programTooLarge(program: Int)
    /// A program's source map has neither zero nor one entry per instruction.
    case sourceMapMismatch(program: Int)
    /// A program is used where another result type is needed.
    case resultTypeMismatch(ErrorSite, expected: ValueType, found: ValueType)

    public var description: String {
        switch self {
        case .badMagic: return "not a tips bundle (bad magic)"
        case .unsupportedVersion(let v):
            return "unsupported bundle format version \(v) (this reader reads \(BundleFormat.readableVersions.lowerBound) to \(BundleFormat.readableVersions.upperBound))"
        case .lengthMismatch(let d, let a): return "bundle length mismatch: header says \(d) bytes, got \(a)"
        case .checksumMismatch(let s, let c):
            return "checksum mismatch: stored 0x\(String(s, radix: 16)), computed 0x\(String(c, radix: 16))"
        case .truncated(let s): return "truncated \(s.name) section"
        case .unexpectedSection(let e, let f): return "expected section \(e.name) (tag \(e.rawValue)), found tag \(f)"
        case .trailingBytes(let s): return "unexpected bytes after the end of the \(s.name) section"
        case .invalidUTF8(let i): return "string \(i) is not valid UTF-8"
        case .duplicateString(let i): return "string \(i) duplicates an earlier string"
        case .invalidTag(let site, let v): return "\(site): invalid tag byte \(v)"
        case .invalidValue(let site, let rule): return "\(site): \(rule)"
        case .indexOutOfRange(let k, let i, let site): return "\(site): \(k.rawValue) index \(i) out of range"
        case .unknownOpcode(let at): return "\(at): unknown opcode"
        case .operandOutOfRange(let at): return "\(at): operand out of range"
        case .jumpOutOfBounds(let at): return "\(at): jump target outside the program"
        case .backwardJump(let at): return "\(at): backward jump"
        case .stackUnderflow(let at): return "\(at): stack underflow"
        case .stackOverflow(let at): return "\(at): stack deeper than \(Verifier.maxStackDepth)"
        case .stackMismatch(let at): return "\(at): paths join with different stacks"
        case .typeMismatch(let at, let e, let f): return "\(at): type mismatch: expected \(e), found \(f)"
        case .queryShapeMismatch(let at): return "\(at): query does not fit the opcode"
        case .unreachableCode(let at): return "\(at): unreachable instruction"
        case .missingReturn(let p): return "program \(p) can end without ret"
        case .unbalancedReturn(let at): return "\(at): ret leaves values on the stack"
        case .programTooLarge(let p): return "program \(p) is empty or longer than \(Verifier.maxProgramLength) instructions"
        case .sourceMapMismatch(let p): return "program \(p): source map length differs from code length"
        case .resultTypeMismatch(let site, let e, let f): return "\(site): program returns \(f), expected \(e)"
        }
    }
}
