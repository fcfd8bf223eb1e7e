import Testing
import TipsSource
import TipsSyntax

/// `key "..."` on parameters and events and `image asset|symbol "..."` in tips: parsed into
/// the tree, and their mistakes reported where they are.
@Suite struct KeySyntaxTests {
    @Test func parses() throws {
        let (file, result) = FormatterHarness.parse("""
            param a: Bool = false key "com.a"
            param b: Bool = false key "com.b" renamedFrom old
            param c: Int = 0
            event e key "com.e" limit 5
            event f(x: Int) limit 5 renamedFrom g key "com.f"
            tip T { title "T" image asset "Onboarding/Hero" }
            tip U { title "U" image symbol "star" }
            """)
        #expect(FormatterHarness.errors(result, in: file).isEmpty)
        var keys: [String] = []
        var images: [String] = []
        for decl in result.tree.declarations {
            switch decl {
            case .param(let d): keys.append(d.key?.plainText ?? "-")
            case .event(let d): keys.append(d.key?.plainText ?? "-")
            case .tip(let d):
                for item in d.items {
                    if case .image(let s, _, _) = item { images.append("symbol \(s.plainText ?? "")") }
                    if case .imageAsset(let s, _, _) = item { images.append("asset \(s.plainText ?? "")") }
                }
            default: break
            }
        }
        #expect(keys == ["com.a", "com.b", "-", "com.e", "com.f"])
        #expect(images == ["asset Onboarding/Hero", "symbol star"])
    }

    @Test(arguments: [
        ("param a: Bool = false key", "expected the persistence key string after 'key'"),
        ("event e key com.e", "expected the persistence key string after 'key'"),
        ("tip T { title \"T\" image asset }", "expected an asset name string after 'image asset'"),
    ])
    func mistakes(source: String, message: String) {
        let (file, result) = FormatterHarness.parse(source)
        let errors = FormatterHarness.errors(result, in: file)
        #expect(errors.first?.contains(message) == true, "\(errors)")
    }

    @Test func assetAndSymbolAreStillNames() {
        // Outside `image`, the words are ordinary identifiers.
        let (file, result) = FormatterHarness.parse("param asset: Bool = false\nparam symbol: Bool = false\nparam key: Int = 0\ntip T { title \"T\" rule asset && symbol && key > 0 }")
        #expect(FormatterHarness.errors(result, in: file).isEmpty)
    }
}
