@testable import TipsSwiftGen

/// The `main.swift` of a program that uses the generated API of several ``FuzzCatalog``s
/// the way app code does (implicit members, backticks only where Swift needs them) and
/// prints every text that reaches it, from the generated string literals and from the
/// embedded bundle, as `label=HEX` lines; and the lines it must print.
struct FuzzProgram {
    private(set) var source = """
        import Foundation
        import TipsRuntime

        func hex(_ s: String) -> String {
            s.utf8.map { b in (b < 16 ? "0" : "") + String(b, radix: 16) }.joined()
        }
        func emit(_ label: String, _ s: String) { print(label + "=" + hex(s)) }
        func emit(_ label: String, _ t: TipText?) {
            switch t {
            case .plain(let s)?: emit(label + " plain", s)
            case .localized(let key, let table, let fallback)?:
                emit(label + " key", key)
                emit(label + " table", table ?? "<none>")
                emit(label + " fallback", fallback ?? "<none>")
            case nil: emit(label, "<none>")
            }
        }

        """
    private(set) var expected: [String] = []
    private var body: [String] = []

    /// What `hex` in the program prints for `s`.
    static func hex(_ s: String) -> String {
        s.utf8.map { b in (b < 16 ? "0" : "") + String(b, radix: 16) }.joined()
    }

    private mutating func emit(_ label: String, _ code: String, _ value: String) {
        body.append("emit(\(SwiftEscaping.stringLiteral(label)), \(code))")
        expected.append(label + "=" + Self.hex(value))
    }

    private mutating func emit(_ label: String, _ code: String, _ text: FuzzCatalog.Text?) {
        body.append("emit(\(SwiftEscaping.stringLiteral(label)), \(code))")
        switch text {
        case .literal(let s)?: expected.append(label + " plain=" + Self.hex(s))
        case .localized(let key, let table, let fallback)?:
            expected.append(label + " key=" + Self.hex(key))
            expected.append(label + " table=" + Self.hex(table ?? "<none>"))
            expected.append(label + " fallback=" + Self.hex(fallback ?? "<none>"))
        case nil: expected.append(label + "=" + Self.hex("<none>"))
        }
    }

    /// A member after a dot, as app code writes it (backticks for reserved words are
    /// allowed after a dot and needed for some).
    static func member(_ name: String) -> String { SwiftNames.escaped(name) }

    /// An argument label at a call site: Swift wants backticks only for `_` and `inout`, and
    /// warns about needless ones.
    static func label(_ name: String) -> String { name == "_" || name == "inout" ? "`\(name)`" : name }

    /// A value of `kind`, as a Swift expression.
    static func value(_ kind: FuzzCatalog.ValueKind, in catalog: FuzzCatalog) -> String {
        switch kind {
        case .bool: "true"
        case .int: "7"
        case .double: "1.5"
        case .string: "\"v\""
        case .enumeration(let i): ".\(Self.member(catalog.enums[i].cases.last!))"
        }
    }

    /// Uses every declaration of `catalog` (generated with namespace `catalog.typeName`).
    mutating func add(_ catalog: FuzzCatalog, label: String) {
        let ns = catalog.typeName
        body.append("do {")
        for (i, e) in catalog.enums.enumerated() {
            for (j, c) in e.cases.enumerated() {
                // Implicit: `E.Type` is the metatype even in backticks, `.Type` is the case.
                emit("\(label) enum \(i) case \(j)", "(.\(Self.member(c)) as \(ns).\(Self.member(e.name))).rawValue", c)
            }
            emit("\(label) enum \(i) count", "String(\(ns).\(Self.member(e.name)).allCases.count)", String(e.cases.count))
        }
        for (i, p) in catalog.parameters.enumerated() {
            let type: String = switch p.kind {
            case .int: "Int"
            case .bool: "Bool"
            case .double: "Double"
            case .string: "String"
            case .stringSet: "Set<String>"
            case .optionalDate: "Date?"
            case .enumeration(let e): "\(ns).\(Self.member(catalog.enums[e].name))"
            }
            body.append("let p\(label.filter(\.isNumber))_\(i): TipParameter<\(type)> = .\(Self.member(SwiftNames.lowerCamel(p.name)))")
            emit("\(label) parameter \(i)", "p\(label.filter(\.isNumber))_\(i).name", p.name)
        }
        for (i, e) in catalog.events.enumerated() {
            let m = Self.member(SwiftNames.lowerCamel(e.name))
            let expression = e.fields.isEmpty ? ".\(m)"
                : ".\(m)(" + e.fields.map { "\(Self.label($0.name)): \(Self.value($0.kind, in: catalog))" }.joined(separator: ", ") + ")"
            body.append("let e\(label.filter(\.isNumber))_\(i): TipEvent = \(expression)")
            emit("\(label) event \(i)", "e\(label.filter(\.isNumber))_\(i).name", e.name)
            emit("\(label) event \(i) fields", "e\(label.filter(\.isNumber))_\(i).payload.keys.sorted().joined(separator: \"|\")",
                 e.fields.map(\.name).sorted().joined(separator: "|"))
        }
        for (i, g) in catalog.groups.enumerated() {
            emit("\(label) group \(i)", "(.\(Self.member(SwiftNames.lowerCamel(g.name))) as TipGroupKey).name", g.name)
        }
        var ids: [String] = []
        for tip in catalog.tips { for a in tip.actions where !ids.contains(a.id) { ids.append(a.id) } }
        for (i, id) in ids.enumerated() {
            emit("\(label) action \(i)", "(.\(Self.member(SwiftNames.identifier(fromID: id)!)) as TipAction).id", id)
        }
        body.append("let store\(label.filter(\.isNumber)) = try \(ns).makeInMemoryStore()")
        for (i, t) in catalog.tips.enumerated() {
            let m = Self.member(SwiftNames.lowerCamel(t.name))
            let key = t.arguments.isEmpty ? ".\(m)"
                : ".\(m)(" + t.arguments.map { "\(Self.label($0.name)): \(Self.value($0.kind, in: catalog))" }.joined(separator: ", ") + ")"
            let k = "t\(label.filter(\.isNumber))_\(i)"
            body.append("let \(k): TipKey = \(key)")
            emit("\(label) tip \(i)", "\(k).name", t.name)
            emit("\(label) tip \(i) arguments", "\(k).arguments.keys.sorted().joined(separator: \"|\")",
                 t.arguments.map(\.name).sorted().joined(separator: "|"))
            body.append("let c\(k) = try store\(label.filter(\.isNumber)).content(of: \(k))")
            emit("\(label) tip \(i) title", "c\(k).title", t.title)
            emit("\(label) tip \(i) message", "c\(k).message", t.message)
            emit("\(label) tip \(i) image", "c\(k).image ?? \"<none>\"", t.image ?? "<none>")
            for (j, a) in t.actions.enumerated() {
                emit("\(label) tip \(i) action \(j)", "c\(k).actions[\(j)].id", a.id)
                emit("\(label) tip \(i) action \(j) title", "c\(k).actions[\(j)].title", a.title)
            }
        }
        body.append("} catch { print(\"error: \\(error)\") }")
    }

    /// The whole `main.swift`.
    var text: String { source + body.joined(separator: "\n") + "\n" }
}
