/// What a tool or debug screen needs to say *why* a rule holds or not, without the front
/// end: per rule its source text and position, and **probes** — small programs computing
/// the values the rule compares — with their source text and operator.
///
/// Optional: an empty table (`tips` empty) means the bundle carries no explanations. The
/// probe programs live here, not in the programs section, so they never change a rule's
/// program index, the disassembly of the programs section or the VM's code. They are
/// verified like every other program (`VerifiedBundle.withProbePrograms()` gives a bundle
/// whose programs are the rule programs followed by these, for a second `RuleVM`).
public struct ExplainTable: Hashable, Sendable {
    /// Probe programs (no source maps). A probe's `program` indexes this list.
    public var programs: [Program] = []
    /// One entry per tip (in tip order), each one entry per rule; or empty: no explanations.
    public var tips: [[RuleExplanation]] = []

    public init(programs: [Program] = [], tips: [[RuleExplanation]] = []) {
        self.programs = programs
        self.tips = tips
    }

    /// True when the bundle carries no explanations.
    public var isEmpty: Bool { tips.isEmpty && programs.isEmpty }
}

/// One rule as written, and the probes that explain its value.
public struct RuleExplanation: Hashable, Sendable {
    /// The rule's expression as written (whitespace runs collapsed to one space).
    public var text: String
    /// Where the expression starts (file index, line, column); `.none` without positions.
    public var location: SourceMapEntry
    /// The rule's conditions (leaves of its `&&`/`||`/`!` tree) and nested query terms.
    public var probes: [Probe]

    public init(text: String, location: SourceMapEntry, probes: [Probe]) {
        self.text = text
        self.location = location
        self.probes = probes
    }
}

/// One explained piece of a rule.
public struct Probe: Hashable, Sendable {
    public enum Kind: UInt8, Hashable, Sendable {
        /// A comparison `left OP right`: `program` gives its Bool value, the operands theirs.
        case comparison = 0
        /// Any other Bool condition (`hasKeyboard`, `tags.contains("x")`): `program` gives it.
        case condition = 1
        /// A value nested inside a condition (an event query): `program` gives the value.
        case term = 2
    }

    public var kind: Kind
    /// The piece as written.
    public var text: String
    /// Line and column where it starts (in the rule's file); 0 when unknown.
    public var line: UInt32
    public var column: UInt32
    /// True when the rule wants this condition false (it sits under an odd number of `!`).
    public var isNegated: Bool
    /// Index into `ExplainTable.programs`: Bool for conditions and comparisons, the value's
    /// type for terms.
    public var program: UInt32
    /// For comparisons: `==` ... `>=` (not `isTrue`/`isFalse`).
    public var relation: Relation
    /// For comparisons: the operands.
    public var left: ProbeOperand?
    public var right: ProbeOperand?

    public init(kind: Kind, text: String, line: UInt32, column: UInt32, isNegated: Bool, program: UInt32,
                relation: Relation = .eq, left: ProbeOperand? = nil, right: ProbeOperand? = nil) {
        self.kind = kind; self.text = text; self.line = line; self.column = column; self.isNegated = isNegated
        self.program = program; self.relation = relation; self.left = left; self.right = right
    }
}

/// One side of a comparison probe.
public struct ProbeOperand: Hashable, Sendable {
    /// The operand as written.
    public var text: String
    /// Index into `ExplainTable.programs`, computing the operand's value.
    public var program: UInt32

    public init(text: String, program: UInt32) {
        self.text = text
        self.program = program
    }
}
