/// Lowering of the checked model to bytecode.
public enum TipsCompile {}
