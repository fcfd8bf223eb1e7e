/// One fixed-width 32-bit instruction word.
///
/// Bit layout (bit 0 is least significant; words are stored little-endian):
///
///     31       24 23       16 15        8 7         0
///     +----------+-----------+-----------+----------+
///     |    C     |     B     |     A     |  opcode  |   A, B, C: 8 bits each
///     +----------+-----------+-----------+----------+
///     |           K          |     A     |  opcode  |   K = B | C << 8: 16 bits
///     +----------------------+-----------+----------+
///     |                 Bx / sBx         |  opcode  |   24 bits, sBx two's complement
///     +----------------------------------+----------+
///
/// Operand bits an opcode does not use must be zero (the verifier rejects anything else,
/// so one program has exactly one encoding).
public struct Instruction: Hashable, Sendable, CustomStringConvertible {
    /// The raw word.
    public var word: UInt32

    /// Wraps a raw word (not yet verified).
    public init(word: UInt32) { self.word = word }

    /// Largest Bx value.
    public static let maxBx = (1 << 24) - 1
    /// Smallest and largest sBx values.
    public static let sBxRange = -(1 << 23)...((1 << 23) - 1)

    /// An instruction without operands.
    public init(_ op: Opcode) { word = UInt32(op.rawValue) }
    /// An `A` instruction. A is truncated to 8 bits.
    public init(_ op: Opcode, a: Int) {
        word = UInt32(op.rawValue) | UInt32(truncatingIfNeeded: a & 0xFF) << 8
    }
    /// A `Bx` instruction. Bx is truncated to 24 bits.
    public init(_ op: Opcode, bx: Int) {
        word = UInt32(op.rawValue) | UInt32(truncatingIfNeeded: bx & 0xFF_FFFF) << 8
    }
    /// An `sBx` instruction. sBx is truncated to 24 bits.
    public init(_ op: Opcode, sBx: Int) {
        word = UInt32(op.rawValue) | UInt32(truncatingIfNeeded: sBx & 0xFF_FFFF) << 8
    }
    /// An `A K` instruction. A is truncated to 8 bits, K to 16.
    public init(_ op: Opcode, a: Int, k: Int) {
        word = UInt32(op.rawValue) | UInt32(truncatingIfNeeded: a & 0xFF) << 8
            | UInt32(truncatingIfNeeded: k & 0xFFFF) << 16
    }

    /// The opcode byte (may be an unknown value before verification).
    @inline(__always) public var opcodeByte: UInt8 { UInt8(truncatingIfNeeded: word) }
    /// The opcode, or nil for an unknown byte.
    public var opcode: Opcode? { Opcode(rawValue: opcodeByte) }
    /// Operand A (bits 8–15).
    @inline(__always) public var a: Int { Int((word >> 8) & 0xFF) }
    /// Operand K (bits 16–31).
    @inline(__always) public var k: Int { Int(word >> 16) }
    /// Operand Bx (bits 8–31, unsigned).
    @inline(__always) public var bx: Int { Int(word >> 8) }
    /// Operand sBx (bits 8–31, two's complement).
    @inline(__always) public var sBx: Int { Int(Int32(bitPattern: word) >> 8) }

    /// True when every bit the opcode's format does not use is zero.
    public var unusedBitsAreZero: Bool {
        guard let op = opcode else { return false }
        switch op.format {
        case .none: return word >> 8 == 0
        case .a: return word >> 16 == 0
        case .bx, .sBx, .aK: return true
        }
    }

    public var description: String {
        guard let op = opcode else { return "<unknown 0x\(String(word, radix: 16))>" }
        switch op.format {
        case .none: return op.mnemonic
        case .a: return "\(op.mnemonic) \(a)"
        case .bx: return "\(op.mnemonic) \(bx)"
        case .sBx: return "\(op.mnemonic) \(sBx)"
        case .aK: return "\(op.mnemonic) \(a) \(k)"
        }
    }
}

extension Instruction {
    /// The value of the first operand field of `format`: A, Bx or sBx (0 in format `-`).
    @inline(__always) func firstOperand(_ format: OperandFormat) -> Int {
        switch format {
        case .none: return 0
        case .a, .aK: return a
        case .bx: return bx
        case .sBx: return sBx
        }
    }
}
