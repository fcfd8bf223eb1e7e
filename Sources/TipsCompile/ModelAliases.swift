import TipsCheck

// TipsCheck declares a namespace enum named like the module, so `TipsCheck.X` cannot name
// the module's types; these aliases (in a file that sees only TipsCheck) do.

/// A checked-model type.
typealias ModelType = ValueType
/// A checked-model template.
typealias ModelTemplate = Template
/// A checked-model invalidation reason.
typealias ModelReason = InvalidationReason
