/// Name resolution, type checking, the checked model and lints.
///
/// The entry point is ``Checker``; its output, the checked model, is what the compiler back
/// end lowers and what the reference evaluator walks.
public enum TipsCheck {}
