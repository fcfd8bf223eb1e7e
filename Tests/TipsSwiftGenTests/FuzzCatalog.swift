import Foundation
import TipsBenchSupport
import TipsSource
@testable import TipsSwiftGen

/// A random catalog for the generator's property test: hostile text in every place a
/// catalog carries text (titles, messages, localization keys, tables and defaults, action
/// ids and titles, image names, persistence keys, string defaults, file names), and names
/// drawn from Swift's keywords and the names generated code and the runtime use.
///
/// It knows what it wrote, so the test can say what the compiled program must print back.
struct FuzzCatalog {
    enum ValueKind: Equatable {
        case bool, int, double, string, enumeration(Int)
    }

    struct Enumeration {
        var name: String
        var cases: [String]
    }

    struct Field {
        var name: String
        var kind: ValueKind
    }

    /// A displayed text: a literal or a localization.
    enum Text {
        case literal(String)
        case localized(key: String, table: String?, fallback: String?)
    }

    struct Action {
        var id: String
        var title: Text
    }

    struct Tip {
        var name: String
        var arguments: [Field]
        var title: Text
        var message: Text?
        var image: String?
        var imageIsAsset: Bool
        var actions: [Action]
    }

    struct Event {
        var name: String
        var fields: [Field]
        var key: String?
    }

    enum ParameterKind {
        case int, bool, double, string(String), stringSet([String]), optionalDate, enumeration(Int)
    }

    struct Parameter {
        var name: String
        var kind: ParameterKind
        var key: String?
    }

    struct Group {
        var name: String
        var members: [Int]
        var ordered: Bool
    }

    var typeName: String
    var enums: [Enumeration] = []
    var parameters: [Parameter] = []
    var events: [Event] = []
    var tips: [Tip] = []
    var groups: [Group] = []
    /// File names; declarations go to `files[i % files.count]`.
    var files: [String] = []

    // MARK: - .tips source

    /// The catalog's files as `.tips` source: each declaration in one of the files.
    func sources(using random: inout SeededGenerator) -> SourceSet {
        var texts = Array(repeating: "", count: files.count)
        var next = 0
        func add(_ declaration: String) {
            texts[next % files.count] += declaration + "\n"
            next += 1
        }
        for e in enums { add("enum \(e.name) { \(e.cases.joined(separator: ", ")) }") }
        for p in parameters {
            let key = p.key.map { " key \(Self.tipsLiteral($0, &random))" } ?? ""
            switch p.kind {
            case .int: add("param \(p.name): Int = 0\(key)")
            case .bool: add("param \(p.name): Bool = false\(key)")
            case .double: add("param \(p.name): Double = 0.5\(key)")
            case .string(let s): add("param \(p.name): String = \(Self.tipsLiteral(s, &random))\(key)")
            case .stringSet(let items):
                add("param \(p.name): Set<String> = [\(items.map { Self.tipsLiteral($0, &random) }.joined(separator: ", "))]\(key)")
            case .optionalDate: add("param \(p.name): Date?\(key)")
            case .enumeration(let i): add("param \(p.name): \(enums[i].name) = .\(enums[i].cases[0])\(key)")
            }
        }
        for e in events {
            let fields = e.fields.isEmpty ? "" : "(" + e.fields.map { "\($0.name): \(typeName(of: $0.kind))" }.joined(separator: ", ") + ")"
            add("event \(e.name)\(fields)\(e.key.map { " key \(Self.tipsLiteral($0, &random))" } ?? "")")
        }
        for t in tips {
            var lines = ["tip \(t.name)" + (t.arguments.isEmpty ? "" : "(" + t.arguments.map { "\($0.name): \(typeName(of: $0.kind))" }.joined(separator: ", ") + ")") + " {"]
            if !t.arguments.isEmpty {
                // A name cannot contain '-', so no other tip's id can be this text.
                lines.append("    id \"\(t.name)-" + t.arguments.map { "\\(\($0.name))" }.joined(separator: "-") + "\"")
            }
            lines.append("    title " + tipsText(t.title, &random))
            if let m = t.message { lines.append("    message " + tipsText(m, &random)) }
            if let image = t.image { lines.append("    image " + (t.imageIsAsset ? "asset " : "") + Self.tipsLiteral(image, &random)) }
            for a in t.actions {
                lines.append("    action \(Self.tipsLiteral(a.id, &random)) { title \(tipsText(a.title, &random)) }")
            }
            lines.append("}")
            add(lines.joined(separator: "\n"))
        }
        for g in groups {
            add("group \(g.name)\(g.ordered ? " ordered" : "") { \(g.members.map { tips[$0].name }.joined(separator: ", ")) }")
        }
        var set = SourceSet()
        for (path, text) in zip(files, texts) { set.add(path: path, bytes: Array(text.utf8)) }
        return set
    }

    func typeName(of kind: ValueKind) -> String {
        switch kind {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .enumeration(let i): enums[i].name
        }
    }

    func tipsText(_ text: Text, _ random: inout SeededGenerator) -> String {
        switch text {
        case .literal(let s): return Self.tipsLiteral(s, &random)
        case .localized(let key, let table, let fallback):
            var out = "localized(\(Self.tipsLiteral(key, &random))"
            if let table { out += ", table: \(Self.tipsLiteral(table, &random))" }
            if let fallback { out += ", default: \(Self.tipsLiteral(fallback, &random))" }
            return out + ")"
        }
    }

    /// `text` as a `.tips` string literal that decodes to exactly `text`, each scalar
    /// written at random raw (a raw CR, control character or U+2028 included) or escaped.
    static func tipsLiteral(_ text: String, _ random: inout SeededGenerator) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += random.chance(50) ? "\r" : "\\r"
            case "\t": out += random.chance(50) ? "\t" : "\\t"
            case "\0": out += random.chance(50) ? "\\0" : "\\u{0}"
            default:
                if scalar.value >= 0x80 || scalar.value < 0x20 || scalar.value == 0x7F, random.chance(30) {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: random.chance(50)))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    // MARK: - The twin

    /// The same catalog with every text that only comments show replaced by plain words
    /// (names and action ids, which code uses, kept): generated with the same bundle, its
    /// Swift must parse to the same tree as the hostile catalog's.
    func twin() -> FuzzCatalog {
        var twin = self
        var keys = 0
        func plainKey(_ key: String?) -> String? {
            guard key != nil else { return nil }
            keys += 1
            return "k\(keys)"
        }
        func plain(_ text: Text) -> Text {
            switch text {
            case .literal: .literal("x")
            case .localized(_, let table, let fallback): .localized(key: "k", table: table.map { _ in "t" }, fallback: fallback.map { _ in "f" })
            }
        }
        twin.files = files.indices.map { "f\($0).tips" }
        for i in twin.parameters.indices {
            twin.parameters[i].key = plainKey(parameters[i].key)
            switch parameters[i].kind {
            case .string: twin.parameters[i].kind = .string("x")
            case .stringSet(let items): twin.parameters[i].kind = .stringSet(items.indices.map { "x\($0)" })
            default: break
            }
        }
        for i in twin.events.indices { twin.events[i].key = plainKey(events[i].key) }
        for i in twin.tips.indices {
            twin.tips[i].title = plain(tips[i].title)
            twin.tips[i].message = tips[i].message.map(plain)
            twin.tips[i].image = tips[i].image.map { _ in "x" }
            for j in twin.tips[i].actions.indices { twin.tips[i].actions[j].title = plain(tips[i].actions[j].title) }
        }
        return twin
    }
}
