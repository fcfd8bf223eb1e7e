import TipsCommandLine
import TipsJournal
import TipsSwiftGen
import TipsText

/// A target's `tips-gen.json` (`tipc gen swift --config FILE`, which the plugin passes when
/// the target has one): the generator's options for that target, so one module's catalog
/// can be `public` for the app's other modules.
///
///     { "access": "public", "typeName": "NotesTips" }
///
/// Both keys are optional; flags given on the command line win. Anything else (an unknown
/// key, a value of the wrong kind or an access level that doesn't exist) is an error naming
/// the file, the key and the valid choices: a misspelt option must not generate `internal`
/// code unnoticed.
struct GenConfig: Equatable {
    /// The keys a config may hold.
    static let keys = ["access", "typeName"]

    var access: SwiftGenOptions.AccessLevel?
    var typeName: String?

    /// Reads the config in `bytes`, which came from `path` (named in errors).
    init(_ bytes: [UInt8], path: String) throws(UsageError) {
        let json: JSON
        do throws(JSON.ParseError) { json = try JSON.parse(bytes) } catch {
            throw UsageError(message: "\(path): not valid JSON: \(error)")
        }
        guard case .object(let members) = json else {
            throw UsageError(message: "\(path): expected an object such as {\"access\": \"public\"}")
        }
        for (key, value) in members {
            switch key {
            case "access":
                guard case .string(let raw) = value else { throw Self.wrongKind(path, key, "a string") }
                guard let level = SwiftGenOptions.AccessLevel(rawValue: raw) else {
                    let names = SwiftGenOptions.AccessLevel.allCases.map(\.rawValue)
                    var message = "\(path): invalid access '\(raw)'; expected \(names.joined(separator: ", "))"
                    if let guess = CommandSuggestion.closest(to: raw, among: names) { message += "; did you mean '\(guess)'?" }
                    throw UsageError(message: message)
                }
                access = level
            case "typeName":
                guard case .string(let name) = value else { throw Self.wrongKind(path, key, "a string") }
                typeName = name
            default:
                var message = "\(path): unknown key '\(key)'; valid keys: \(Self.keys.joined(separator: ", "))"
                if let guess = CommandSuggestion.closest(to: key, among: Self.keys) { message += "; did you mean '\(guess)'?" }
                throw UsageError(message: message)
            }
        }
    }

    /// The most `--config` reads: two short options.
    static let limit = InputFile.Limit(bytes: 64 << 10, what: "a tips-gen.json config")

    private static func wrongKind(_ path: String, _ key: String, _ kind: String) -> UsageError {
        UsageError(message: "\(path): '\(key)' must be \(kind)")
    }
}
