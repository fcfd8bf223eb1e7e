import TipsBytecode
import TipsCommandLine
import TipsCompile
import TipsDriver
import TipsSource

/// The definitions `tipc status` and `tipc journal` read: `--defs PATH` (one catalog,
/// checked and compiled in memory) or `--bundle FILE` (a compiled bundle, verified).
struct Definitions {
    /// The encoded bundle, as `TipStore(bundle:...)` takes it.
    var bytes: [UInt8]
    /// The decoded, verified bundle.
    var verified: VerifiedBundle

    var bundle: TipsBundle { verified.bundle }

    /// The two options that name definitions.
    static let options: [Command.Option] = [
        .init(name: "--defs", value: "PATH", help: "Definitions: one catalog (directory or .tips files), compiled in memory"),
        .init(name: "--bundle", value: "FILE", help: "Definitions: a compiled bundle"),
    ]

    /// A command's early exit: what went wrong is already printed.
    struct Exit: Error {
        var status: Int32
    }

    /// The definitions named by `--defs` or `--bundle`; nil when neither was given.
    /// Prints why and throws: both options (usage, 2), unreadable files (2), definitions
    /// with errors or a bundle that doesn't verify (1).
    static func load(_ arguments: ParsedArguments, command: Command, _ invocation: inout Invocation) throws(Exit) -> Definitions? {
        switch (arguments.values["--defs"], arguments.values["--bundle"]) {
        case (nil, nil):
            return nil
        case (.some, .some):
            throw Exit(status: invocation.usageError(UsageError(message: "give --defs or --bundle, not both"), command: command))
        case (let path?, nil):
            return try compile(path, &invocation)
        case (nil, let file?):
            return try read(file, &invocation)
        }
    }

    /// Checks and compiles the one catalog at `path`.
    static func compile(_ path: String, _ invocation: inout Invocation) throws(Exit) -> Definitions {
        let sources = try catalog(path, &invocation)
        let output = CheckedCatalog(sources).compile()
        guard let bytes = output.bytes, output.diagnostics.errorCount == 0 else {
            // Only errors: warnings are `tipc check`'s business, not a reason to stop here.
            let errors = output.diagnostics.filter { $0.severity == .error }
            invocation.stderr += DiagnosticRenderer.text(errors, sources: sources)
            invocation.error("the definitions in \(path) have errors; run 'tipc check \(path)'")
            throw Exit(status: ExitCode.failure)
        }
        return try verify(bytes, what: path, &invocation)
    }

    /// The files of the one catalog at `path` (a folder or `.tips` files). Prints why and
    /// throws (2) when there are none, several catalogs, or files that cannot be read.
    static func catalog(_ path: String, _ invocation: inout Invocation) throws(Exit) -> SourceSet {
        switch CatalogLoader.loadSingle(path) {
        case .success(let sources):
            return sources
        case .failure(let failure):
            for message in failure.messages(for: path) { invocation.error(message) }
            throw Exit(status: ExitCode.usage)
        }
    }

    /// Reads and verifies the bundle file `path`.
    static func read(_ path: String, _ invocation: inout Invocation) throws(Exit) -> Definitions {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(path, limit: FileSystem.Limit.bundle)
        } catch {
            invocation.error(error.isMissing ? "no such file or directory: \(path)" : "cannot read \(path): \(error.reason)")
            throw Exit(status: ExitCode.usage)
        }
        return try verify(bytes, what: path, &invocation)
    }

    private static func verify(_ bytes: [UInt8], what: String, _ invocation: inout Invocation) throws(Exit) -> Definitions {
        do {
            return Definitions(bytes: bytes, verified: try BundleLoader.load(bytes))
        } catch {
            invocation.error("invalid bundle \(what): \(error)")
            throw Exit(status: ExitCode.failure)
        }
    }

    // MARK: - Names

    func string(_ i: UInt32) -> String { Int(i) < bundle.strings.count ? bundle.strings[Int(i)] : "" }

    /// A type as the language writes it (`Plan?`, `Set<String>`).
    func typeName(_ t: ValueType) -> String { bundle.typeName(t) }

    /// The case names of an enumeration type.
    func cases(of t: ValueType) -> [String] {
        guard Int(t.enumIndex) < bundle.enums.count else { return [] }
        return bundle.enums[Int(t.enumIndex)].cases.map { string($0) }
    }

    /// The literal text of a template (arguments left out): a plain tip's id.
    func literalText(_ template: Template) -> String {
        template.parts.map { part -> String in
            if case .literal(let s) = part { return string(s) }
            return ""
        }.joined()
    }
}
