import TipsSource
import TipsSyntax

/// W145 and W146: a reusable tip's id owns its persisted state (display count,
/// invalidation). Instances with equal ids share that state, so one item's tip being
/// dismissed dismisses it for every item (guide: "Reusable tips override id with stable
/// content-derived values").
enum ReusableTipIDLints {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for tip in context.tips where !tip.arguments.isEmpty {
            let ids = tip.items.compactMap { if case .id(let s, _) = $0 { s } else { nil } }
            if let id = ids.first {
                out += missingArguments(tip, id: id)
            } else {
                out.append(missingID(tip, context: context))
            }
        }
        return out
    }

    /// The id `Name-\(a)-\(b)` that covers every argument.
    static func suggestedID(_ tip: TipDeclSyntax) -> String {
        ([tip.name.name] + tip.arguments.map { "\\(\($0.name.name))" }).joined(separator: "-")
    }

    /// W145.
    static func missingID(_ tip: TipDeclSyntax, context: LintContext) -> Diagnostic {
        let id = suggestedID(tip)
        var fixIts: [FixIt] = []
        if let brace = openingBrace(of: tip, context: context) {
            fixIts.append(FixIt(message: "add 'id \"\(id)\"'",
                                edits: [.init(range: .point(brace.file, brace.end), replacement: "\n    id \"\(id)\"")]))
        }
        return .warning(
            .reusableTipWithoutID,
            "reusable tip '\(tip.name.name)' has no 'id', so all its instances share one state",
            at: tip.name.range,
            notes: [Note("every instance gets the id '\(tip.name.name)': dismissing it for one item dismisses it for all; derive the id from the arguments")],
            fixIts: fixIts)
    }

    /// W146.
    static func missingArguments(_ tip: TipDeclSyntax, id: StringLiteralSyntax) -> [Diagnostic] {
        let used = Set(id.lintInterpolatedNames)
        let missing = tip.arguments.map(\.name.name).filter { !used.contains($0) }
        guard !missing.isEmpty else { return [] }
        let list = missing.map { "'\($0)'" }.joined(separator: ", ")
        let noun = missing.count == 1 ? "argument" : "arguments"
        var fixIts: [FixIt] = []
        if id.range.length >= 2 {
            let beforeQuote = SourceRange.point(id.range.file, id.range.end - 1)
            let suffix = missing.map { "-\\(\($0))" }.joined()
            fixIts.append(FixIt(message: "add \(list) to the id", edits: [.init(range: beforeQuote, replacement: suffix)]))
        }
        return [.warning(
            .reusableIDMissesArgument,
            "id of reusable tip '\(tip.name.name)' does not include \(noun) \(list)",
            at: id.range,
            notes: [Note("instances that differ only in \(list) share one id, and so one display count and invalidation")],
            fixIts: fixIts)]
    }

    /// The `{` that opens the tip's body: the first one after its name and arguments that is
    /// not inside a comment.
    static func openingBrace(of tip: TipDeclSyntax, context: LintContext) -> SourceRange? {
        let file = tip.range.file
        guard file.index >= 0, Int(file.index) < context.sources.files.count else { return nil }
        let bytes = context.sources[file].bytes
        let comments = context.files.first { $0.file == file }?.comments ?? []
        var offset = tip.arguments.last?.range.end ?? tip.name.range.end
        while offset < tip.range.end, Int(offset) < bytes.count {
            if bytes[Int(offset)] == UInt8(ascii: "{"), !comments.contains(where: { $0.range.contains(offset) }) {
                return SourceRange(file: file, start: offset, end: offset + 1)
            }
            offset += 1
        }
        return nil
    }
}
