/// A constant-pool entry that stands for an argument of a reusable tip: the tip's rules
/// (and their explanation probes) read the argument through it, and the VM gives it the
/// instance's value before evaluating them (`RuleVM.bindArguments`). The pool entry itself
/// holds a placeholder of the argument's type, so every program verifies as usual.
public struct ArgumentBinding: Hashable, Sendable {
    /// Index into the bundle's tips.
    public var tip: UInt32
    /// Index into that tip's arguments.
    public var argument: UInt32
    /// Index into the constant pool.
    public var constant: UInt32

    public init(tip: UInt32, argument: UInt32, constant: UInt32) {
        self.tip = tip
        self.argument = argument
        self.constant = constant
    }
}
