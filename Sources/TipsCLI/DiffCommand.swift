import TipsBytecode
import TipsCommandLine
import TipsCompile
import TipsDriver
import TipsSource

/// `tipc diff OLD NEW`: what changes for users between two versions of a catalog.
enum DiffCommand {
    enum Format: String, CaseIterable {
        case text, json, github, sarif
    }

    static let command = Command(
        name: "diff",
        summary: "Compare two versions of a catalog: every change to users' saved state or to what they see.",
        usage: "tipc diff [--format text|json|github|sarif] [--allow CODE,...] [--allow-breaking] OLD NEW",
        options: [
            .init(name: "--format", value: "text|json|github|sarif",
                  help: "Output format (default text; github prints Actions annotations; sarif is SARIF 2.1.0)"),
            .init(name: "--allow", value: "CODE,...",
                  help: "Breaking changes with these codes (e.g. D100,D110) are reported but do not fail"),
            .init(name: "--allow-breaking", value: nil, help: "No change fails the run (exit 0)"),
        ],
        details: """
            OLD and NEW are each a catalog (a directory, or a .tips file) or a compiled bundle
            (any other file, e.g. the .tipsb of the last release). Catalogs are compiled first,
            so both sides are compared as bundles and a folder and its bundle give the same
            result. Each change has a code (D100-D199, see Docs/diff.md) and a severity: error
            (breaking: users' saved state is lost or misread), warning (what some users see
            changes), note (informational). The last line of the text and github formats is
            'compared OLD with NEW: N changes (E errors, W warnings, I notes), B breaking'.
            Exit status: 0 no breaking change, 1 breaking changes (or an input has errors),
            2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let format: Format
        let arguments: ParsedArguments
        var allowed: Set<ChangeCode> = []
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            format = try arguments.choice("--format", default: Format.text)
            for raw in (arguments.values["--allow"] ?? "").split(separator: ",") {
                let code = String(raw.filter { $0 != " " })
                guard let known = ChangeCode(rawValue: code.uppercased()) else {
                    var message = "unknown change code '\(code)' for --allow"
                    if let guess = CommandSuggestion.closest(to: code.uppercased(), among: ChangeCode.allCases.map(\.rawValue)) {
                        message += "; did you mean '\(guess)'?"
                    }
                    throw UsageError(message: message)
                }
                allowed.insert(known)
            }
        } catch {
            return invocation.usageError(error, command: command)
        }
        if arguments.wantsHelp {
            invocation.stdout += command.helpText
            return ExitCode.success
        }
        guard arguments.positionals.count == 2 else {
            return invocation.usageError(UsageError(message: "expected two inputs, OLD and NEW; got \(arguments.positionals.count)"),
                                         command: command)
        }
        let old: DiffInput
        let new: DiffInput
        do throws(Definitions.Exit) {
            old = try DiffInput.load(arguments.positionals[0], &invocation)
            new = try DiffInput.load(arguments.positionals[1], &invocation)
        } catch {
            return error.status
        }
        let allowAll = arguments.flags.contains("--allow-breaking")
        var changes = CatalogDiff.compare(old: old.schema, new: new.schema)
        for i in changes.indices {
            changes[i].allowed = allowAll || allowed.contains(changes[i].code)
            changes[i].location = new.locate(changes[i]) ?? old.locate(changes[i])
        }
        let summary = Summary(changes, old: old.path, new: new.path)
        switch format {
        case .text:
            invocation.stdout += text(changes) + summary.line + "\n"
        case .json:
            invocation.stdout += json(changes, summary: summary)
        case .github:
            invocation.stdout += github(changes) + summary.line + "\n"
        case .sarif:
            invocation.stdout += DiagnosticRenderer.sarifLog(tool: .init(name: "tipc", version: Tipc.version),
                                                             results: changes.map(sarifResult))
        }
        return summary.breaking > 0 ? ExitCode.failure : ExitCode.success
    }

    /// Counts for the last line and the JSON summary.
    struct Summary {
        var old: String
        var new: String
        var errors = 0
        var warnings = 0
        var notes = 0
        var allowed = 0
        var breaking = 0
        var total = 0

        init(_ changes: [CatalogChange], old: String, new: String) {
            self.old = old
            self.new = new
            total = changes.count
            for c in changes {
                switch c.severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .note: notes += 1
                }
                if c.severity == .error && c.allowed { allowed += 1 }
                if c.isBreaking { breaking += 1 }
            }
        }

        var line: String {
            var s = "compared \(old) with \(new): \(total) changes (\(errors) errors, \(warnings) warnings, \(notes) notes), "
                + "\(breaking) breaking"
            if allowed > 0 { s += " (\(allowed) allowed)" }
            return s
        }
    }
}
