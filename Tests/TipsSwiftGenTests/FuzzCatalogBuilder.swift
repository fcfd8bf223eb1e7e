import Foundation
import TipsBenchSupport
import TipsCheck
import TipsSource
@testable import TipsSwiftGen

/// Draws ``FuzzCatalog``s: hostile texts from a pool of the characters and sequences that
/// end or open Swift comments and literals, plus random scalars; names from
/// ``candidateNames`` that the `.tips` checker accepts in each place. Member names stay
/// unique across all catalogs of one builder, so their generated files link into one
/// program.
struct FuzzCatalogBuilder {
    var random: SeededGenerator
    /// Names per place, probed with the checker once.
    let pool: NamePool
    /// Swift member names given so far, per runtime type, across catalogs.
    private var taken: [String: Set<String>] = [:]
    private var counter = 0

    init(seed: UInt64, pool: NamePool) {
        random = SeededGenerator(seed: seed)
        self.pool = pool
    }

    /// Swift's keywords (swift-syntax's `Keyword` list), names generated code and the
    /// runtime use, standard-library and TipKit type names, and a few plain ones.
    static let candidateNames: [String] = [
        "__consuming", "__owned", "__shared", "_borrow", "_const", "_modify", "_read", "_move", "_local",
        "accesses", "actor", "any", "Any", "as", "assignment", "associatedtype", "associativity", "async", "attached",
        "autoclosure", "availability", "available", "await", "backDeployed", "before", "block", "borrowing", "break",
        "canImport", "case", "catch", "class", "compiler", "consume", "copy", "consuming", "continue", "convenience",
        "convention", "cType", "default", "defer", "deinit", "dependsOn", "deprecated", "derivative", "didSet",
        "differentiable", "distributed", "do", "dynamic", "each", "else", "enum", "escaping", "exclusivity", "exported",
        "extension", "fallthrough", "false", "file", "fileprivate", "final", "for", "discard", "forward", "func",
        "freestanding", "get", "guard", "higherThan", "if", "import", "in", "indirect", "infix", "init", "initializes",
        "inline", "inout", "internal", "introduced", "is", "isolated", "kind", "lazy", "left", "let", "line", "linear",
        "lowerThan", "macro", "message", "metadata", "module", "mutating", "nil", "noasync", "noescape", "none",
        "nonisolated", "nonmutating", "objc", "obsoleted", "of", "open", "operator", "optional", "override", "package",
        "postfix", "precedencegroup", "preconcurrency", "prefix", "private", "Protocol", "protocol", "public", "reasync",
        "renamed", "repeat", "required", "rethrows", "retroactive", "return", "reverse", "right", "safe", "scoped", "self",
        "sending", "Self", "Sendable", "set", "some", "sourceFile", "spi", "static", "struct", "subscript", "super",
        "swift", "switch", "target", "then", "throw", "throws", "transpose", "true", "try", "Type", "typealias",
        "unavailable", "unchecked", "unowned", "unsafe", "var", "visibility", "weak", "where", "while", "willSet",
        "wrt", "yield",
        "_", "__", "_1", "a1", "x_", "Z9",
        "String", "Int", "Bool", "Double", "Set", "Date", "Data", "URL", "UInt8", "Never", "Optional", "Array",
        "CaseIterable", "RawRepresentable", "Hashable", "Error", "Foundation", "TipsRuntime",
        "Tip", "Tips", "TipGroup", "Event", "Parameter", "Action", "Rule", "Status", "TipKey", "TipEvent",
        "TipParameter", "TipAction", "TipGroupKey", "TipStore", "TipEnumeration", "AppTips",
        "name", "arguments", "payload", "id", "description", "hashValue", "hash", "tipValue", "rawValue", "allCases",
        "AllCases", "Value", "Element", "ID", "StringLiteralType", "makeStore", "makeInMemoryStore",
    ]

    /// Names the generator refuses by design in `place` (E803, E804); left to the catalogs
    /// that expect an error, so the clean ones are accepted.
    static func rejected(in place: NamePool.Place) -> Set<String> {
        switch place {
        case .enumName: SwiftNames.modules.union(SwiftNames.namespaceMembers).union(SwiftNames.unspellableEnumNames)
        case .enumCase: SwiftNames.synthesizedEnumMembers
        case .tipArgument, .eventField: ["TipsRuntime"]
        case .parameter, .event, .tip, .group: []
        }
    }

    // MARK: - Text

    /// Sequences that end, open or confuse comments, literals, lines or display.
    static let hostilePieces: [String] = [
        "\r", "\n", "\r\n", "\n\r", "\0", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\u{1B}[31m", "\u{7F}",
        "\t", "\\", "\"", "\"\"\"", "#", "#\"", "\"#", "##\"\"\"", "*/", "/*", "//", "///", "\\(", "\\(x)", "\\u{41}",
        "\\n", "}", "{", "`", ")", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{AD}",
        "\u{E0041}", String(Unicode.Scalar(0xFDD0)!), "\u{FFFE}", "\u{FFFF}", "\u{10FFFF}", "\u{E000}", "\u{301}", "e\u{301}", "👨‍👩‍👧",
        "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🇫🇷", "😀", "ß", "ﬃ", "İ", "ア", "עברית", "عربي", "\u{0}\u{0}",
        "public func injected() -> Int { 42 }", "extension Never {", "#if false", "#endif", "import Foundation",
        "case", " ", "  ", "a", "Z",
    ]

    /// A random scalar: mostly printable ASCII, also controls, the BMP and astral planes.
    mutating func scalar() -> Unicode.Scalar {
        while true {
            let value: UInt32
            switch random.below(10) {
            case 0..<4: value = UInt32(0x20 + random.below(0x5F))
            case 4: value = UInt32(random.below(0x20))
            case 5: value = UInt32(0x7F + random.below(0x21))
            case 6..<9: value = UInt32(random.below(0x10000))
            default: value = UInt32(0x10000 + random.below(0x100000))
            }
            if let s = Unicode.Scalar(value) { return s }
        }
    }

    /// A hostile text of up to `pieces` pieces (may be empty).
    mutating func text(pieces: Int = 8) -> String {
        var out = ""
        for _ in 0..<random.below(pieces + 1) {
            if random.chance(50) {
                out += random.pick(Self.hostilePieces)
            } else {
                out.unicodeScalars.append(scalar())
            }
        }
        return out
    }

    /// A persistence key: what E431 allows (no whitespace, control or format character),
    /// still with quotes, backslashes, comment markers and non-ASCII.
    mutating func key() -> String {
        var out = "k\(next())"
        for _ in 0..<random.below(6) {
            let piece = random.chance(50) ? random.pick(Self.hostilePieces) : String(scalar())
            if piece.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && ![.control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator].contains($0.properties.generalCategory) }) {
                out += piece
            }
        }
        return out
    }

    mutating func displayText() -> FuzzCatalog.Text {
        if random.chance(25) {
            return .localized(key: text(), table: random.chance(50) ? text() : nil, fallback: random.chance(60) ? text() : nil)
        }
        return .literal(text())
    }

    mutating func next() -> Int {
        counter += 1
        return counter
    }

    // MARK: - Names

    /// A fresh name for `place`, whose Swift member (for `type`) no earlier catalog took.
    mutating func name(_ place: NamePool.Place, member type: String? = nil, avoiding used: inout Set<String>,
                       allowRejected: Bool = false) -> String {
        for attempt in 0..<40 {
            let candidates = pool.names[place, default: []]
            var name = attempt < 30 && !candidates.isEmpty && random.chance(70)
                ? random.pick(candidates) : "n\(next())"
            if !allowRejected, Self.rejected(in: place).contains(name) { continue }
            if place == .tip || place == .event || place == .parameter || place == .group, name.first?.isNumber == true {
                name = "n" + name
            }
            guard !used.contains(name) else { continue }
            if let type {
                let member = SwiftNames.lowerCamel(name)
                guard !taken[type, default: []].contains(member),
                      allowRejected || !SwiftNames.runtimeMembers[type, default: []].contains(member) else { continue }
                taken[type, default: []].insert(member)
            }
            used.insert(name)
            return name
        }
        let name = "n\(next())"
        used.insert(name)
        return name
    }

    /// An action id: hostile text around an ASCII word, whose Swift name no earlier id took.
    mutating func actionID(reusing ids: [String]) -> String {
        if !ids.isEmpty, random.chance(15) { return random.pick(ids) }
        for _ in 0..<40 {
            let word = random.chance(40) ? random.pick(pool.names[.enumCase, default: ["a"]]) : "w\(next())"
            let id = (random.chance(50) ? text(pieces: 3) : "") + word + (random.chance(50) ? text(pieces: 3) : "")
            guard let member = SwiftNames.identifier(fromID: id), !taken["TipAction", default: []].contains(member),
                  !SwiftNames.runtimeMembers["TipAction", default: []].contains(member) else { continue }
            taken["TipAction", default: []].insert(member)
            return id
        }
        let id = "w\(next())"
        taken["TipAction", default: []].insert(id)
        return id
    }

    // MARK: - Catalogs

    /// A catalog that must generate.
    mutating func catalog(index: Int) -> FuzzCatalog {
        var c = FuzzCatalog(typeName: "AppTips\(index)")
        var used: Set<String> = [c.typeName]
        c.files = (0..<(1 + random.below(2))).map { _ in text(pieces: 3) + "\(next()).tips" }
        for _ in 0..<random.below(3) {
            var cases: Set<String> = []
            let names = (0..<(1 + random.below(4))).map { _ in name(.enumCase, avoiding: &cases) }
            c.enums.append(.init(name: name(.enumName, avoiding: &used), cases: names))
        }
        func valueKind(allowDouble: Bool) -> FuzzCatalog.ValueKind {
            let kinds: [FuzzCatalog.ValueKind] = [.bool, .int, .string] + (allowDouble ? [.double] : [])
                + c.enums.indices.map { .enumeration($0) }
            return random.pick(kinds)
        }
        for _ in 0..<random.below(4) {
            let kinds: [FuzzCatalog.ParameterKind] = [.int, .bool, .double, .string(text()), .optionalDate,
                                                      .stringSet(Array(Set((0..<random.below(4)).map { _ in text() })))]
                + c.enums.indices.map { .enumeration($0) }
            c.parameters.append(.init(name: name(.parameter, member: "TipParameter", avoiding: &used), kind: random.pick(kinds),
                                      key: random.chance(40) ? key() : nil))
        }
        for _ in 0..<random.below(4) {
            var fieldNames: Set<String> = []
            let fields = (0..<random.below(3)).map { _ in
                FuzzCatalog.Field(name: name(.eventField, avoiding: &fieldNames), kind: valueKind(allowDouble: true))
            }
            c.events.append(.init(name: name(.event, member: "TipEvent", avoiding: &used), fields: fields,
                                  key: random.chance(40) ? key() : nil))
        }
        var ids: [String] = []
        for _ in 0..<(1 + random.below(5)) {
            var argumentNames: Set<String> = []
            let arguments = random.chance(30) ? (0..<(1 + random.below(3))).map { _ in
                FuzzCatalog.Field(name: name(.tipArgument, avoiding: &argumentNames), kind: valueKind(allowDouble: false))
            } : []
            var actionIDs: Set<String> = []
            var actions: [FuzzCatalog.Action] = []
            for _ in 0..<random.below(3) {
                let id = actionID(reusing: ids)
                guard actionIDs.insert(id).inserted else { continue }
                ids.append(id)
                actions.append(.init(id: id, title: displayText()))
            }
            c.tips.append(.init(name: name(.tip, member: "TipKey", avoiding: &used), arguments: arguments,
                                title: displayText(), message: random.chance(60) ? displayText() : nil,
                                image: random.chance(40) ? text() : nil, imageIsAsset: random.chance(50), actions: actions))
        }
        if random.chance(50) {
            let members = Array(Set((0..<(1 + random.below(3))).map { _ in random.below(c.tips.count) })).sorted()
            c.groups.append(.init(name: name(.group, member: "TipGroupKey", avoiding: &used), members: members,
                                  ordered: random.chance(50)))
        }
        return c
    }

    /// The ways a catalog can be refused by the generator, each with the code it must get.
    enum Fault: CaseIterable {
        case caseClash, moduleEnum, namespaceMemberEnum, rawValueCase, runtimeArgument, idWithoutLetters, namespaceEnum,
             runtimeMember

        var code: String {
            switch self {
            case .caseClash: "E800"
            case .idWithoutLetters: "E801"
            case .namespaceEnum: "E802"
            case .moduleEnum, .runtimeArgument: "E803"
            case .namespaceMemberEnum, .rawValueCase, .runtimeMember: "E804"
            }
        }
    }

    /// A catalog with `fault` added to a random one.
    mutating func catalog(index: Int, fault: Fault) -> FuzzCatalog {
        var c = catalog(index: index)
        switch fault {
        case .caseClash:
            let n = next()
            c.tips.append(.init(name: "Clash\(n)Tip", arguments: [], title: .literal(text()), message: nil, image: nil,
                                imageIsAsset: false, actions: []))
            c.tips.append(.init(name: "clash\(n)Tip", arguments: [], title: .literal(text()), message: nil, image: nil,
                                imageIsAsset: false, actions: []))
        case .moduleEnum: c.enums.append(.init(name: random.pick(SwiftNames.modules.sorted()), cases: ["a"]))
        case .namespaceMemberEnum: c.enums.append(.init(name: random.pick(SwiftNames.namespaceMembers.sorted()), cases: ["a"]))
        case .rawValueCase: c.enums.append(.init(name: "E\(next())", cases: ["a", "RawValue"]))
        case .runtimeArgument:
            c.tips.append(.init(name: "R\(next())Tip", arguments: [.init(name: "TipsRuntime", kind: .int)], title: .literal(text()),
                                message: nil, image: nil, imageIsAsset: false, actions: []))
        case .idWithoutLetters:
            c.tips[0].actions.append(.init(id: random.pick(["--", "\r\n", "😀", "\u{2028}", "é", "*/"]) + "\u{2029}", title: .literal("x")))
        case .namespaceEnum: c.enums.append(.init(name: c.typeName, cases: ["a"]))
        case .runtimeMember:
            switch random.below(3) {
            case 0: c.tips.append(.init(name: random.pick(["Name", "Arguments", "Description", "HashValue", "Hash"]), arguments: [],
                                        title: .literal(text()), message: nil, image: nil, imageIsAsset: false, actions: []))
            case 1: c.events.append(.init(name: random.pick(["payload", "Name", "description"]), fields: [], key: nil))
            default: c.tips[0].actions.append(.init(id: random.pick(["id", "ID", "hash value", "Description"]), title: .literal("x")))
            }
        }
        return c
    }
}

/// The names the `.tips` checker accepts in each place a name appears, from
/// ``FuzzCatalogBuilder/candidateNames``: probed once, each in a minimal catalog.
struct NamePool {
    enum Place: CaseIterable {
        case enumName, enumCase, parameter, event, eventField, tip, tipArgument, group
    }

    var names: [Place: [String]] = [:]
    /// Names the checker refused in every place.
    var refusedEverywhere: [String] = []

    static func probe(_ candidates: [String]) -> NamePool {
        var pool = NamePool()
        for name in candidates {
            var accepted = false
            for place in Place.allCases where accepts(name, in: place) {
                pool.names[place, default: []].append(name)
                accepted = true
            }
            if !accepted { pool.refusedEverywhere.append(name) }
        }
        return pool
    }

    static func accepts(_ name: String, in place: Place) -> Bool {
        let source = switch place {
        case .enumName: "enum \(name) { a }"
        case .enumCase: "enum E { \(name) }"
        case .parameter: "param \(name): Int = 0"
        case .event: "event \(name)"
        case .eventField: "event e(\(name): Int)"
        case .tip: "tip \(name) { title \"t\" }"
        case .tipArgument: "tip T(\(name): Int) { id \"T-\\(\(name))\" title \"t\" }"
        case .group: "tip T { title \"t\" }\ngroup \(name) { T }"
        }
        var sources = SourceSet()
        sources.add(path: "probe.tips", text: source + "\n")
        return Checker.check(sources).diagnostics.errorCount == 0
    }
}
