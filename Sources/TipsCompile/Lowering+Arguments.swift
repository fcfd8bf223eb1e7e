import TipsBytecode
import TipsCheck

/// Arguments of reusable tips read by their rules: each becomes one constant of the
/// argument's type, bound to the argument (the bundle's `arguments` section), which the
/// runtime fills with an instance's value before evaluating that instance's rules.
extension Lowering {
    /// The constant-pool index standing for argument `index` of the tip being lowered.
    mutating func argumentConstant(_ index: Int) -> UInt32 {
        let type = bytecodeType(model.tips[loweringTip].arguments[index].type)
        return builder.argumentConstant(tip: loweringTip, argument: index, placeholder: Lowering.placeholder(type, builder: &builder))
    }

    /// A valid value of `type` for the pool entry until an instance binds its own.
    static func placeholder(_ type: TipsBytecode.ValueType, builder: inout BundleBuilder) -> Constant {
        switch type.kind {
        case .bool: .bool(false)
        case .string: .string(builder.string(""))
        case .enumeration: .enumCase(Int(type.enumIndex), 0)
        default: .int(0)
        }
    }
}
