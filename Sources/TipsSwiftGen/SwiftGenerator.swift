import Foundation
import TipsCheck
import TipsSource
import TipsTime

/// Writes the typed Swift API of one checked catalog (`tipc gen swift`): a namespace enum
/// embedding the compiled bundle, and one static member per tip, event, parameter, group
/// and action on the runtime's key types, so app code reads `store.status(of: .favoriteTip)`
/// and a misspelt name is a compile error.
///
/// The output depends only on its inputs (no dates, no absolute paths), so regenerating an
/// unchanged catalog gives the same bytes and a build system sees nothing new.
public struct SwiftGenerator: Sendable {
    /// The checked model; must come from a check without errors.
    public var model: CatalogModel
    /// The compiled bundle of the same catalog, embedded in the output.
    public var bundle: [UInt8]
    /// The catalog's files (paths as they should appear in comments: catalog-relative).
    public var sources: SourceSet
    public var options: SwiftGenOptions

    public init(model: CatalogModel, bundle: [UInt8], sources: SourceSet, options: SwiftGenOptions = SwiftGenOptions()) {
        self.model = model
        self.bundle = bundle
        self.sources = sources
        self.options = options
    }

    /// The Swift source, or an error when two declarations would get the same Swift name
    /// or the type name is unusable.
    public func generate() throws(SwiftGenError) -> String {
        try validateTypeName()
        var out = SwiftWriter(access: options.accessLevel.rawValue)
        var problems: [Diagnostic] = []
        checkNames(&problems)
        writeHeader(&out)
        writeNamespace(&out)
        writeTips(&out, &problems)
        writeEvents(&out, &problems)
        writeParameters(&out, &problems)
        writeGroups(&out, &problems)
        writeActions(&out, &problems)
        if let first = problems.sortedForOutput().first {
            throw SwiftGenError(first.message, diagnostics: problems.sortedForOutput())
        }
        return out.text
    }

    private func validateTypeName() throws(SwiftGenError) {
        let name = options.typeName
        guard SwiftNames.isTypeIdentifier(name) else {
            throw SwiftGenError("type name '\(SwiftEscaping.commentText(name))' is not a Swift identifier")
        }
        // A module name would hide the module the generated code spells its types with;
        // a TipKit or TipsRuntime type name would hide that type from the app's own files.
        guard !SwiftNames.modules.contains(name), !SwiftNames.tipKitNames.contains(name),
              !SwiftNames.runtimeNames.contains(name) else {
            throw SwiftGenError("type name '\(name)' would clash with a type or module an app imports; choose another")
        }
        if let e = model.enums.first(where: { $0.name == name }) {
            let message = "enum \(e.name) has the name of the generated namespace"
            throw SwiftGenError(message, diagnostics: [
                .error(.enumerationNamedLikeNamespace, message, at: e.range,
                       notes: [Note("the namespace enum holding the bundle and the enums is called '\(name)'"),
                               Note("rename the enum, or choose another name with --type-name")]),
            ])
        }
    }

    /// Names the generated code cannot carry even in backticks: E803 for a name that would
    /// hide a module the generated code spells its types with, E804 for a name Swift or the
    /// namespace already gives a member.
    private func checkNames(_ problems: inout [Diagnostic]) {
        let ns = options.typeName
        for e in model.enums {
            // Inside the namespace, `Swift.String` and `Foundation.Data` would find the enum.
            if SwiftNames.modules.contains(e.name) {
                problems.append(.error(.nameHidesModule, "enum \(e.name) would hide the module \(e.name) from the generated Swift", at: e.range,
                                       notes: [Note("the enum is declared in '\(ns)', whose code spells types as \(e.name).X"),
                                               Note("rename the enum: \(SwiftNames.modules.sorted().joined(separator: ", ")) cannot be enum names")]))
            }
            if SwiftNames.namespaceMembers.contains(e.name) {
                problems.append(.error(.nameTakenBySwiftOrRuntime, "enum \(e.name) has the name of a member of the generated namespace", at: e.range,
                                       notes: [Note("'\(ns)' declares \(SwiftNames.namespaceMembers.sorted().joined(separator: ", "))"),
                                               Note("rename the enum")]))
            }
            if SwiftNames.unspellableEnumNames.contains(e.name) {
                problems.append(.error(.nameTakenBySwiftOrRuntime, "enum \(e.name) cannot be named from Swift: '\(ns).\(e.name)' means the namespace's \(e.name == "Type" ? "metatype" : "protocol type")", at: e.range,
                                       notes: [Note("Swift reads '.\(e.name)' after a type as its own, even in backticks"),
                                               Note("rename the enum")]))
            }
            for c in e.cases where SwiftNames.synthesizedEnumMembers.contains(c) {
                problems.append(.error(.nameTakenBySwiftOrRuntime, "enum \(e.name) has a case named \(c), which Swift gives every enum with raw values", at: e.range,
                                       notes: [Note("the generated '\(ns).\(e.name)' has String raw values, and `\(c)` names their type"),
                                               Note("rename the case")]))
            }
        }
        // In a generated function's body an argument named `TipsRuntime` would stand for
        // the module in `TipsRuntime.TipKey(...)`; `Swift` and `Foundation` appear only in
        // the signature, where argument names are not in scope.
        func hidesRuntime(_ kind: String, _ name: String, of owner: String, at range: SourceRange, in type: String, _ member: String) {
            guard name == "TipsRuntime" else { return }
            problems.append(.error(.nameHidesModule, "\(kind) \(name) of \(owner) would hide the module TipsRuntime from the generated Swift", at: range,
                                   notes: [Note("the body of '\(type).\(member)(...)' calls TipsRuntime.\(type)(...), where the name would mean the \(kind)"),
                                           Note("rename the \(kind)")]))
        }
        for tip in model.tips {
            for argument in tip.arguments {
                hidesRuntime("argument", argument.name, of: "tip \(tip.name)", at: argument.range, in: "TipKey", SwiftNames.lowerCamel(tip.name))
            }
        }
        for event in model.events {
            for field in event.fields {
                hidesRuntime("field", field.name, of: "event \(event.name)", at: field.range, in: "TipEvent", SwiftNames.lowerCamel(event.name))
            }
        }
    }

    private func writeHeader(_ out: inout SwiftWriter) {
        let files = sources.files.map(\.path)
        out.comment("Generated by `tipc gen swift` from \(files.count == 1 ? "" : "\(files.count) files: ")\(files.joined(separator: ", ")).")
        out.comment("Do not edit: change the .tips files and build again.")
        out.line()
        out.line("import Foundation")
        out.line("import TipsRuntime")
    }

    /// `file:line` of `range`, for comments.
    func where_(_ range: SourceRange) -> String {
        guard Int(range.file.index) < sources.files.count else { return "?" }
        let file = sources[range.file]
        return "\(file.path):\(file.location(of: range.start).line)"
    }

    // MARK: - Namespace

    private func writeNamespace(_ out: inout SwiftWriter) {
        let ns = options.typeName
        out.line()
        out.doc("The compiled tips catalog (\(model.tips.count) tips, \(model.events.count) events, "
            + "\(model.parameters.count) parameters, \(model.groups.count) groups) and its enumerations.")
        out.doc("")
        out.doc("    let store = try \(ns).makeStore(journalURL: journalURL)")
        out.doc("    if try store.shouldDisplay(.someTip) { ... }")
        out.open("\(out.access) enum \(ns)")
        out.doc("The compiled bundle (\(bundle.count) bytes), decoded on first use.")
        out.line("\(out.access) static let bundle: [Swift.UInt8] = decodeBundle()")
        out.line()
        out.doc("Opens a store for this catalog with its state in the journal at `journalURL`")
        out.doc("(created if missing), e.g. `try TipStore.defaultJournalURL()`. By default no call waits")
        out.doc("for the disk (`.asynchronous`); `.synced` makes each call durable before it returns.")
        out.doc("See `TipStore.init(bundle:journalURL:clock:overrides:durability:)`.")
        out.line("\(out.access) static func makeStore(")
        out.line("    journalURL: Foundation.URL,")
        out.line("    clock: any TipsRuntime.TipClock = TipsRuntime.SystemClock(),")
        out.line("    overrides: TipsRuntime.TestingOverrides = .none,")
        // The runtime's own default, spelled out: the generated call must not change meaning
        // if a later runtime changed it silently.
        out.line("    durability: TipsRuntime.TipStore.Durability = .asynchronous")
        out.open(") throws(TipsRuntime.TipStoreError) -> TipsRuntime.TipStore")
        out.line("try TipsRuntime.TipStore(bundle: bundle, journalURL: journalURL, clock: clock, overrides: overrides,")
        out.line("                         durability: durability)")
        out.close()
        out.line()
        out.doc("Opens a store for this catalog whose state lives in memory only (nothing is read or")
        out.doc("written, and the state is gone with the store): for SwiftUI previews and tests.")
        out.doc("See `TipStore.init(bundle:clock:overrides:)`.")
        out.line("\(out.access) static func makeInMemoryStore(")
        out.line("    clock: any TipsRuntime.TipClock = TipsRuntime.SystemClock(),")
        out.line("    overrides: TipsRuntime.TestingOverrides = .none")
        out.open(") throws(TipsRuntime.TipStoreError) -> TipsRuntime.TipStore")
        out.line("try TipsRuntime.TipStore(bundle: bundle, clock: clock, overrides: overrides)")
        out.close()
        for e in model.enums {
            out.line()
            out.doc("`enum \(e.name)` (\(where_(e.range))); raw values are the case names the store and journal use.")
            out.open("\(out.access) enum \(SwiftNames.escaped(e.name)): Swift.String, Swift.CaseIterable, Swift.Sendable, "
                + "TipsRuntime.TipEnumeration")
            for c in e.cases { out.line("case \(SwiftNames.escaped(c))") }
            out.close()
        }
        out.line()
        out.doc("An undecodable literal (edited by hand) gives an empty bundle, which `TipStore` refuses")
        out.doc("with `invalidBundle`: an error to handle, not a crash.")
        out.open("private static func decodeBundle() -> [Swift.UInt8]")
        // The bytes live in this function's body, not in a stored property's initializer:
        // Swift's incremental build leaves function bodies out of what other files depend
        // on, so editing a text rebuilds this file and no file that uses the typed API
        // (measured in Docs/codegen.md, "Build cost").
        // Base64 in a string literal: compiling the notes-app catalog's file (18 KB bundle)
        // takes ~0.45 s this way and ~3.5-4 s with a `[UInt8]` array literal (Docs/codegen.md).
        // Typed, so that an app's own `StringLiteralType` cannot change what the literal is.
        out.line("let base64: Swift.String = \"\"\"")
        let encoded = Data(bundle).base64EncodedString()
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let end = encoded.index(index, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            out.line(String(encoded[index..<end]))
            index = end
        }
        out.line("\"\"\"")
        out.line("return Foundation.Data(base64Encoded: base64, options: .ignoreUnknownCharacters).map { [Swift.UInt8]($0) } ?? []")
        out.close()
        writeLocalizedTexts(&out)
        out.close()
    }

    /// `localizedText(key:table:)`: one `String(localized:defaultValue:table:bundle:comment:)`
    /// per localized text with a fixed key and a default without arguments, literals only,
    /// which is what Xcode's String Catalog extraction reads from source: building the app
    /// puts every such key, default and comment into the app's String Catalog. A key or
    /// default that interpolates an argument has no literal to extract and is left to the
    /// string tables at run time (Docs/codegen.md, "Localized texts").
    private func writeLocalizedTexts(_ out: inout SwiftWriter) {
        // In source order (of first use), which renaming texts cannot change.
        let texts = LocalizedString.collect(model).filter { !$0.keyInterpolates && !$0.valueInterpolates }
            .sorted { $0.uses[0].range < $1.uses[0].range }
        out.line()
        out.doc("The text of a localized tip text in the user's language, from the app's main bundle (nil for a key")
        out.doc("not listed): \(texts.count) texts, each written out so that Xcode extracts its key, default and comment")
        out.doc("into the String Catalog. `TipLocalizer(\(options.typeName).localizedText)` resolves a `TipText` with it.")
        out.open("\(out.access) static func localizedText(key: Swift.String, table: Swift.String?) -> Swift.String?")
        if texts.isEmpty {
            out.line("nil")
            out.close()
            return
        }
        // Only Apple's Foundation has the initializer; elsewhere the app has no String Catalog either.
        out.line("#if canImport(Darwin)")
        out.open("switch (table ?? \(SwiftEscaping.stringLiteral(LocalizedString.defaultTable)), key)")
        for text in texts {
            let key = SwiftEscaping.stringLiteral(text.key)
            let table = SwiftEscaping.stringLiteral(text.table)
            out.line("case (\(table), \(key)):")
            out.line("    return Swift.String(localized: \(key), defaultValue: \(SwiftEscaping.stringLiteral(text.value ?? text.key)), "
                + "table: \(table), bundle: Foundation.Bundle.main, comment: \(SwiftEscaping.stringLiteral(text.comment)))")
        }
        out.line("default:")
        out.line("    return nil")
        out.close()
        out.line("#else")
        out.line("return nil")
        out.line("#endif")
        out.close()
    }

    // MARK: - Key types

    private func writeTips(_ out: inout SwiftWriter, _ problems: inout [Diagnostic]) {
        guard !model.tips.isEmpty else { return }
        var names = NameTable(kind: "tip", type: "TipKey")
        out.line()
        out.open("extension TipsRuntime.TipKey")
        for (i, tip) in model.tips.enumerated() {
            let swiftName = SwiftNames.lowerCamel(tip.name)
            names.claim(swiftName, for: tip.name, at: tip.nameRange, &problems)
            if i > 0 { out.line() }
            writeTipDoc(tip, &out)
            let member = SwiftNames.escaped(swiftName)
            if tip.arguments.isEmpty {
                out.line("\(out.access) static var \(member): TipsRuntime.TipKey { TipsRuntime.TipKey(\(SwiftEscaping.stringLiteral(tip.name))) }")
            } else {
                let parameters = tip.arguments.map { "\(SwiftNames.escaped($0.name)): \(swiftType($0.type))" }
                let arguments = tip.arguments.map { "\(SwiftEscaping.stringLiteral($0.name)): \(SwiftNames.escaped($0.name)).tipValue" }
                out.open("\(out.access) static func \(member)(\(parameters.joined(separator: ", "))) -> TipsRuntime.TipKey")
                out.line("TipsRuntime.TipKey(\(SwiftEscaping.stringLiteral(tip.name)), arguments: [\(arguments.joined(separator: ", "))])")
                out.close()
            }
        }
        out.close()
    }

    private func writeTipDoc(_ tip: Tip, _ out: inout SwiftWriter) {
        out.doc(render(tip.title, of: tip))
        if let message = tip.message {
            out.doc("")
            out.doc(render(message, of: tip))
        }
        out.doc("")
        var facts = ["`tip \(tip.name)` (\(where_(tip.nameRange)))"]
        if tip.isReusable { facts.append("reusable: one instance per argument list") }
        if let g = tip.group { facts.append("in group \(model.groups[g].name)") }
        // A tip that chooses says so: the doc's message is only the first of its alternatives.
        if tip.messages.count > 1 { facts.append("\(tip.messages.count) messages, the first whose condition holds is shown") }
        if tip.images.count > 1 { facts.append("\(tip.images.count) images, the first whose condition holds is shown") }
        if let image = tip.image, tip.imageIsAsset {
            // An SF Symbol is the default and goes unsaid; `TipContent.imageKind` says the same at run time.
            facts.append("asset-catalog image " + SwiftEscaping.stringLiteral(image))
        }
        if !tip.actions.isEmpty {
            facts.append("actions: " + tip.actions.map { SwiftEscaping.stringLiteral($0.id) }.joined(separator: ", "))
        }
        out.doc(facts.joined(separator: "; ") + ".")
    }

    private func writeEvents(_ out: inout SwiftWriter, _ problems: inout [Diagnostic]) {
        guard !model.events.isEmpty else { return }
        var names = NameTable(kind: "event", type: "TipEvent")
        out.line()
        out.open("extension TipsRuntime.TipEvent")
        for (i, event) in model.events.enumerated() {
            let swiftName = SwiftNames.lowerCamel(event.name)
            names.claim(swiftName, for: event.name, at: event.range, &problems)
            if i > 0 { out.line() }
            let signature = event.fields.map { "\($0.name): \(typeName($0.type))" }.joined(separator: ", ")
            out.doc("A donation of `event \(event.name)\(event.fields.isEmpty ? "" : "(\(signature))")` (\(where_(event.range)))"
                + (event.key.map { "; journals store it under \(SwiftEscaping.stringLiteral($0))." } ?? "."))
            let member = SwiftNames.escaped(swiftName)
            if event.fields.isEmpty {
                out.line("\(out.access) static var \(member): TipsRuntime.TipEvent { TipsRuntime.TipEvent(\(SwiftEscaping.stringLiteral(event.name))) }")
            } else {
                let parameters = event.fields.map { "\(SwiftNames.escaped($0.name)): \(swiftType($0.type))" }
                let payload = event.fields.map { "\(SwiftEscaping.stringLiteral($0.name)): \(SwiftNames.escaped($0.name)).tipValue" }
                out.open("\(out.access) static func \(member)(\(parameters.joined(separator: ", "))) -> TipsRuntime.TipEvent")
                out.line("TipsRuntime.TipEvent(\(SwiftEscaping.stringLiteral(event.name)), payload: [\(payload.joined(separator: ", "))])")
                out.close()
            }
        }
        out.close()
    }

    private func writeParameters(_ out: inout SwiftWriter, _ problems: inout [Diagnostic]) {
        guard !model.parameters.isEmpty else { return }
        var names = NameTable(kind: "parameter", type: "TipParameter")
        // One constrained extension per Swift type (first-appearance order), so that the
        // member's type fixes `Value` and `setParameter(.x, to: 1)` fails on a Bool.
        var order: [String] = []
        var byType: [String: [Parameter]] = [:]
        for p in model.parameters {
            names.claim(SwiftNames.lowerCamel(p.name), for: p.name, at: p.range, &problems)
            let t = swiftType(p.type)
            if byType[t] == nil { order.append(t) }
            byType[t, default: []].append(p)
        }
        for t in order {
            out.line()
            out.open("extension TipsRuntime.TipParameter where Value == \(t)")
            for (i, p) in byType[t, default: []].enumerated() {
                if i > 0 { out.line() }
                let declaration = "\(p.isTransient ? "transient " : "")param \(p.name): \(typeName(p.type))"
                    + (p.defaultValue == .none ? "" : " = \(constant(p.defaultValue))")
                out.doc("`\(declaration)` (\(where_(p.range)))"
                    + (p.isTransient ? "; back to its default whenever a store opens."
                        : p.key.map { "; journals store it under \(SwiftEscaping.stringLiteral($0))." } ?? "."))
                out.line("\(out.access) static var \(SwiftNames.escaped(SwiftNames.lowerCamel(p.name))): TipsRuntime.TipParameter<\(t)> "
                    + "{ TipsRuntime.TipParameter(\(SwiftEscaping.stringLiteral(p.name))) }")
            }
            out.close()
        }
    }

    private func writeGroups(_ out: inout SwiftWriter, _ problems: inout [Diagnostic]) {
        guard !model.groups.isEmpty else { return }
        var names = NameTable(kind: "group", type: "TipGroupKey")
        out.line()
        out.open("extension TipsRuntime.TipGroupKey")
        for (i, group) in model.groups.enumerated() {
            let swiftName = SwiftNames.lowerCamel(group.name)
            names.claim(swiftName, for: group.name, at: group.range, &problems)
            if i > 0 { out.line() }
            let members = group.members.map { model.tips[$0].name }
            let together = group.together ? " together" : ""
            out.doc("`group \(group.name) \(group.priority.rawValue)\(together)` (\(where_(group.range))): \(members.joined(separator: ", ")).")
            out.line("\(out.access) static var \(SwiftNames.escaped(swiftName)): TipsRuntime.TipGroupKey "
                + "{ TipsRuntime.TipGroupKey(\(SwiftEscaping.stringLiteral(group.name))) }")
        }
        out.close()
    }

    private func writeActions(_ out: inout SwiftWriter, _ problems: inout [Diagnostic]) {
        // One member per distinct id: the same id on several tips is one value to switch on.
        var ids: [String] = []
        var tipsByID: [String: [String]] = [:]
        var firstRange: [String: SourceRange] = [:]
        for tip in model.tips {
            for action in tip.actions {
                if tipsByID[action.id] == nil {
                    ids.append(action.id)
                    firstRange[action.id] = action.range
                }
                tipsByID[action.id, default: []].append(tip.name)
            }
        }
        guard !ids.isEmpty else { return }
        var names = NameTable(kind: "action id", type: "TipAction")
        out.line()
        out.open("extension TipsRuntime.TipAction")
        for (i, id) in ids.enumerated() {
            let range = firstRange[id] ?? SourceRange.point(FileID(0), 0)
            let location = where_(range)
            guard let swiftName = SwiftNames.identifier(fromID: id) else {
                problems.append(.error(.actionIDWithoutSwiftName, "action id \(SwiftEscaping.stringLiteral(id)) has no letter or digit to make a Swift name of", at: range,
                                       notes: [Note("generated code names actions after their ids (\"learn-more\" is 'learnMore')")]))
                continue
            }
            names.claim(swiftName, for: SwiftEscaping.stringLiteral(id), at: range, &problems)
            if i > 0 { out.line() }
            out.doc("Action `\(SwiftEscaping.stringLiteral(id))` of \(tipsByID[id, default: []].joined(separator: ", ")) (\(location)).")
            out.line("\(out.access) static var \(SwiftNames.escaped(swiftName)): TipsRuntime.TipAction "
                + "{ TipsRuntime.TipAction(\(SwiftEscaping.stringLiteral(id))) }")
        }
        out.close()
    }

    // MARK: - Types and text

    /// The Swift type standing for `type` in generated signatures, spelled with its module
    /// so that an app's own `String` or `Data` cannot take its place.
    func swiftType(_ type: ValueType) -> String {
        switch type {
        case .bool: "Swift.Bool"
        case .int: "Swift.Int"
        case .double: "Swift.Double"
        case .string: "Swift.String"
        case .date: "Foundation.Date"
        // Never a parameter, payload or argument type; kept total rather than trapping.
        case .duration: "Swift.Int"
        case .stringSet: "Swift.Set<Swift.String>"
        case .enumeration(let i): "\(options.typeName).\(SwiftNames.escaped(model.enums[i].name))"
        case .optional(let t): swiftType(t) + "?"
        case .error: "Swift.Never"
        }
    }

    /// The `.tips` spelling of `type`, for comments.
    func typeName(_ type: ValueType) -> String { model.typeName(type) }

    /// A default value as `.tips` source would write it, for comments.
    func constant(_ value: ConstantValue) -> String {
        switch value {
        case .bool(let b): "\(b)"
        case .int(let i): "\(i)"
        case .double(let d): "\(d)"
        case .string(let s): SwiftEscaping.stringLiteral(s)
        case .duration(let ms): "\(ms)ms"
        case .date(let ms):
            "date(\"\(ISO8601.display(ms))\")"
        case .enumCase(let e, let i): ".\(model.enums[e].cases[i])"
        case .stringSet(let s): "[" + s.map(SwiftEscaping.stringLiteral).joined(separator: ", ") + "]"
        case .none: "nil"
        }
    }

    /// A tip text for a doc comment: literal text with `\(argument)` holes, or a
    /// localization key with its fallback.
    func render(_ text: Text, of tip: Tip) -> String {
        func template(_ t: Template) -> String {
            t.segments.map { segment in
                switch segment {
                case .text(let s): s
                case .argument(let i): "\\(\(tip.arguments.indices.contains(i) ? tip.arguments[i].name : "?"))"
                }
            }.joined()
        }
        switch text {
        case .literal(let t):
            return template(t)
        case .localized(let key, let table, let fallback, _):
            var out = "localized \"\(template(key))\""
            if let table { out += " in table \"\(table)\"" }
            if let fallback { out += ", default: \(template(fallback))" }
            return out
        }
    }
}
