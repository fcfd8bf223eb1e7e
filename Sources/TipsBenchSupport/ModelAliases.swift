import TipsCheck

// TipsCheck declares a namespace enum named like the module, so `TipsCheck.X` cannot name
// the module's types; this alias (in a file that sees only TipsCheck) does.

/// A checked-model type.
public typealias ModelType = ValueType
