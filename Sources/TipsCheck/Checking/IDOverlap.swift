/// Whether two tip ids can produce the same text: `"reset"` and `"\(id)"` (a String argument
/// can be "reset"), `"a-b"` and `"a-\(p)"`. Each id becomes a small automaton over Unicode
/// scalars (a String argument is any text, an Int argument an optional '-' and digits, a Bool
/// or enumeration argument one of its spellings), and the two automata are run together.
struct IDOverlap {
    /// What one transition reads.
    enum Label: Hashable {
        case scalar(Unicode.Scalar)
        case digit
        case any

        /// Whether some scalar is read by both labels.
        func meets(_ other: Label) -> Bool {
            switch (self, other) {
            case (.any, _), (_, .any): true
            case (.digit, .digit): true
            case (.digit, .scalar(let s)), (.scalar(let s), .digit): ("0"..."9").contains(s)
            case (.scalar(let a), .scalar(let b)): a == b
            }
        }
    }

    /// What an argument can spell.
    enum Piece {
        case text(String)
        case anyText
        case integer
        case oneOf([String])
    }

    private(set) var transitions: [[(Label, Int)]] = [[]]
    private(set) var epsilons: [[Int]] = [[]]
    private(set) var accepting = 0

    init(_ pieces: [Piece]) {
        var current = 0
        for piece in pieces {
            switch piece {
            case .text(let text):
                for scalar in text.unicodeScalars { current = step(current, .scalar(scalar)) }
            case .anyText:
                let loop = newState()
                epsilons[current].append(loop)
                transitions[loop].append((.any, loop))
                current = loop
            case .integer:
                let sign = newState()
                epsilons[current].append(sign)
                transitions[current].append((.scalar("-"), sign))
                let digits = newState()
                transitions[sign].append((.digit, digits))
                transitions[digits].append((.digit, digits))
                current = digits
            case .oneOf(let spellings):
                let end = newState()
                for spelling in spellings {
                    var s = current
                    for scalar in spelling.unicodeScalars { s = step(s, .scalar(scalar)) }
                    epsilons[s].append(end)
                }
                current = end
            }
        }
        accepting = current
    }

    private mutating func newState() -> Int {
        transitions.append([])
        epsilons.append([])
        return transitions.count - 1
    }

    private mutating func step(_ from: Int, _ label: Label) -> Int {
        let to = newState()
        transitions[from].append((label, to))
        return to
    }

    private func closure(_ states: [Int]) -> Set<Int> {
        var seen = Set(states)
        var stack = states
        while let s = stack.popLast() {
            for t in epsilons[s] where seen.insert(t).inserted { stack.append(t) }
        }
        return seen
    }

    /// A shortest text spelled by both `self` and `other`, if any (a String argument's part
    /// as `x`, an Int's digits as `1`): what a message shows as the colliding id.
    func sharedText(_ other: IDOverlap) -> String? {
        struct Pair: Hashable { var a: Int, b: Int }
        var seen: Set<Pair> = []
        var parent: [Pair: (Pair, Unicode.Scalar)] = [:]
        var queue: [Pair] = []
        var head = 0
        func push(_ a: Set<Int>, _ b: Set<Int>, from: (Pair, Unicode.Scalar)?) {
            for x in a.sorted() {
                for y in b.sorted() {
                    let p = Pair(a: x, b: y)
                    guard seen.insert(p).inserted else { continue }
                    if let from { parent[p] = from }
                    queue.append(p)
                }
            }
        }
        push(closure([0]), other.closure([0]), from: nil)
        while head < queue.count {
            let p = queue[head]
            head += 1
            if p.a == accepting && p.b == other.accepting {
                var scalars: [Unicode.Scalar] = []
                var at = p
                while let (previous, scalar) = parent[at] {
                    scalars.append(scalar)
                    at = previous
                }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars.reversed())
                return text
            }
            for (la, ta) in transitions[p.a] {
                for (lb, tb) in other.transitions[p.b] where la.meets(lb) {
                    push(closure([ta]), other.closure([tb]), from: (p, Self.witness(la, lb)))
                }
            }
        }
        return nil
    }

    /// A scalar both labels read.
    private static func witness(_ a: Label, _ b: Label) -> Unicode.Scalar {
        switch (a, b) {
        case (.scalar(let s), _), (_, .scalar(let s)): s
        case (.digit, _), (_, .digit): "1"
        case (.any, .any): "x"
        }
    }

    /// Whether some text is spelled by both `self` and `other`.
    func overlaps(_ other: IDOverlap) -> Bool {
        struct Pair: Hashable { var a: Int, b: Int }
        var seen: Set<Pair> = []
        var stack: [Pair] = []
        func push(_ a: Set<Int>, _ b: Set<Int>) {
            for x in a { for y in b { let p = Pair(a: x, b: y); if seen.insert(p).inserted { stack.append(p) } } }
        }
        push(closure([0]), other.closure([0]))
        while let p = stack.popLast() {
            if p.a == accepting && p.b == other.accepting { return true }
            for (la, ta) in transitions[p.a] {
                for (lb, tb) in other.transitions[p.b] where la.meets(lb) {
                    push(closure([ta]), other.closure([tb]))
                }
            }
        }
        return false
    }
}
