import TipsBytecode

/// The dispatch-free path for rules that are conjunctions of fused tests (`Conjunction`).
extension Frame {
    /// Whether every test in `tests[start..<end]` holds: the same value the dispatch loop
    /// gives the programs they were taken from (verified code, so no operand is checked).
    @inline(__always)
    func allHold(_ tests: UnsafePointer<ConjunctionTest>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        while i < end {
            let t = tests[i]
            let w = t.word
            let holds: Bool
            if UInt8(truncatingIfNeeded: w) == Opcode.countAtLeast.rawValue {
                holds = atLeast(Int(w >> 16), Int((w >> 8) & 0xFF))
            } else {
                holds = Frame.equal(params[Int(w >> 16)], constants[Int((w >> 8) & 0xFF)])
            }
            if holds == t.negated { return false }
            i &+= 1
        }
        return true
    }
}
