import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TipsDriver
import TipsPreview
import TipsSource

/// The recipe test catalog (English, German, Japanese; Inputs/recipe-app), its previews and
/// its page read back with Foundation's XML parser (libxml2): the tests judge the page by
/// its elements, not its text.
enum PreviewFixture {
    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Inputs")
    static let recipes = inputs.appendingPathComponent("recipe-app").path
    static let assets = inputs.appendingPathComponent("recipe-app/Assets").path

    /// The recipe catalog's preview, with its assets.
    static func recipePreview(widths: [PreviewSetting.Width] = PreviewSetting.widths, assets: String? = assets) throws -> CatalogPreview {
        try build(recipes, options: .init(widths: widths, assets: assets)).previews[0]
    }

    static func build(_ folder: String, options: CatalogPreview.Options = .init()) throws -> PreviewBuild {
        do throws(PreviewBuild.Failure) {
            return try PreviewBuild.make(folder: folder, options: options)
        } catch {
            throw Problem(text: "\(error)")
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    /// A catalog written to a fresh folder: `files` by name.
    static func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-preview-\(UUID().uuidString)")
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir.path
    }

    /// The page parsed back.
    static func parse(_ html: String) throws -> XMLDocument {
        try XMLDocument(data: Data(html.utf8), options: [])
    }

    /// The elements `xpath` selects.
    static func nodes(_ document: XMLNode, _ xpath: String) throws -> [XMLElement] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }
}

extension XMLElement {
    /// Attribute `name`'s value.
    func value(_ name: String) -> String? { attribute(forName: name)?.stringValue }
    /// The `class` attribute's words.
    var classes: [String] { (value("class") ?? "").split(separator: " ").map(String.init) }
}
