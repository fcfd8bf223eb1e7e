import TipsVM

/// One tip's rule values for a search that moves `now` forward with nothing else changing
/// (explain's "when"): a rule that doesn't read `now` itself keeps its last value until
/// something it reads changes (`TimeInputs`: the matching donations in its ranges), so it
/// is evaluated again only then. Rules that read `now` are evaluated every time.
struct RuleMemo {
    private let vm: RuleVM
    private let programs: [Int]
    private var inputs: [TimeInputs?]
    /// Where the matching donations of the rules' filtered queries are, so an evaluation
    /// looks them up instead of scanning its windows: every candidate may need one.
    private let matches: MatchIndex
    /// Per rule: the signature it was last evaluated at, and its value there.
    private var last: [(key: [Int], holds: Bool)?]

    /// A memo for rule programs `programs` (in the tip's order) over `state`'s donations.
    init(programs: [Int], vm: RuleVM, state: RuleState) {
        self.vm = vm
        self.programs = programs
        inputs = programs.map { vm.timeInputs(program: $0, in: state) }
        matches = vm.matchIndex(programs: programs, in: state)
        last = Array(repeating: nil, count: programs.count)
    }

    /// Whether every rule holds at `state.now` (`state` holding the donations the memo was
    /// made for): the same answer as `RuleVM.rulesHold`, stopping at the first false rule.
    mutating func rulesHold(in state: RuleState) -> Bool {
        for i in programs.indices {
            let holds: Bool
            if let inputs = inputs[i] {
                let key = vm.signature(inputs, in: state, at: state.now)
                if let seen = last[i], seen.key == key {
                    holds = seen.holds
                } else {
                    holds = vm.evaluateRule(programs[i], in: state, matches: matches)
                    last[i] = (key, holds)
                }
            } else {
                holds = vm.evaluateRule(programs[i], in: state, matches: matches)
            }
            if !holds { return false }
        }
        return true
    }
}
