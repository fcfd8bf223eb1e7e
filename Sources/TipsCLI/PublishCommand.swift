import TipsCommandLine
import TipsDriver
import TipsJournal
import TipsSignature
import TipsSource

/// `tipc publish`: compile one catalog, sign it, and write the bundle and its manifest into
/// a folder that any static host can serve (Docs/remote.md). The deciding is
/// `CatalogPublisher.plan`'s; this reads the key, compiles, renders and writes.
enum PublishCommand {
    static let command = Command(
        name: "publish",
        summary: "Compile, sign and publish one catalog into a folder for remote delivery.",
        usage: "tipc publish --key FILE [--catalog ID] [--version N] [--force] [--app PATH]... [--force-app] [--color auto|always|never] [PATH...] -o FOLDER",
        options: [
            .init(name: "-o", value: "FOLDER", help: "The published folder (required; it must exist): manifest.json and the bundles"),
            .init(name: "--key", value: "FILE", help: "The private key file from 'tipc keygen' (required)"),
            .init(name: "--catalog", value: "ID", help: "The catalog's id (required the first time; then it must stay the same)"),
            .init(name: "--version", value: "N", help: "The catalog version (default: the published version plus 1, or 1)"),
            .init(name: "--force", value: nil, help: "Publish even when changes against the published catalog lose users' state"),
            .init(name: "--app", value: "PATH", help: "The catalog an app version in use embeds: its definitions or its .tipsb bundle (repeatable)"),
            .init(name: "--force-app", value: nil, help: "Publish even when an --app catalog's typed Swift names what the new catalog lost"),
            .init(name: "--color", value: "auto|always|never",
                  help: "Colour text output (default auto: on a terminal, unless NO_COLOR is set)"),
        ],
        details: """
            PATHs make up one catalog, found and checked as by 'tipc compile'. The folder's
            manifest.json, if any, is the published baseline: the catalog id must be the
            same, the version must grow, and the catalog diff against the published bundle
            (the codes of 'tipc diff', Docs/diff.md) may have no error, a change that loses or
            misreads users' saved state, unless --force; declare renames with renamedFrom to
            keep state instead. Each --app PATH (a definitions folder or .tips file, or the
            .tipsb bundle a shipped app embeds; once per app version still in use) must keep
            working: a tip, event, parameter, enum case or group its typed Swift names must
            stay (under its name or a declared renamedFrom), and events keep the payload it
            sends (E700-E708, W700, Docs/diagnostics.md), unless --force-app, which prints
            each finding as overridden. The bundle is written as ID-VERSION.tipsb, then manifest.json
            (catalog id, version, oldest bundle reader format, size, SHA-256, key id and the
            Ed25519 signature), each replaced atomically, so a reader never finds a manifest
            whose bundle is missing.
            Exit status: 0 published, 1 errors in the catalog or a refused publication
            (breaking changes, an app catalog it breaks, an older version, another catalog id),
            2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let arguments: ParsedArguments
        let color: ColorMode
        let folder: String, keyPath: String
        var version: UInt64?
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            color = try arguments.choice("--color", default: ColorMode.auto)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            guard let out = arguments.values["-o"], !out.isEmpty else { throw UsageError(message: "missing folder: give -o FOLDER") }
            guard let key = arguments.values["--key"], !key.isEmpty else {
                throw UsageError(message: "missing signing key: give --key FILE (make one with 'tipc keygen')")
            }
            if let n = try arguments.wholeNumber("--version", in: 1...UInt64.max) { version = n }
            folder = out.hasSuffix("/") && out.count > 1 ? String(out.dropLast()) : out
            keyPath = key
        } catch {
            return invocation.usageError(error, command: command)
        }

        let key: Ed25519.PrivateKey, keyID: String
        do throws(Definitions.Exit) { (key, keyID) = try readKey(keyPath, &invocation) } catch { return error.status }

        guard let catalogs = invocation.loadCatalogs(arguments) else { return ExitCode.usage }
        guard catalogs.count == 1 else {
            invocation.error(catalogs.isEmpty ? "nothing to publish: no .tips files"
                : "\(catalogs.count) catalogs found; tipc publish publishes one catalog into one folder")
            return ExitCode.usage
        }
        let report = CheckCommand.report(catalogs, arguments, format: .text, color: color, &invocation)
        guard !report.failed, let checked = report.checked.first,
              let bytes = checked.compile(catalogRelativePaths: true).bytes else {
            invocation.error("nothing published: the catalog has errors")
            return ExitCode.failure
        }

        var apps: [AppCatalog] = []
        for path in arguments.lists["--app"] ?? [] {
            do throws(Definitions.Exit) {
                let input = try DiffInput.load(path, &invocation)
                apps.append(AppCatalog(path: path, schema: input.schema, sources: input.sources))
            } catch {
                return error.status
            }
        }
        let forceApps = arguments.flags.contains("--force-app")
        let request = CatalogPublisher.Request(bundle: bytes, catalog: arguments.values["--catalog"], version: version,
                                               key: key, keyID: keyID, force: arguments.flags.contains("--force"),
                                               apps: apps, forceApps: forceApps, sources: checked.sources)
        let publication: CatalogPublisher.Publication
        do throws(CatalogPublisher.Failure) {
            publication = try CatalogPublisher.plan(request, into: folder)
        } catch {
            if case .breakingChanges(let changes, _) = error {
                for change in changes { invocation.stderr += "  \(change.code.rawValue) \(change.kind.rawValue) '\(change.name)': \(change.message)\n" }
            }
            if case .appIncompatible(let findings) = error {
                for finding in findings { invocation.stderr += finding.text + "\n" }
            }
            invocation.error(error.description)
            if case .folder = error { return ExitCode.usage }
            if case .previous = error { return ExitCode.usage }
            return ExitCode.failure
        }

        do throws(OutputFile.Failure) {
            try OutputFile(publication.bundlePath).write(publication.bundle, &invocation)
            try OutputFile(publication.manifestPath).write(publication.manifestBytes, &invocation)
        } catch {
            invocation.error("cannot write \(error.path): \(error.reason)")
            return ExitCode.usage
        }
        let manifest = publication.manifest
        for change in publication.changes where change.severity != .note || request.force {
            let forced = change.severity == .error ? " (forced)" : ""
            invocation.stdout += "\(change.severity == .error ? "error" : "warning")\(forced): \(change.code.rawValue) "
                + "\(change.kind.rawValue) '\(change.name)': \(change.message)\n"
        }
        for finding in publication.appFindings {
            invocation.stdout += finding.text + (finding.severity == .error ? " (overridden by --force-app)" : "") + "\n"
        }
        let overridden = publication.appFindings.filter { $0.severity == .error }.count
        if !apps.isEmpty, overridden == 0 {
            invocation.stdout += "checked against \(apps.map(\.path).joined(separator: ", ")): nothing their typed Swift names is lost\n"
        }
        if overridden > 0 {
            invocation.stdout += "--force-app: published although \(overridden) finding\(overridden == 1 ? "" : "s") against "
                + "\(apps.count) app catalog\(apps.count == 1 ? "" : "s") \(overridden == 1 ? "says" : "say") app versions in use cannot honour it\n"
        }
        let against = publication.previous.map { "version \($0.version), \(publication.changes.count) changes" } ?? "first publication"
        invocation.stdout += "published \(manifest.catalog) version \(manifest.version) (\(against)) to \(folder): "
            + "\(manifest.bundle), \(manifest.size) bytes, sha256 \(manifest.sha256.prefix(16))…, signed by \(manifest.keyID)\n"
        return ExitCode.success
    }

    /// The private key and its id from the key file at `path`.
    static func readKey(_ path: String, _ invocation: inout Invocation) throws(Definitions.Exit) -> (Ed25519.PrivateKey, String) {
        let bytes: [UInt8]
        do throws(FileSystem.Failure) { bytes = try FileSystem.readFile(path, limit: SigningKeyFile.limit) } catch {
            invocation.error("cannot read key file \(path): \(error.reason)")
            throw Definitions.Exit(status: ExitCode.usage)
        }
        let file: SigningKeyFile, key: Ed25519.PrivateKey?
        do throws(SigningKeyFile.Failure) {
            file = try SigningKeyFile.decode(bytes)
            key = try file.signingKey()
        } catch {
            invocation.error("\(path): \(error.description)")
            throw Definitions.Exit(status: ExitCode.usage)
        }
        guard let key else {
            invocation.error("\(path) is a public key file; publishing signs with the private key file 'tipc keygen' wrote")
            throw Definitions.Exit(status: ExitCode.usage)
        }
        return (key, file.keyID)
    }
}
