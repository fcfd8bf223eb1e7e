import Foundation
import Testing
import TipsCLI

/// `tipc strings` end to end in process: the Definitions catalog exported, translated with one
/// text left out and one placeholder renamed, and checked; usage errors.
@Suite struct StringsCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// A fresh folder holding a copy of Definitions/NAME's .tips files.
    static func copy(_ name: String) throws -> String {
        let folder = NSTemporaryDirectory() + "tips-strings-\(UUID().uuidString)"
        let catalog = folder + "/" + name
        try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: root + "/Definitions/" + name) where file.hasSuffix(".tips") {
            try FileManager.default.copyItem(atPath: root + "/Definitions/" + name + "/" + file, toPath: catalog + "/" + file)
        }
        return folder
    }

    /// Every `<source>` of `xliff` given a `<target>` equal to it, except `skip`'s; `rename`'s
    /// target gets a placeholder the tip does not have.
    static func translated(_ xliff: String, skip: String, rename: String) -> String {
        var out = ""
        var unit = ""
        for line in xliff.split(separator: "\n", omittingEmptySubsequences: false) {
            out += line + "\n"
            if let r = line.range(of: "<trans-unit id=\"") {
                unit = String(line[r.upperBound...].prefix { $0 != "\"" })
            }
            guard let open = line.range(of: "<source>"), let close = line.range(of: "</source>"), unit != skip else { continue }
            let source = line[open.upperBound..<close.lowerBound]
            let target = unit == rename ? source + " \\(nmae)" : source
            out += "        <target state=\"translated\">\(target)</target>\n"
        }
        return String(out.dropLast())
    }

    /// Issue 23's "done when": export, translate all but one, rename one placeholder,
    /// check: exactly the missing one (W600) and the mismatched one (E601) are reported.
    @Test func exportTranslateCheckReportsTheMissingAndTheMismatched() throws {
        let folder = try Self.copy("notes-app")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = folder + "/notes-app"
        let exported = tipc("strings", "export", "--format", "xliff", "--language", "de", catalog)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("<trans-unit id=\"tip.templates.title\" xml:space=\"preserve\">"))
        let xliff = Self.translated(exported.stdout, skip: "tip.templates.title", rename: "tip.collaborate.message")
        try xliff.write(toFile: folder + "/de.xliff", atomically: true, encoding: .utf8)

        let checked = tipc("strings", "check", catalog, folder + "/de.xliff")
        #expect(checked.status == 1)
        let findings = checked.stdout.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        #expect(findings.count == 2, "\(checked.stdout)")
        #expect(findings.contains { $0.hasSuffix("warning: 'tip.templates.title' has no 'de' translation [W600]") && $0.hasPrefix(catalog + "/editor.tips:76:") })
        #expect(findings.contains { $0.contains("/de.xliff:") && $0.hasSuffix("error: the 'de' translation of 'tip.collaborate.message' adds \\(nmae) [E601]") })
        #expect(checked.lastLine == "checked 1 translation file against 8 localized texts (de); 1 error, 1 warning")

        // Import refuses while there are errors, and writes nothing.
        let imported = tipc("strings", "import", catalog, folder + "/de.xliff")
        #expect(imported.status == 1)
        #expect(imported.stderr.contains("nothing imported"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog).allSatisfy { $0.hasSuffix(".tips") })
    }

    @Test(arguments: [
        (["strings"], "missing action"),
        (["strings", "translate"], "unknown action 'translate'"),
        (["strings", "check", "Definitions/notes-app"], "check needs translation files"),
        (["strings", "export", "x.xliff"], "export reads no translation files"),
        (["strings", "export", "--language", "de\"x", "Definitions/notes-app"], "is not a language code"),
        (["strings", "export", "--format", "po", "Definitions/notes-app"], "po"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        var out = ""
        var err = ""
        let status = Tipc.run(arguments.map { $0.replacingOccurrences(of: "Definitions/", with: Self.root + "/Definitions/") },
                              stdout: &out, stderr: &err)
        #expect(status == 2)
        #expect(err.contains(message), "\(err)")
    }

    @Test func severalTablesNeedAFolder() throws {
        let one = tipc("strings", "export", Self.root + "/Definitions/notes-app")
        #expect(one.status == 2)
        #expect(one.stderr.contains("4 tables (Localizable, Sharing, Templates, Tips)"))
        let table = tipc("strings", "export", "--table", "Sharing", Self.root + "/Definitions/notes-app")
        #expect(table.status == 0)
        #expect(table.stdout.hasPrefix("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n    \"tip.collaborate.message\": {"))
    }

    /// Every exported String Catalog in `folder` given a 'de' localization equal to the
    /// English one, except `skip`'s; `rename`'s gets a placeholder the tip does not have.
    static func translateCatalogs(in folder: String, skip: String, rename: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".xcstrings") {
            let path = folder + "/" + name
            var root = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            var strings = try #require(root["strings"] as? [String: Any])
            for (key, value) in strings where key != skip {
                var entry = try #require(value as? [String: Any])
                var localizations = entry["localizations"] as? [String: Any] ?? [:]
                let english = ((localizations["en"] as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String ?? key
                let german = key == rename ? english + " \\(nmae)" : english
                localizations["de"] = ["stringUnit": ["state": "translated", "value": german]]
                entry["localizations"] = localizations
                strings[key] = entry
            }
            root["strings"] = strings
            try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: path))
        }
    }

    /// Issue 23's "done when", with String Catalogs: the Definitions catalog exported, re-read
    /// with one translation missing and one mismatched, the two reported; the clean set
    /// imported beside the catalog, where `tipc check` then holds them against it.
    @Test func xcstringsExportReimportReportsTheMissingAndTheMismatched() throws {
        let folder = try Self.copy("notes-app")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = folder + "/notes-app"
        let out = folder + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let exported = tipc("strings", "export", catalog, "-o", out)
        #expect(exported.status == 0, "\(exported.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["Localizable.xcstrings", "Sharing.xcstrings", "Templates.xcstrings", "Tips.xcstrings"])
        try Self.translateCatalogs(in: out, skip: "tip.collaborate.title", rename: "tip.markdown.message")

        let paths = files.map { out + "/" + $0 }
        let checked = tipc(["strings", "check", catalog] + paths)
        #expect(checked.status == 1)
        let findings = checked.stdout.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        #expect(findings.count == 2, "\(checked.stdout)")
        #expect(findings.contains { $0.hasPrefix(catalog + "/sharing.tips:15:") && $0.hasSuffix("warning: 'tip.collaborate.title' has no 'de' translation [W600]") })
        #expect(findings.contains { $0.hasPrefix(out + "/Tips.xcstrings:") && $0.hasSuffix("error: the 'de' translation of 'tip.markdown.message' adds \\(nmae) [E601]") })

        // Without the mismatch: imported beside the catalog, and `tipc check` sees them.
        try FileManager.default.removeItem(atPath: out)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        #expect(tipc("strings", "export", catalog, "-o", out).status == 0)
        try Self.translateCatalogs(in: out, skip: "tip.collaborate.title", rename: "")
        let imported = tipc(["strings", "import", catalog] + paths)
        #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
        #expect(FileManager.default.fileExists(atPath: catalog + "/Sharing.xcstrings"))
        let check = tipc("check", catalog)
        #expect(check.stdout.contains("warning: 'tip.collaborate.title' has no 'de' translation [W600]"), "\(check.stdout)")
        #expect(check.lastLine.hasSuffix("0 errors, 1 warnings"))
        // Exported again, the String Catalog carries the imported translation.
        let again = tipc("strings", "export", "--table", "Tips", catalog)
        #expect(again.stdout.contains("\"de\": {"))
    }
}
