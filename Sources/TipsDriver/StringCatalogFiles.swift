import TipsCheck
import TipsSource

/// The String Catalogs beside a catalog's `.tips` files: every `*.xcstrings` directly in
/// the deepest folder holding them (``TipsSource/SourceSet/catalogFolder``). They are the
/// catalog's translations: `tipc check` and the language server (`Analysis.addTranslations`) check them with the
/// catalog, `tipc strings export` carries them into what it writes, and `tipc strings
/// import` writes them.
public enum StringCatalogFiles {
    /// The folder they live in.
    public static func folder(of catalog: CheckedCatalog) -> String { catalog.sources.catalogFolder }

    /// Their paths, sorted; none when the folder cannot be listed.
    public static func paths(in folder: String) -> [String] {
        let names = (try? FileSystem.entries(of: folder)) ?? []
        return names.filter { $0.hasSuffix(".xcstrings") && !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { CatalogSearch.join(folder, $0) }
    }

    /// The String Catalogs beside `catalog`, read and checked against it; one that cannot be
    /// read is E600, at its first byte.
    public static func beside(_ catalog: CheckedCatalog, sourceLanguage: String = "en") -> TranslationFiles {
        var files: [(path: String, bytes: [UInt8])] = []
        var failures: [(path: String, reason: String)] = []
        for path in paths(in: folder(of: catalog)) {
            do throws(FileSystem.Failure) {
                files.append((path, try FileSystem.readFile(path, limit: TranslationFiles.limit)))
            } catch {
                failures.append((path, error.reason))
            }
        }
        var read = TranslationFiles(files, for: catalog, sourceLanguage: sourceLanguage)
        for failure in failures {
            let id = read.sources.add(path: failure.path, bytes: [])
            read.diagnostics.append(.error(.unreadableTranslations, "cannot read \(failure.path): \(failure.reason)",
                                           at: .point(id, 0)))
        }
        read.diagnostics = read.diagnostics.sortedForOutput()
        return read
    }
}
