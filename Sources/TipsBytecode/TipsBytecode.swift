/// The bytecode: instruction format, bundle encoding and decoding, verifier, disassembler.
/// Imports nothing of the front end.
public enum TipsBytecode {}
