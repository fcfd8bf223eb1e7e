import TipsBytecode

/// The rule virtual machine. Imports nothing of the front end.
public enum TipsVM {}
