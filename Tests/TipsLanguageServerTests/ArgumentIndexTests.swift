import Testing
import TipsSource
import TipsSyntax
@testable import TipsLanguageServer

/// The editor index resolves names in a reusable tip's rules as the checker does: an
/// argument read by a rule is a use of the argument, even on the value side of a filter
/// whose field has the same name.
@Suite struct ArgumentIndexTests {
    @Test func argumentReadsAreUsesOfTheArgument() {
        let text = """
        event wishlistAdded(productID: String)
        param productID: String = ""
        tip BackInStockTip(productID: String, minimum: Int) {
            id "BackInStock-\\(productID)-\\(minimum)"
            title "Back"
            rule count(wishlistAdded where productID == productID) >= minimum
        }
        """
        let file = SourceFile(id: FileID(0), path: "a.tips", text: text)
        let index = CatalogIndex(trees: [Parser.parse(file).tree])
        func uses(_ key: SymbolKey) -> [String] {
            index.occurrences(of: key).filter { !$0.isDeclaration }.map { r in
                let start = text.utf8.index(text.utf8.startIndex, offsetBy: Int(r.range.start))
                let line = text[..<start].filter { $0 == "\n" }.count + 1
                return "\(line):\(text.utf8.distance(from: text.utf8.startIndex, to: start))"
            }
        }
        let argument = SymbolKey(.tipArgument, "productID", in: "BackInStockTip")
        let field = SymbolKey(.payloadField, "productID", in: "wishlistAdded")
        // The id's interpolation and the filter's right side; the left side is the field.
        #expect(uses(argument).count == 2)
        #expect(uses(field).count == 1)
        #expect(uses(SymbolKey(.parameter, "productID")).isEmpty)
        #expect(uses(SymbolKey(.tipArgument, "minimum", in: "BackInStockTip")).count == 2)
    }
}
