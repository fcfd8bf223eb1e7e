/// One opcode's row of the table in `Opcode.roles`: which operand fields its word uses and
/// what each names, and whether it reads the clock. Declared once beside the opcodes (the
/// idea of the `opmodes` table in Lua's lopcodes.c), so a tool that asks what a program
/// reads (`ProgramReads`) never switches over opcodes itself and cannot miss a new one.
public struct OperandRoles: Hashable, Sendable {
    /// The operand fields of the word.
    public let format: OperandFormat
    /// What the first field names: A (formats `A` and `A K`), Bx or sBx; nil in format `-`.
    public let first: OperandRole?
    /// What K names (format `A K`); nil in every other format.
    public let second: OperandRole?
    /// The instruction pushes the value its operand names as it is (a push or a load), so
    /// that value reaches the stack, where it can meet `now` in arithmetic; other
    /// instructions push only a result computed from what they read (a count, a test).
    public let pushesOperand: Bool
    /// The instruction reads the evaluation instant `now`: a time input with no operand.
    public let readsClock: Bool
    /// The instruction reads the device's time zone (local calendar fields, local days).
    public let readsZone: Bool

    init(_ format: OperandFormat, _ first: OperandRole? = nil, _ second: OperandRole? = nil,
         pushesOperand: Bool = false, readsClock: Bool = false, readsZone: Bool = false) {
        self.readsZone = readsZone
        self.format = format
        self.first = first
        self.second = second
        self.pushesOperand = pushesOperand
        self.readsClock = readsClock
    }

    /// No operands.
    static let none = OperandRoles(.none)
    /// Operand A naming `role`.
    static func a(_ role: OperandRole, pushed: Bool = false) -> OperandRoles { OperandRoles(.a, role, pushesOperand: pushed) }
    /// Operand Bx naming `role`.
    static func bx(_ role: OperandRole, pushed: Bool = false) -> OperandRoles { OperandRoles(.bx, role, pushesOperand: pushed) }
    /// Operand sBx naming `role`.
    static func sBx(_ role: OperandRole, pushed: Bool = false) -> OperandRoles { OperandRoles(.sBx, role, pushesOperand: pushed) }
    /// Operands A and K naming `a` and `k`.
    static func aK(_ a: OperandRole, _ k: OperandRole) -> OperandRoles { OperandRoles(.aK, a, k) }
}

extension OperandRoles: CustomStringConvertible {
    /// The row as Docs/bytecode.md's roles table writes it: `Bx: constant, pushed`,
    /// `A: count, K: query`, `-, reads the clock`.
    public var description: String {
        var parts: [String] = []
        if let first { parts.append("\(format == .aK ? "A" : format.rawValue): \(first.rawValue)") } else { parts.append("-") }
        if let second { parts.append("K: \(second.rawValue)") }
        if pushesOperand { parts.append("pushed") }
        if readsClock { parts.append("reads the clock") }
        if readsZone { parts.append("reads the time zone") }
        return parts.joined(separator: ", ")
    }
}
