import TipsBytecode
import TipsCommandLine
import TipsDriver

/// `tipc disasm`: load and verify a bundle, then print its tables and every program with
/// each instruction's address, opcode, operands and source position.
enum DisasmCommand {
    static let command = Command(
        name: "disasm",
        summary: "Verify a compiled bundle and print its programs as annotated bytecode.",
        usage: "tipc disasm FILE",
        options: [],
        details: """
            Loads FILE (written by 'tipc compile'), verifies it as an app would, and prints the
            header, the schemas (parameters, events, queries), then each tip with its rule
            programs, its actions' programs, its triggers and options, and the groups. Each
            instruction is one line: address, opcode, operands, '; ' what the operands name,
            '; file:line:column' where it came from. A bundle that fails to load or verify is
            reported as 'tipc: error: FILE: <problem>'.
            Exit status: 0 printed, 1 the bundle is invalid, 2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let path: String
        do throws(UsageError) {
            let arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            guard arguments.positionals.count == 1, let only = arguments.positionals.first else {
                throw UsageError(message: arguments.positionals.isEmpty
                    ? "missing bundle file" : "tipc disasm takes one bundle file, got \(arguments.positionals.count)")
            }
            path = only
        } catch {
            return invocation.usageError(error, command: command)
        }

        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(path, limit: FileSystem.Limit.bundle)
        } catch {
            invocation.error(error.isMissing ? "no such file or directory: \(path)" : "cannot read \(path): \(error.reason)")
            return ExitCode.usage
        }
        let verified: VerifiedBundle
        do {
            verified = try BundleLoader.load(bytes)
        } catch {
            invocation.error("\(path): \(error.description)")
            return ExitCode.failure
        }
        invocation.stdout += Listing(verified, path: path, byteCount: bytes.count).text
        return ExitCode.success
    }
}
