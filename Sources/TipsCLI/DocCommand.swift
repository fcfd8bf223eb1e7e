import TipsCommandLine
import TipsDriver
import TipsSource

/// `tipc doc`: a readable document of one catalog for people who do not read code. The
/// document is the driver's (`CatalogDocument`, rules worded by `RuleWording` from the
/// checked model); with `--changes OLD` it starts with `tipc diff`'s changes against OLD.
enum DocCommand {
    /// What the document is written as.
    enum Format: String, CaseIterable {
        case markdown, html
    }

    static let command = Command(
        name: "doc",
        summary: "Write a readable document of a catalog: every tip's copy, rules in plain language, groups, limits.",
        usage: "tipc doc [--format markdown|html] [--changes OLD] [PATH]",
        options: [
            .init(name: "--format", value: "markdown|html", help: "Output format (default markdown; html is a self-contained page)"),
            .init(name: "--changes", value: "OLD",
                  help: "Start with the changes against OLD (a catalog or a bundle), as 'tipc diff OLD PATH' finds them"),
        ],
        details: """
            PATH is one catalog (a directory or .tips files; default: the current directory). \
            The rules are worded from the checked catalog, so the document says what the \
            compiler compiled. See Docs/cli.md.
            Exit status: 0 written, 1 the catalog (or OLD) has errors, 2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let format: Format
        let arguments: ParsedArguments
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            format = try arguments.choice("--format", default: Format.markdown)
            guard arguments.positionals.count <= 1 else {
                throw UsageError(message: "one catalog at a time, got \(arguments.positionals.count) paths")
            }
        } catch {
            return invocation.usageError(error, command: command)
        }
        let path = arguments.positionals.first ?? "."
        let document: CatalogDocument
        do throws(Definitions.Exit) {
            let sources = try Definitions.catalog(path, &invocation)
            let checked = CheckedCatalog(sources)
            guard checked.errors.isEmpty else {
                invocation.stderr += DiagnosticRenderer.text(checked.errors, sources: sources)
                invocation.error("the definitions in \(path) have errors; run 'tipc check \(path)'")
                return ExitCode.failure
            }
            var changes: [CatalogChange]?
            if let oldPath = arguments.values["--changes"] {
                // The same two sides and the same comparison as `tipc diff OLD PATH`.
                let old = try DiffInput.load(oldPath, &invocation)
                let new = try DiffInput.load(path, &invocation)
                changes = CatalogDiff.compare(old: old.schema, new: new.schema)
            }
            document = CatalogDocument(model: checked.model, title: path, changes: changes)
        } catch {
            return error.status
        }
        invocation.stdout += format == .html ? document.html : document.markdown
        return ExitCode.success
    }
}
