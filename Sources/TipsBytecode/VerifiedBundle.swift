/// Facts the verifier proved about one program.
public struct ProgramInfo: Hashable, Sendable {
    /// Creates program facts (the verifier computes them).
    public init(maxStackDepth: Int, instructionBound: Int, scansDonations: Bool) {
        self.maxStackDepth = maxStackDepth; self.instructionBound = instructionBound; self.scansDonations = scansDonations
    }
    /// The most values the program ever has on the stack.
    public var maxStackDepth: Int
    /// An upper bound on executed instructions: jumps only go forward, so each
    /// instruction runs at most once and the bound is the code length.
    public var instructionBound: Int
    /// Whether the program contains an opcode whose cost grows with the number of
    /// donations in a window (filtered counts, groups, filtered first/last).
    public var scansDonations: Bool
}

/// A bundle that passed `Verifier.verify`. Only the verifier creates one, so holding a
/// value is proof that every index is in range, every jump is forward and in bounds and
/// every instruction's operands have the types it expects: the VM runs without checks.
public struct VerifiedBundle: Sendable {
    /// The bundle.
    public let bundle: TipsBundle
    /// One entry per program.
    public let programInfo: [ProgramInfo]
    /// The largest `maxStackDepth` of any program (the VM's stack size).
    public let maxStackDepth: Int

    init(bundle: TipsBundle, programInfo: [ProgramInfo]) {
        self.bundle = bundle
        self.programInfo = programInfo
        self.maxStackDepth = programInfo.map(\.maxStackDepth).max() ?? 0
    }
}

/// Decodes and verifies bundle bytes in one step: the entry point for apps and tools.
public enum BundleLoader {
    /// The verified bundle in `bytes`, or the first problem found.
    public static func load(_ bytes: [UInt8]) throws(BundleError) -> VerifiedBundle {
        try Verifier.verify(try BundleReader.decode(bytes))
    }
}
