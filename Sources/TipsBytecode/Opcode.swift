/// One rule-VM operation. The raw value is the low 8 bits of an instruction word.
///
/// Stack effects are written `before → after` (top of stack on the right). Every opcode's
/// `///` line has the form `operands: effect`; that line is the single source of the
/// instruction table in Docs/bytecode.md (a test keeps the two in sync, so edit both).
/// Raw values are dense and in declaration order: the VM relies on it to decode without a
/// table lookup, and `OpcodeTests` checks it.
public enum Opcode: UInt8, CaseIterable, Sendable {
    /// -: `v → ` return v (of the program's result type) to the caller.
    case ret = 0x00
    /// A: ` → Bool` push the Bool immediate A (0 false, 1 true).
    case pushBool = 0x01
    /// sBx: ` → Int` push the Int immediate sBx (−8388608 ... 8388607).
    case pushInt = 0x02
    /// Bx: ` → T` push constant-pool entry Bx (its type, possibly nil).
    case pushConst = 0x03
    /// Bx: ` → String` push string-table entry Bx.
    case pushString = 0x04
    /// Bx: ` → T` push the value of parameter slot Bx.
    case loadParam = 0x05
    /// -: ` → Date` push the evaluation instant `now`.
    case now = 0x06
    /// sBx: jump to pc+1+sBx (sBx ≥ 0: forward only).
    case jump = 0x07
    /// sBx: `b → b` if b is false jump to pc+1+sBx keeping b, else pop b and continue (lowers and).
    case jumpIfFalseOrPop = 0x08
    /// sBx: `b → b` if b is true jump to pc+1+sBx keeping b, else pop b and continue (lowers or).
    case jumpIfTrueOrPop = 0x09
    /// -: `b → !b` Bool negation.
    case not = 0x0A
    /// -: `v → Bool` true when v (of any optional type) is nil.
    case isNil = 0x0B
    /// -: `a b → a ?? b` a unless a is nil, else b (optional only if b is).
    case coalesce = 0x0C
    /// -: `a b → a+b` wrapping add of Int, Duration+Duration, Date+Duration, Duration+Date.
    case addInt = 0x0D
    /// -: `a b → a-b` wrapping subtract of Int, Duration-Duration, Date-Duration, Date-Date (Duration).
    case subInt = 0x0E
    /// -: `a b → a*b` wrapping multiply of Int, Duration*Int, Int*Duration.
    case mulInt = 0x0F
    /// -: `a b → a/b` truncating divide of Int or Duration/Int; b == 0 gives 0, Int.min/-1 wraps.
    case divInt = 0x10
    /// -: `a b → a%b` remainder of Int or Duration%Int (sign of a); b == 0 gives 0.
    case remInt = 0x11
    /// -: `a → -a` wrapping negation of Int or Duration.
    case negInt = 0x12
    /// -: `a b → a+b` IEEE 754 Double add.
    case addDouble = 0x13
    /// -: `a b → a-b` IEEE 754 Double subtract.
    case subDouble = 0x14
    /// -: `a b → a*b` IEEE 754 Double multiply.
    case mulDouble = 0x15
    /// -: `a b → a/b` IEEE 754 Double divide; b == 0 (either sign) gives 0.
    case divDouble = 0x16
    /// -: `a b → a%b` Double truncating remainder (fmod); b == 0 gives 0.
    case remDouble = 0x17
    /// -: `a → -a` Double negation.
    case negDouble = 0x18
    /// A: convert the Int at depth A (0 top, 1 next) to Double in place.
    case intToDouble = 0x19
    /// -: `a b → min(a,b)` of two Int, Date or Duration values of one type (b < a ? b : a).
    case minInt = 0x1A
    /// -: `a b → max(a,b)` of two Int, Date or Duration values of one type (b > a ? b : a).
    case maxInt = 0x1B
    /// -: `a b → min(a,b)` of two Doubles (b < a ? b : a, so a NaN first argument stays).
    case minDouble = 0x1C
    /// -: `a b → max(a,b)` of two Doubles (b > a ? b : a, so a NaN first argument stays).
    case maxDouble = 0x1D
    /// -: `a b → Bool` equality of Bool, Int, Date, Duration, String, enum (nil == nil).
    case eq = 0x1E
    /// -: `a b → Bool` inequality of Bool, Int, Date, Duration, String, enum (nil != 5).
    case ne = 0x1F
    /// -: `a b → Bool` a < b for Int, Date, Duration; false if either is nil.
    case lt = 0x20
    /// -: `a b → Bool` a <= b for Int, Date, Duration; false if either is nil.
    case le = 0x21
    /// -: `a b → Bool` a > b for Int, Date, Duration; false if either is nil.
    case gt = 0x22
    /// -: `a b → Bool` a >= b for Int, Date, Duration; false if either is nil.
    case ge = 0x23
    /// -: `a b → Bool` Double a == b (NaN: false; nil == nil).
    case eqDouble = 0x24
    /// -: `a b → Bool` Double a != b (false with NaN; nil != 5 is true).
    case neDouble = 0x25
    /// -: `a b → Bool` Double a < b (false with NaN or nil).
    case ltDouble = 0x26
    /// -: `a b → Bool` Double a <= b (false with NaN or nil).
    case leDouble = 0x27
    /// -: `a b → Bool` Double a > b (false with NaN or nil).
    case gtDouble = 0x28
    /// -: `a b → Bool` Double a >= b (false with NaN or nil).
    case geDouble = 0x29
    /// A: `a b → Bool` compare Strings by UTF-8 bytes with relation A (0 == 1 != 2 < 3 <= 4 > 5 >=).
    case compareString = 0x2A
    /// -: `s x → Bool` s.hasPrefix(x).
    case hasPrefix = 0x2B
    /// -: `s x → Bool` s.hasSuffix(x).
    case hasSuffix = 0x2C
    /// -: `s x → Bool` s.contains(x) (UTF-8 substring).
    case containsString = 0x2D
    /// -: `s → Bool` s.isEmpty.
    case isEmptyString = 0x2E
    /// -: `s → Int` s.count in Unicode scalars.
    case countString = 0x2F
    /// -: `set x → Bool` set.contains(x).
    case setContains = 0x30
    /// -: `set → Int` set.count.
    case setCount = 0x31
    /// -: `set → Bool` set.isEmpty.
    case setIsEmpty = 0x32
    /// Bx: ` → Int` count of the visible donations of event Bx (future ones included).
    case countEvent = 0x33
    /// Bx: ` → Int` count of query Bx (window, no filter): O(1) from the VM's window cursor.
    case countWithin = 0x34
    /// Bx: ` → Int` count of query Bx (filter, optional window): scans the window.
    case countWhere = 0x35
    /// Bx: ` → Int` size of the largest group of query Bx by its group field (0 if none).
    case largestGroup = 0x36
    /// Bx: ` → Int` size of the smallest non-empty group of query Bx by its group field (0 if none).
    case smallestGroup = 0x37
    /// Bx: ` → Date?` instant of the earliest donation matching query Bx (nil if none).
    case firstTime = 0x38
    /// Bx: ` → Date?` instant of the latest donation matching query Bx (nil if none).
    case lastTime = 0x39
    /// A K: ` → Bool` fused `count(query K) >= A`; stops scanning once A matches are found.
    case countAtLeast = 0x3A
    /// A K: ` → Bool` fused `param K == constant A` (eq semantics).
    case paramEqConst = 0x3B
    /// A: ` → Bool` true when the app's platform is in mask A (bits as in the `conditions` section).
    case platformIn = 0x3C
    /// A: ` → Int or Duration` field A (`CalendarField`) of the local wall clock at `now` in the device's zone.
    case localTime = 0x3D
    /// A: ` → Date?` instant A (`LifetimeInstant`) of the app's history: install, last update (nil if unknown).
    case lifetime = 0x3E
    /// Bx: ` → Int` number of distinct local days (device zone) with a donation matching query Bx.
    case countDays = 0x3F
}

extension Opcode {
    /// What each operand of the opcode names, and whether it reads the clock: the one table
    /// of operand roles (Docs/bytecode.md, "Operand roles"). Whatever asks what a program
    /// reads asks it, through `ProgramReads`. No `default`: a new opcode does not compile
    /// until its row is written here.
    public var roles: OperandRoles {
        switch self {
        case .ret: return .none
        case .pushBool: return .a(.bool, pushed: true)
        case .pushInt: return .sBx(.int, pushed: true)
        case .pushConst: return .bx(.constant, pushed: true)
        case .pushString: return .bx(.string, pushed: true)
        case .loadParam: return .bx(.parameter, pushed: true)
        case .now: return OperandRoles(.none, readsClock: true)
        case .jump, .jumpIfFalseOrPop, .jumpIfTrueOrPop: return .sBx(.jump)
        case .not, .isNil, .coalesce,
             .addInt, .subInt, .mulInt, .divInt, .remInt, .negInt,
             .addDouble, .subDouble, .mulDouble, .divDouble, .remDouble, .negDouble,
             .minInt, .maxInt, .minDouble, .maxDouble,
             .eq, .ne, .lt, .le, .gt, .ge, .eqDouble, .neDouble, .ltDouble, .leDouble, .gtDouble, .geDouble,
             .hasPrefix, .hasSuffix, .containsString, .isEmptyString, .countString,
             .setContains, .setCount, .setIsEmpty:
            return .none
        case .intToDouble: return .a(.depth)
        case .compareString: return .a(.relation)
        case .countEvent: return .bx(.event)
        case .countWithin, .countWhere, .largestGroup, .smallestGroup, .firstTime, .lastTime: return .bx(.query)
        case .countAtLeast: return .aK(.count, .query)
        case .paramEqConst: return .aK(.constant, .parameter)
        case .platformIn: return .a(.platforms)
        case .localTime: return OperandRoles(.a, .calendarField, readsClock: true, readsZone: true)
        case .lifetime: return .a(.lifetime)
        case .countDays: return OperandRoles(.bx, .query, readsZone: true)
        }
    }

    /// The format version that added the opcode: a program that uses it makes its bundle
    /// at least that version (`TipsBundle.formatVersion`), so a reader older than it
    /// rejects the bundle by its version instead of failing on an unknown byte.
    public var since: UInt16 {
        switch self {
        case .platformIn: return 6
        case .localTime, .lifetime, .countDays: return 8
        default: return 1
        }
    }

    /// Which operand fields the opcode reads (from `roles`); the disassembler and verifier
    /// decode by it.
    public var format: OperandFormat { roles.format }

    /// The upper-case mnemonic the disassembler prints (`loadParam` → `LOAD_PARAM`).
    public var mnemonic: String {
        var out = ""
        for ch in String(describing: self).unicodeScalars {
            if ch.properties.isUppercase { out.append("_") }
            out.append(String(ch).uppercased())
        }
        return out
    }
}

/// The operand fields of an instruction word (see `Instruction` for the bit layout).
public enum OperandFormat: String, Sendable, CaseIterable {
    /// No operands.
    case none = "-"
    /// A: 8 bits.
    case a = "A"
    /// Bx: 24 bits unsigned.
    case bx = "Bx"
    /// sBx: 24 bits two's complement.
    case sBx = "sBx"
    /// A: 8 bits, K: 16 bits.
    case aK = "A K"
}
