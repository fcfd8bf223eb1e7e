import TipsCheck
import TipsCommandLine
import TipsDriver
import TipsSource

/// `tipc strings export|check|import`: the localized texts of a catalog for translators
/// (String Catalog or XLIFF), and the translations read back and checked against it.
enum StringsCommand {
    /// What `strings` does.
    enum Action: String, CaseIterable {
        case export, check, `import`
    }

    /// The file formats of `export --format`.
    enum Format: String, CaseIterable {
        case xcstrings, xliff
    }

    /// The output formats of `check --diagnostics`.
    enum DiagnosticFormat: String, CaseIterable {
        case text, json, github
    }

    static let command = Command(
        name: "strings",
        summary: "Export a catalog's localized texts for translators, and check translations against it.",
        usage: "tipc strings export [--format xcstrings|xliff] [--language LANG] [--table NAME] [--source-language LANG] [PATH...] [-o FILE|DIR]\n"
            + "       tipc strings check|import [--source-language LANG] [--diagnostics text|json|github] [--strict] [PATH...] FILE.xcstrings|FILE.xliff...",
        options: [
            .init(name: "--format", value: "xcstrings|xliff", help: "export: a String Catalog per table (default), or one XLIFF 1.2 file"),
            .init(name: "--language", value: "LANG", help: "export --format xliff: the target language (default: the source language)"),
            .init(name: "--table", value: "NAME", help: "export --format xcstrings: the one table to write (default: every table, into -o DIR)"),
            .init(name: "--source-language", value: "LANG", help: "The language of the default: texts (default en)"),
            .init(name: "-o", value: "FILE|DIR", help: "export: where to write (default, and -: standard output); import: the folder (default: the catalog's)"),
            .init(name: "--diagnostics", value: "text|json|github", help: "check, import: the output format (default text)"),
            .init(name: "--strict", value: nil, help: "check, import: fail (exit 1) on warnings too"),
            .init(name: "--color", value: "auto|always|never", help: "Colour text output (default auto)"),
        ],
        details: """
            PATHs are found as by 'tipc check' and must make up one catalog; arguments ending in
            .xcstrings, .xliff or .xlf are translation files. 'export' writes every
            localized("key", table:, default:) text with a comment naming its tips, roles and
            length budget: as String Catalogs, one TABLE.xcstrings per table into the folder -o
            DIR (or one table, --table, to -o FILE or standard output), or as one XLIFF file
            for --language. 'check' reads translation files back and reports missing
            translations (W600), placeholders that differ from the source (E601), translations
            over their budget (W601), stale keys (W602) and files that do not read (E600);
            a String Catalog's plural and device variations are checked one by one, and a
            plural form its language needs (CLDR) or device 'other' missing is W603.
            'import' checks the same way and, without errors, writes the translations into
            TABLE.xcstrings files beside the catalog's .tips files (or into -o DIR), where
            'tipc check' and the language server find them. See Docs/adopting.md.
            Exit status: 0 done, 1 errors (or warnings with --strict), 2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        var arguments: ParsedArguments
        let action: Action
        let format: Format
        let diagnostics: DiagnosticFormat
        let color: ColorMode
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            guard let first = arguments.positionals.first else {
                throw UsageError(message: "missing action: 'tipc strings export|check|import ...'")
            }
            guard let a = Action(rawValue: first) else {
                throw UsageError(message: "unknown action '\(DiagnosticRenderer.quoted(first))'; expected "
                    + Action.allCases.map(\.rawValue).joined(separator: ", "))
            }
            action = a
            arguments.positionals.removeFirst()
            format = try arguments.choice("--format", default: Format.xcstrings)
            diagnostics = try arguments.choice("--diagnostics", default: DiagnosticFormat.text)
            color = try arguments.choice("--color", default: ColorMode.auto)
            for option in ["--language", "--source-language"] {
                if let value = arguments.values[option], !StringsExport.isLanguageCode(value) {
                    throw UsageError(message: "\(option) '\(DiagnosticRenderer.quoted(value))' is not a language code (en, de, pt-BR, zh-Hans)")
                }
            }
            if let path = arguments.values["-o"], path.isEmpty { throw UsageError(message: "-o needs a file or folder name") }
        } catch {
            return invocation.usageError(error, command: command)
        }
        let sourceLanguage = arguments.values["--source-language"] ?? "en"
        var files: [String] = []
        arguments.positionals.removeAll { path in
            guard TranslationFiles.Kind(path: path) != nil else { return false }
            files.append(path)
            return true
        }
        if action == .export, !files.isEmpty {
            return invocation.usageError(UsageError(message: "export reads no translation files: '\(files[0])'"), command: command)
        }
        if action != .export, files.isEmpty {
            return invocation.usageError(UsageError(message: "\(action.rawValue) needs translation files (.xcstrings, .xliff)"),
                                         command: command)
        }

        guard let catalogs = invocation.loadCatalogs(arguments) else { return ExitCode.usage }
        guard catalogs.count <= 1 else {
            return invocation.usageError(UsageError(message:
                "\(catalogs.count) catalogs found; tipc strings works on one catalog: give one folder"), command: command)
        }
        guard let sources = catalogs.first else {
            invocation.error("no .tips files")
            return ExitCode.usage
        }
        let checked = CheckedCatalog(sources)
        let colored = invocation.wantsColor(color, onStandardError: true)
        guard checked.errors.isEmpty else {
            invocation.stderr += DiagnosticRenderer.text(checked.errors, sources: sources, options: .init(colored: colored))
            invocation.error("the catalog has errors")
            return ExitCode.failure
        }
        switch action {
        case .export:
            return export(checked, format: format, sourceLanguage: sourceLanguage, arguments, &invocation)
        case .check, .import:
            return check(checked, files: files, action: action, sourceLanguage: sourceLanguage, diagnostics: diagnostics,
                         color: color, arguments, &invocation)
        }
    }

    private static func export(_ checked: CheckedCatalog, format: Format, sourceLanguage: String, _ arguments: ParsedArguments,
                               _ invocation: inout Invocation) -> Int32 {
        let strings = LocalizedString.collect(checked.model)
        let output = arguments.values["-o"]
        let existing = StringCatalogFiles.beside(checked)
        let known = existing.translations
        switch format {
        case .xliff:
            let text: String
            do throws(StringsExport.Failure) {
                text = try StringsExport.xliff(strings, sourceLanguage: sourceLanguage,
                                               targetLanguage: arguments.values["--language"] ?? sourceLanguage, translations: known)
            } catch {
                invocation.stderr += DiagnosticRenderer.text([.error(.unreadableTranslations, error.message, at: error.range)],
                                                             sources: checked.sources, options: .init())
                return ExitCode.failure
            }
            return OutputFile.writeIfChanged(text, to: output, &invocation)
        case .xcstrings:
            let tables = StringsExport.tables(strings)
            if let table = arguments.values["--table"] {
                guard tables.contains(table) else {
                    invocation.error("no localized text uses table '\(DiagnosticRenderer.quoted(table))'; the catalog's tables: "
                        + (tables.isEmpty ? "none" : tables.joined(separator: ", ")))
                    return ExitCode.usage
                }
                return OutputFile.writeIfChanged(StringsExport.xcstrings(strings, table: table, sourceLanguage: sourceLanguage, translations: known),
                             to: output, &invocation)
            }
            if tables.count <= 1, output == nil || output == "-" || !FileSystem.isDirectory(output ?? "") {
                let table = tables.first ?? LocalizedString.defaultTable
                return OutputFile.writeIfChanged(StringsExport.xcstrings(strings, table: table, sourceLanguage: sourceLanguage, translations: known),
                             to: output, &invocation)
            }
            guard let output, FileSystem.isDirectory(output) else {
                invocation.error("the catalog's texts use \(tables.count) tables (\(tables.joined(separator: ", "))): "
                    + "give a folder with -o DIR for one TABLE.xcstrings each, or one --table")
                return ExitCode.usage
            }
            var status = ExitCode.success
            for table in tables {
                let text = StringsExport.xcstrings(strings, table: table, sourceLanguage: sourceLanguage, translations: known)
                status = max(status, OutputFile.writeIfChanged(text, to: CatalogLoader.join(output, table + ".xcstrings"), &invocation))
            }
            return status
        }
    }

    private static func check(_ checked: CheckedCatalog, files: [String], action: Action, sourceLanguage: String,
                              diagnostics format: DiagnosticFormat, color: ColorMode, _ arguments: ParsedArguments,
                              _ invocation: inout Invocation) -> Int32 {
        let read: TranslationFiles
        do throws(TranslationFiles.Failure) {
            read = try TranslationFiles.read(files, for: checked, sourceLanguage: sourceLanguage)
        } catch {
            invocation.error(error.message)
            return ExitCode.usage
        }
        let errors = read.diagnostics.errorCount
        let warnings = read.diagnostics.count - errors
        let languages = read.translations.languages.filter { $0 != sourceLanguage }
        let line = "checked \(files.count) translation file\(files.count == 1 ? "" : "s") against \(read.strings.count) "
            + "localized text\(read.strings.count == 1 ? "" : "s")\(languages.isEmpty ? "" : " (" + languages.joined(separator: ", ") + ")"); "
            + "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
        switch format {
        case .text:
            invocation.stdout += DiagnosticRenderer.text(read.diagnostics, sources: read.sources,
                                                         options: .init(colored: invocation.wantsColor(color)))
            invocation.stdout += line
        case .json:
            invocation.stdout += DiagnosticRenderer.json(read.diagnostics, sources: read.sources,
                                                         summary: [("errors", .int(errors)), ("warnings", .int(warnings))])
        case .github:
            invocation.stdout += DiagnosticRenderer.github(read.diagnostics, sources: read.sources)
            invocation.stdout += line
        }
        let failed = errors > 0 || (arguments.flags.contains("--strict") && warnings > 0)
        guard action == .import else { return failed ? ExitCode.failure : ExitCode.success }
        guard errors == 0 else {
            invocation.error("nothing imported: the translations have errors")
            return ExitCode.failure
        }
        // Merged over what is beside the catalog already, so importing one language keeps the
        // others; a String Catalog there that does not read would be overwritten: refused.
        let beside = StringCatalogFiles.beside(checked)
        let unreadable = beside.diagnostics.filter { $0.code == DiagnosticCode.unreadableTranslations.text }
        guard unreadable.isEmpty else {
            invocation.stderr += DiagnosticRenderer.text(unreadable, sources: beside.sources, options: .init())
            invocation.error("nothing imported: a String Catalog beside the catalog does not read, and would be overwritten")
            return ExitCode.failure
        }
        var merged = beside.translations
        merged.merge(read.translations)
        let folder = arguments.values["-o"] ?? StringCatalogFiles.folder(of: checked)
        var status = failed ? ExitCode.failure : ExitCode.success
        for table in StringsExport.tables(read.strings) {
            let text = StringsExport.xcstrings(read.strings, table: table, sourceLanguage: sourceLanguage, translations: merged)
            status = max(status, OutputFile.writeIfChanged(text, to: CatalogLoader.join(folder, table + ".xcstrings"), &invocation))
        }
        return status
    }
}
