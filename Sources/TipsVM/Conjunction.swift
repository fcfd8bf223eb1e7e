import TipsBytecode

/// One test of a rule program the VM can run without its dispatch loop: a fused
/// `paramEqConst` or `countAtLeast` instruction word, possibly negated.
struct ConjunctionTest {
    var word: UInt32
    var negated: Bool
}

/// Recognises the commonest rule shape, a conjunction of fused tests
/// (`hasSeenList == true && count(save within 7d) >= 3`), so `rulesHold` can test each
/// in turn instead of dispatching four or more instructions through the stack.
///
/// The straight-line code must read `T [not] (jumpIfFalseOrPop T [not])* ret`, each `T` a
/// `paramEqConst` or `countAtLeast`, and every jump must land on a later
/// `jumpIfFalseOrPop` or on the final `ret`. Then the program's value is the conjunction
/// of the tests: while every test holds the jumps fall through and `ret` returns the last
/// one; the first false test is left on the stack, and every jump it meets takes it on
/// to `ret`. Tests are never nil, so `ret`'s nil rule plays no part.
enum Conjunction {
    /// The tests of `code` in order if it has that shape, else nil.
    static func tests(of code: [Instruction]) -> [ConjunctionTest]? {
        guard let last = code.last, last.opcode == .ret else { return nil }
        var tests: [ConjunctionTest] = []
        var pc = 0
        while true {
            guard pc < code.count, let op = code[pc].opcode, op == .paramEqConst || op == .countAtLeast else { return nil }
            var test = ConjunctionTest(word: code[pc].word, negated: false)
            pc += 1
            if pc < code.count, code[pc].opcode == .not {
                test.negated = true
                pc += 1
            }
            tests.append(test)
            guard pc < code.count else { return nil }
            if pc == code.count - 1 { return tests }  // the final ret
            guard code[pc].opcode == .jumpIfFalseOrPop, landsOnConjunctionJump(code, from: pc) else { return nil }
            pc += 1
        }
    }

    /// Whether the jump at `pc` lands on the final `ret` or on a later `jumpIfFalseOrPop`
    /// (which, holding the same false value, jumps on in turn: targets only go forward).
    private static func landsOnConjunctionJump(_ code: [Instruction], from pc: Int) -> Bool {
        let target = pc + 1 + code[pc].sBx
        guard target > pc, target < code.count else { return false }
        if target == code.count - 1 { return true }
        return code[target].opcode == .jumpIfFalseOrPop && landsOnConjunctionJump(code, from: target)
    }
}
