/// Builds a `TipsBundle` for a lowering pass or a test: interns strings, deduplicates
/// constants, sets, filters and queries, and appends schemas. Indices it returns are
/// stable; output depends only on the order of calls (so encoding stays deterministic).
public struct BundleBuilder: Sendable {
    /// The bundle so far.
    public private(set) var bundle = TipsBundle()
    /// Keyed by UTF-8 bytes: Swift's `String ==` merges canonically equivalent text, but the
    /// language compares strings byte-wise, so "\u{E9}" and "e\u{301}" are two strings.
    private var stringIDs: [[UInt8]: UInt32] = [:]
    private var fileIDs: [String: UInt32] = [:]
    private var constantIDs: [Constant: UInt32] = [:]
    private var setIDs: [[UInt32]: UInt32] = [:]
    private var filterIDs: [Filter: UInt32] = [:]
    private var queryIDs: [Query: UInt32] = [:]

    /// An empty builder.
    public init() {}

    /// Sets the bundle's explanation table (`explain` section).
    public mutating func setExplain(_ table: ExplainTable) { bundle.explain = table }

    /// Sets the display budgets, priorities, exemptions and `together` groups (empty: none,
    /// and no `budgets` section).
    public mutating func setBudgets(_ budgets: BudgetSchema) { bundle.budgets = budgets }
    /// Sets the tips' renewals (`resetEligibility after D`), in ascending tip order (empty:
    /// none, and no `renewals` section).
    public mutating func setRenewals(_ renewals: [RenewalSchema]) { bundle.renewals = renewals }
    /// Declares that parameter or event `index` was called `oldName` (`renames` section).
    public mutating func addRename(_ kind: RenameSchema.Kind, index: Int, caseIndex: Int = 0, oldName: String) {
        let old = string(oldName)
        bundle.renames.append(RenameSchema(kind: kind, index: UInt32(index), caseIndex: UInt32(caseIndex), oldName: old))
    }

    /// Declares that parameter or event `index` is stored under `key` (format version 4).
    public mutating func addKey(_ kind: KeySchema.Kind, index: Int, key: String) {
        let k = string(key)
        bundle.keys.append(KeySchema(kind: kind, index: UInt32(index), key: k))
    }

    /// Marks tip `index`'s image as an asset-catalog image (format version 4). Tips are
    /// marked in ascending order.
    public mutating func markAssetImage(tip index: Int) {
        bundle.assetImages.append(UInt32(index))
    }

    /// Adds the `when` condition of a tip's message or action (format version 5).
    public mutating func addCondition(_ condition: ConditionSchema) {
        bundle.conditions.append(condition)
    }

    /// Adds a tip's chosen content (format version 13); tips add theirs in ascending tip order.
    public mutating func addContent(_ content: ContentSchema) {
        bundle.contents.append(content)
    }

    /// Adds a tip's experiment (format version 8); tips add theirs in ascending tip order.
    public mutating func addExperiment(_ experiment: ExperimentSchema) {
        bundle.experiments.append(experiment)
    }

    /// Adds a tip's goal (format version 7); tips add theirs in ascending tip order.
    public mutating func addGoal(_ goal: GoalSchema) {
        bundle.goals.append(goal)
    }

    /// The string-table index of `s`, adding it if new.
    public mutating func string(_ s: String) -> UInt32 {
        let key = Array(s.utf8)
        if let id = stringIDs[key] { return id }
        let id = UInt32(bundle.strings.count)
        bundle.strings.append(s)
        stringIDs[key] = id
        return id
    }

    /// The file-table index of source file `name`, adding it if new.
    public mutating func file(_ name: String) -> UInt32 {
        if let id = fileIDs[name] { return id }
        let id = UInt32(bundle.files.count)
        bundle.files.append(string(name))
        fileIDs[name] = id
        return id
    }

    /// The constant-pool index of `c`, adding it if new (equal constants share one entry).
    public mutating func constant(_ c: Constant) -> UInt32 {
        if let id = constantIDs[c] { return id }
        let id = UInt32(bundle.constants.count)
        bundle.constants.append(c)
        constantIDs[c] = id
        return id
    }

    /// The constant that stands for argument `argument` of tip `tip` in that tip's rules
    /// (see ``ArgumentBinding``): a fresh pool entry holding `placeholder`, never shared
    /// with an equal constant; one per argument.
    public mutating func argumentConstant(tip: Int, argument: Int, placeholder: Constant) -> UInt32 {
        if let b = bundle.argumentBindings.first(where: { $0.tip == UInt32(tip) && $0.argument == UInt32(argument) }) {
            return b.constant
        }
        let id = UInt32(bundle.constants.count)
        bundle.constants.append(placeholder)
        bundle.argumentBindings.append(ArgumentBinding(tip: UInt32(tip), argument: UInt32(argument), constant: id))
        return id
    }

    /// The constant index of the string constant `s`.
    public mutating func stringConstant(_ s: String) -> UInt32 { constant(.string(string(s))) }

    /// The set-table index of a set of strings (order and duplicates do not matter).
    public mutating func set(_ members: [String]) -> UInt32 {
        var ids: [UInt32] = []
        for m in members { ids.append(string(m)) }
        let key = Array(Set(ids)).sorted()
        if let id = setIDs[key] { return id }
        let id = UInt32(bundle.sets.count)
        bundle.sets.append(key)
        setIDs[key] = id
        return id
    }

    /// Adds an enumeration; returns its index.
    @discardableResult
    public mutating func addEnum(_ name: String, cases: [String]) -> Int {
        var ids: [UInt32] = []
        for c in cases { ids.append(string(c)) }
        bundle.enums.append(EnumSchema(name: string(name), cases: ids))
        return bundle.enums.count - 1
    }

    /// Adds a parameter slot; returns its index.
    @discardableResult
    public mutating func addParam(_ name: String, type: ValueType, default value: Constant, transient: Bool = false) -> Int {
        let n = string(name)
        bundle.params.append(ParamSchema(name: n, type: type, defaultValue: constant(value), isTransient: transient))
        return bundle.params.count - 1
    }

    /// Adds an event with payload fields; returns its index.
    @discardableResult
    public mutating func addEvent(_ name: String, fields: [(String, ValueType)] = [], limit: UInt32? = nil, maxAge: Int64? = nil) -> Int {
        let n = string(name)
        var schema: [FieldSchema] = []
        for (f, t) in fields { schema.append(FieldSchema(name: string(f), type: t)) }
        bundle.events.append(EventSchema(name: n, fields: schema, limit: limit ?? bundle.configuration.donationLimit,
                                         maxAge: maxAge ?? bundle.configuration.donationMaxAge))
        return bundle.events.count - 1
    }

    /// The filter-table index of `filter`, adding it if new.
    public mutating func filter(_ filter: Filter) -> UInt32 {
        if let id = filterIDs[filter] { return id }
        let id = UInt32(bundle.filters.count)
        bundle.filters.append(filter)
        filterIDs[filter] = id
        return id
    }

    /// The query-table index of `query`, adding it if new.
    public mutating func query(_ query: Query) -> UInt32 {
        if let id = queryIDs[query] { return id }
        let id = UInt32(bundle.queries.count)
        bundle.queries.append(query)
        queryIDs[query] = id
        return id
    }

    /// Adds a finished program; returns its index.
    @discardableResult
    public mutating func addProgram(_ program: Program) -> UInt32 {
        bundle.programs.append(program)
        return UInt32(bundle.programs.count - 1)
    }

    /// Adds a tip; returns its index.
    @discardableResult
    public mutating func addTip(_ tip: TipSchema) -> Int {
        bundle.tips.append(tip)
        return bundle.tips.count - 1
    }

    /// Adds a group; returns its index.
    @discardableResult
    public mutating func addGroup(_ group: GroupSchema) -> Int {
        bundle.groups.append(group)
        return bundle.groups.count - 1
    }

    /// The catalog configuration (set it before adding events so their defaults apply).
    public var configuration: Configuration {
        get { bundle.configuration }
        set { bundle.configuration = newValue }
    }

    /// Emits the cheapest instruction that pushes `c`: `pushBool`, `pushInt` for a small
    /// Int, `pushString`, or `pushConst`.
    public mutating func emitPush(_ c: Constant, into p: inout ProgramBuilder) {
        if !c.isNil && !c.type.isOptional {
            switch c.type.kind {
            case .bool: p.emit(.pushBool, a: Int(c.bits)); return
            case .int where Instruction.sBxRange.contains(Int(Int64(bitPattern: c.bits))):
                p.emit(.pushInt, sBx: Int(Int64(bitPattern: c.bits))); return
            case .string where c.bits <= UInt64(Instruction.maxBx): p.emit(.pushString, bx: Int(c.bits)); return
            default: break
            }
        }
        p.emit(.pushConst, bx: Int(constant(c)))
    }
}
