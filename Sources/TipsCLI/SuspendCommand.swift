import TipsCommandLine
import TipsDriver
import TipsSignature

/// `tipc suspend`: write the signed kill switch, `suspension.json`, into a published folder
/// (Docs/remote.md, "The kill switch"). The deciding is `SuspensionPublisher.plan`'s; this
/// reads the key, renders and writes.
enum SuspendCommand {
    static let command = Command(
        name: "suspend",
        summary: "Sign the kill switch of a published folder: hide tips on every device now, or lift it.",
        usage: "tipc suspend --key FILE (--tip NAME... | --all | --lift) [--serial N] [--catalog ID] [--allow-unknown] -o FOLDER",
        options: [
            .init(name: "-o", value: "FOLDER", help: "The published folder (required): suspension.json goes beside manifest.json"),
            .init(name: "--key", value: "FILE", help: "The private key file from 'tipc keygen' (required; the keys publish signs with)"),
            .init(name: "--tip", value: "NAME", help: "A tip to hide, by its declared name (repeatable, or NAME,NAME)"),
            .init(name: "--all", value: nil, help: "Hide every tip"),
            .init(name: "--lift", value: nil, help: "Hide nothing: lift every suspension"),
            .init(name: "--serial", value: "N", help: "The document's serial (default: the folder's suspension's plus 1, or 1)"),
            .init(name: "--catalog", value: "ID", help: "The catalog id (default: the folder's manifest's)"),
            .init(name: "--allow-unknown", value: nil, help: "Accept tip names the published catalog does not have"),
        ],
        details: """
            The document lists every tip it hides and replaces the one in force: to hide a
            second tip, name both; --lift brings every tip back. The folder's manifest.json
            gives the catalog id and the tip names checked against; its suspension.json, if
            any, the previous serial: the new serial must be above it (apps refuse a serial
            not above the one in force, so an old document cannot be replayed). Signed with
            Ed25519 over its own text, so it never passes for a manifest. Written atomically.
            Exit status: 0 written, 1 refused (an unknown tip name, a serial not above the
            previous one, another catalog id), 2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let arguments: ParsedArguments
        let folder: String, keyPath: String
        let tips: SuspensionPublisher.Tips
        var serial: UInt64?
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            guard let out = arguments.values["-o"], !out.isEmpty else { throw UsageError(message: "missing folder: give -o FOLDER") }
            guard let key = arguments.values["--key"], !key.isEmpty else {
                throw UsageError(message: "missing signing key: give --key FILE (the key 'tipc publish' signs with)")
            }
            guard arguments.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(arguments.positionals[0])'") }
            let names = (arguments.lists["--tip"] ?? []).flatMap { $0.split(separator: ",").map(String.init) }
            let modes = [!names.isEmpty, arguments.flags.contains("--all"), arguments.flags.contains("--lift")].filter { $0 }.count
            guard modes == 1 else {
                throw UsageError(message: modes == 0 ? "say what to hide: --tip NAME..., --all, or --lift to hide nothing"
                    : "give one of --tip NAME..., --all and --lift")
            }
            tips = !names.isEmpty ? .named(names) : arguments.flags.contains("--all") ? .all : .none
            if let n = try arguments.wholeNumber("--serial", in: 1...UInt64.max) { serial = n }
            folder = out.hasSuffix("/") && out.count > 1 ? String(out.dropLast()) : out
            keyPath = key
        } catch {
            return invocation.usageError(error, command: command)
        }

        let key: Ed25519.PrivateKey, keyID: String
        do throws(Definitions.Exit) { (key, keyID) = try PublishCommand.readKey(keyPath, &invocation) } catch { return error.status }

        let request = SuspensionPublisher.Request(tips: tips, catalog: arguments.values["--catalog"], serial: serial, key: key,
                                                  keyID: keyID, allowUnknownTips: arguments.flags.contains("--allow-unknown"))
        let plan: SuspensionPublisher.Plan
        do throws(SuspensionPublisher.Failure) { plan = try SuspensionPublisher.plan(request, into: folder) } catch {
            invocation.error(error.description)
            switch error {
            case .folder, .previous: return ExitCode.usage
            default: return ExitCode.failure
            }
        }
        do throws(OutputFile.Failure) { try OutputFile(plan.path).write(plan.bytes, &invocation) } catch {
            invocation.error("cannot write \(error.path): \(error.reason)")
            return ExitCode.usage
        }
        func shown(_ tips: [String]) -> String {
            tips.isEmpty ? "no tip" : tips == [CatalogSuspension.everyTip] ? "every tip" : tips.joined(separator: ", ")
        }
        for name in plan.unknownTips {
            invocation.stdout += "warning: published version \(plan.publishedVersion ?? 0) has no tip '\(name)' (--allow-unknown): "
                + "it is hidden once a catalog that has it runs\n"
        }
        let s = plan.suspension
        let before = plan.previous.map { "serial \($0.serial) hid \(shown($0.tips))" } ?? "no suspension before"
        invocation.stdout += "wrote \(plan.path): \(s.catalog) serial \(s.serial) hides \(shown(s.tips)) (\(before)), signed by \(s.keyID)\n"
        return ExitCode.success
    }
}
