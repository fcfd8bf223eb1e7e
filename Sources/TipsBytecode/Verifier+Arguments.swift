extension Verifier {
    /// Each binding names a tip argument and a constant of exactly the argument's type
    /// (not nil); an argument and a constant are bound at most once, so binding an
    /// instance's values can never give a program a value of another type.
    func checkArgumentBindings() throws(BundleError) {
        var boundArguments: Set<[UInt32]> = []
        var boundConstants: Set<UInt32> = []
        for (i, a) in bundle.argumentBindings.enumerated() {
            let site = ErrorSite.item(.arguments, i)
            try index(a.tip, bundle.tips.count, .tip, site)
            let tip = bundle.tips[Int(a.tip)]
            try index(a.argument, tip.arguments.count, .argument, site)
            try index(a.constant, bundle.constants.count, .constant, site)
            let c = bundle.constants[Int(a.constant)]
            guard c.type == tip.arguments[Int(a.argument)].type, !c.isNil else {
                throw .invalidValue(site, rule: "an argument's constant has the argument's type")
            }
            guard boundArguments.insert([a.tip, a.argument]).inserted else {
                throw .invalidValue(site, rule: "an argument is bound once")
            }
            guard boundConstants.insert(a.constant).inserted else {
                throw .invalidValue(site, rule: "a constant is bound to one argument")
            }
        }
    }
}
