import Foundation
import Testing

/// `tipc preview` in process: the page, the lints of a measurement file, and usage errors
/// that list the valid values.
@Suite struct PreviewCommandTests {
    static let recipes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TipsPreviewTests/Inputs/recipe-app").path

    @Test func writesThePage() {
        let run = tipc("preview", "--defs", Self.recipes, "--width", "iphone", "--locale", "de")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(run.stdout.contains("data-locale=\"de\"") && !run.stdout.contains("data-locale=\"ja\""))
        #expect(!run.stdout.contains("data-width=\"iPad\""))
    }

    @Test(arguments: [
        (["--width", "tablet"], "unknown width 'tablet'; the widths are iphone, ipad, mac"),
        (["--locale", "fr"], "no catalog has locale 'fr'; the locales are en, de, ja"),
        (["--diagnostics", "sarif"], "invalid value 'sarif' for --diagnostics; expected text, json, github"),
        (["stray"], "unexpected argument 'stray'; name the catalogs with --defs DIR"),
        (["--measurements", "/nonexistent/m.json"], "no such file: /nonexistent/m.json"),
    ]) func usageErrors(_ extra: [String], _ message: String) {
        let run = tipc(["preview", "--defs", Self.recipes] + extra)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func lintsMeasurements() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString).json").path
        let catalog = Self.recipes
        let json = #"{"measurements": [{"catalog": "\#(catalog)", "tip": "SaveRecipeTip", "locale": "de", "width": "iPhone", "size": "large", "scheme": "light", "presentation": "popover", "role": "action:save", "clientWidth": 159, "scrollWidth": 267, "clientHeight": 21, "scrollHeight": 21, "lineHeight": 21.25}]}"#
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let run = tipc("preview", "--defs", catalog, "--measurements", path, "--color", "never")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Localizable.xcstrings:38:9: warning: the title of action 'save' of tip 'SaveRecipeTip' is truncated in de at iPhone width"))
        #expect(run.stdout.hasSuffix("linted 1 measurement of 1 catalog; 1 warning\n"))
        #expect(tipc("preview", "--defs", catalog, "--measurements", path, "--strict").status == 1)
    }
}
