#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsCommandLine
import TipsDriver
import TipsSignature

/// `tipc keygen`: make an Ed25519 key pair for `tipc publish` (Docs/remote.md, "Keys"): the
/// private key file (owner-only) and, beside it, the public key file an app ships.
enum KeygenCommand {
    static let command = Command(
        name: "keygen",
        summary: "Make an Ed25519 key pair for signing published catalogs.",
        usage: "tipc keygen [--key-id ID] -o FILE",
        options: [
            .init(name: "-o", value: "FILE", help: "The private key file to create (required); the public key goes to FILE.pub"),
            .init(name: "--key-id", value: "ID", help: "The key's id in manifests (default: ed25519- and 16 hex digits of its SHA-256)"),
        ],
        details: """
            Writes the private key to FILE, readable by its owner only, and the public key to
            FILE.pub; neither may exist already (a key is never overwritten). Keep FILE
            secret (a CI secret); ship the public key and its id in the app. Prints the key
            id and the public key in hex.
            Exit status: 0 written, 2 usage or I/O error (a file exists, a folder is missing).
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let arguments: ParsedArguments
        let path: String
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            guard let out = arguments.values["-o"], !out.isEmpty, out != "-" else {
                throw UsageError(message: "missing key file: give -o FILE")
            }
            guard arguments.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(arguments.positionals[0])'") }
            if let id = arguments.values["--key-id"], !CatalogManifest.isValidName(id) {
                throw UsageError(message: "key id '\(id)' is not 1 to 128 of letters, digits, '.', '_' and '-' (not starting with '.')")
            }
            path = out
        } catch {
            return invocation.usageError(error, command: command)
        }
        let key = Ed25519.PrivateKey()
        let keyID = arguments.values["--key-id"] ?? SigningKeyFile.defaultKeyID(key.publicKey)
        let file = SigningKeyFile(privateKey: key, keyID: keyID)
        for existing in [path, path + ".pub"] where access(existing, F_OK) == 0 {
            invocation.error("\(existing) exists; tipc keygen never overwrites a key")
            return ExitCode.usage
        }
        do throws(OutputFile.Failure) {
            try create(path, file.encoded(), mode: 0o600)
            try create(path + ".pub", file.publicOnly.encoded(), mode: 0o644)
        } catch {
            invocation.error("cannot write \(error.path): \(error.reason)")
            return ExitCode.usage
        }
        invocation.stdout += "wrote \(path) (private: keep it secret) and \(path).pub\n"
            + "key id \(keyID)\npublic key \(file.publicKey)\n"
        return ExitCode.success
    }

    /// Creates the new file `path` with `mode` (never replacing one) and writes `bytes`.
    static func create(_ path: String, _ bytes: [UInt8], mode: mode_t) throws(OutputFile.Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw OutputFile.Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        // Exactly `mode`, whatever the umask: owner-only for the private key, readable for the public one.
        _ = fchmod(fd, mode)
        try OutputFile.writeAll(fd, bytes[...], path: path)
        guard fsync(fd) == 0 else { throw OutputFile.Failure(path: path, reason: String(cString: strerror(errno))) }
    }
}
