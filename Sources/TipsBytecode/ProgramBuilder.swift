/// Emits one program's instructions with their source positions, and patches forward
/// jumps. Used by the lowering pass and by tests.
public struct ProgramBuilder: Sendable {
    /// A forward jump whose target is not yet known.
    public struct JumpLabel: Hashable, Sendable { fileprivate let at: Int }

    /// Instructions emitted so far.
    public private(set) var code: [Instruction] = []
    /// One source position per instruction.
    public private(set) var sourceMap: [SourceMapEntry] = []
    /// The position recorded for the next emitted instructions.
    public var location: SourceMapEntry = .none
    /// Set when an operand did not fit its field (it was truncated): the lowering pass
    /// must report the program as too large instead of using it.
    public private(set) var operandOverflow = false

    /// An empty program.
    public init() {}

    /// Address of the next instruction.
    public var nextAddress: Int { code.count }

    /// Appends a raw instruction.
    public mutating func emit(_ instruction: Instruction) {
        code.append(instruction)
        sourceMap.append(location)
    }
    public mutating func emit(_ op: Opcode) { emit(Instruction(op)) }
    public mutating func emit(_ op: Opcode, a: Int) {
        check(0...0xFF ~= a)
        emit(Instruction(op, a: a))
    }
    public mutating func emit(_ op: Opcode, bx: Int) {
        check(0...Instruction.maxBx ~= bx)
        emit(Instruction(op, bx: bx))
    }
    public mutating func emit(_ op: Opcode, sBx: Int) {
        check(Instruction.sBxRange ~= sBx)
        emit(Instruction(op, sBx: sBx))
    }
    public mutating func emit(_ op: Opcode, a: Int, k: Int) {
        check(0...0xFF ~= a && 0...0xFFFF ~= k)
        emit(Instruction(op, a: a, k: k))
    }

    private mutating func check(_ fits: Bool) { if !fits { operandOverflow = true } }

    /// Emits a jump (`jump`, `jumpIfFalseOrPop`, `jumpIfTrueOrPop`) to be patched later.
    public mutating func emitJump(_ op: Opcode) -> JumpLabel {
        emit(op, sBx: 0)
        return JumpLabel(at: code.count - 1)
    }

    /// Points `label`'s jump at the next instruction to be emitted.
    public mutating func patch(_ label: JumpLabel) {
        let old = code[label.at]
        let offset = code.count - label.at - 1
        check(Instruction.sBxRange ~= offset)
        code[label.at] = Instruction(old.opcode ?? .jump, sBx: offset)
    }

    /// The finished program. Pass `withSourceMap: false` to drop positions.
    public func program(resultType: ValueType, withSourceMap: Bool = true) -> Program {
        Program(resultType: resultType, code: code, sourceMap: withSourceMap ? sourceMap : [])
    }
}
