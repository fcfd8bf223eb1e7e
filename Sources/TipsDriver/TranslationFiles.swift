import TipsCheck
import TipsJournal
import TipsSource

/// Translation files (`.xcstrings`, `.xliff`, `.xlf`) read for one catalog, and what the
/// translation check found in them: the driver's part of `tipc strings check` and `import`.
public struct TranslationFiles: Sendable {
    /// The catalog's files followed by the translation files: what the diagnostics point into.
    public var sources: SourceSet
    /// Everything the readable files hold.
    public var translations = Translations()
    /// E600 for each file that does not read, then the check's findings.
    public var diagnostics: [Diagnostic] = []
    /// The catalog's localized texts.
    public var strings: [LocalizedString]

    /// The kinds of file, by extension.
    public enum Kind: Sendable {
        case stringCatalog, xliff

        /// The kind of `path`, or nil for a file of neither.
        public init?(path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".xcstrings") {
                self = .stringCatalog
            } else if lower.hasSuffix(".xliff") || lower.hasSuffix(".xlf") {
                self = .xliff
            } else {
                return nil
            }
        }
    }

    /// The most a translation file may hold.
    package static let limit = InputFile.Limit(bytes: 64 << 20, what: "a translation file")

    /// A file that could not be read at all (exit 2, not a diagnostic).
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// Reads `paths` (each `.xcstrings`, `.xliff` or `.xlf`) for `catalog` and checks them.
    public static func read(_ paths: [String], for catalog: CheckedCatalog, sourceLanguage: String) throws(Failure) -> TranslationFiles {
        var files: [(path: String, bytes: [UInt8])] = []
        for path in paths {
            do throws(FileSystem.Failure) {
                files.append((path, try FileSystem.readFile(path, limit: limit)))
            } catch {
                throw Failure(message: error.isMissing ? "no such file or directory: \(path)" : "cannot read \(path): \(error.reason)")
            }
        }
        return TranslationFiles(files, for: catalog, sourceLanguage: sourceLanguage)
    }

    /// Checks the translation files `files` (path and bytes) for `catalog`.
    public init(_ files: [(path: String, bytes: [UInt8])], for catalog: CheckedCatalog, sourceLanguage: String) {
        sources = catalog.sources
        strings = LocalizedString.collect(catalog.model)
        for file in files {
            let id = sources.add(path: file.path, bytes: file.bytes)
            let source = sources[id]
            do throws(UnreadableTranslationFile) {
                switch Kind(path: file.path) {
                case .stringCatalog: translations.merge(try StringCatalogReader.read(source))
                case .xliff, nil: translations.merge(try XLIFFReader.read(source))
                }
            } catch {
                diagnostics.append(error.diagnostic)
            }
        }
        diagnostics += TranslationCheck(strings: strings, translations: translations, sourceLanguage: sourceLanguage).diagnostics()
        diagnostics = diagnostics.sortedForOutput()
    }
}
