import TipsSource
import TipsSyntax

/// W160: testing overrides bypass rules and the display frequency. Semantics: they must be
/// impossible to ship by accident, so every one left in the definitions is flagged (set
/// them from the environment or command line instead).
enum TestingOverrideLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let note = Note("overrides belong in the environment or on the command line, never in shipped definitions")
        for block in context.testingBlocks {
            if block.items.isEmpty {
                out.append(.warning(.testingOverride, "empty 'testing' block in definitions",
                                    at: block.range, notes: [note],
                                    fixIts: [.replace(block.range, with: "", message: "remove the block")]))
            }
            for item in block.items {
                out.append(.warning(
                    .testingOverride,
                    "testing override '\(describe(item))' in definitions; remove it before shipping",
                    at: item.range, notes: [note],
                    fixIts: [.replace(item.range, with: "", message: "remove the override")]))
            }
        }
        return out
    }

    private static func describe(_ item: TestingDeclSyntax.Item) -> String {
        switch item {
        case .showAll: "showAll"
        case .hideAll: "hideAll"
        case .show(let names, _): "show " + names.map(\.name).joined(separator: ", ")
        case .hide(let names, _): "hide " + names.map(\.name).joined(separator: ", ")
        }
    }
}
