@testable import TipsBytecode

/// Programs the section tests share: a rule that is always true and a program of the
/// wrong type for a condition, so each test can point an entry at either.
enum ProgramFixtures {
    /// Adds `true` (a Bool program) and returns its index.
    @discardableResult
    static func addTrue(to b: inout BundleBuilder) -> UInt32 {
        var p = ProgramBuilder()
        p.emit(.pushBool, a: 1)
        p.emit(.ret)
        return b.addProgram(p.program(resultType: .bool))
    }

    /// Adds `3` (an Int program: no condition may use it) and returns its index.
    @discardableResult
    static func addThree(to b: inout BundleBuilder) -> UInt32 {
        var q = ProgramBuilder()
        q.emit(.pushInt, sBx: 3)
        q.emit(.ret)
        return b.addProgram(q.program(resultType: .int))
    }
}
