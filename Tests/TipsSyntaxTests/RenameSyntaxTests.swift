import Testing
import TipsSource
import TipsSyntax

/// `renamedFrom OLD` on parameters, events and enumeration cases: parsed into the tree,
/// and kept (in place) by the formatter.
@Suite struct RenameSyntaxTests {
    static let source = """
        enum Plan { free, pro renamedFrom premium, team }
        param hasSeenNoteList: Bool = false renamedFrom hasSeenList
        transient param editing: Bool = false renamedFrom isEditing
        event noteSaved(menu: Bool) renamedFrom manualSave limit 500
        event opened limit 10 renamedFrom launched

        tip SaveShortcutTip renamedFrom ShortcutTip {
            title "Save Faster"
        }

        tip ItemTip(item: String) renamedFrom OldItemTip {
            id "Item-\\(item)"
            title "New"
        }

        """

    @Test func parses() throws {
        let (file, result) = FormatterHarness.parse(Self.source)
        #expect(FormatterHarness.errors(result, in: file).isEmpty)
        var found: [String] = []
        for decl in result.tree.declarations {
            switch decl {
            case .enumeration(let d): found += d.renamedFrom.map { $0?.name ?? "-" }
            case .param(let d): found.append(d.renamedFrom?.name ?? "-")
            case .event(let d): found.append(d.renamedFrom?.name ?? "-")
            case .tip(let d): found.append(d.renamedFrom?.name ?? "-")
            default: break
            }
        }
        #expect(found == ["-", "premium", "-", "hasSeenList", "isEditing", "manualSave", "launched", "ShortcutTip", "OldItemTip"])
    }

    @Test func formatterKeepsTheClauses() throws {
        #expect(try FormatterHarness.checkProperties(of: Self.source) == Self.source)
    }

    /// A long enumeration wraps one case a line, each with its clause.
    @Test func wrappedEnumeration() throws {
        let long = "enum Plan { free, professionalSubscription renamedFrom premiumSubscription, teamSubscription, enterprise }\n"
        let out = try FormatterHarness.checkProperties(of: long)
        #expect(out.contains("    professionalSubscription renamedFrom premiumSubscription,\n"))
    }

    @Test(arguments: [
        ("param p: Bool = false renamedFrom\n", "expected the parameter's old name after 'renamedFrom'"),
        ("event e renamedFrom\n", "expected the event's old name after 'renamedFrom'"),
        ("event e renamedFrom a renamedFrom b\n", "'renamedFrom' is given twice for event 'e'"),
        ("enum E { a renamedFrom }\n", "expected the case's old name after 'renamedFrom'"),
        ("tip T renamedFrom { title \"x\" }\n", "expected the tip's old name after 'renamedFrom'"),
    ])
    func errors(source: String, message: String) {
        let (file, result) = FormatterHarness.parse(source)
        let errors = FormatterHarness.errors(result, in: file)
        #expect(errors.contains { $0.contains(message) }, "\(errors)")
    }
}
