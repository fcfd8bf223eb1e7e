import TipsCheck

// TipsCheck declares a namespace enum named like the module, so `TipsCheck.Tip` cannot name
// the model's tip next to TipsRuntime's `Tip`; this file sees only TipsCheck, so it can.

/// A tip of the checked model.
typealias ModelTip = Tip
