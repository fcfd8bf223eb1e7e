import TipsSource
import TipsCheck
import TipsDriver

/// The editor's view of the files: workspace folders, open documents (whose text wins over
/// the disk), the catalogs they belong to, and each catalog's latest ``Analysis``.
///
/// Analyses are recomputed lazily: an edit marks its catalog stale, and the server checks
/// stale catalogs once the messages already received are handled, so a burst of keystrokes
/// costs one check, not one per keystroke.
struct Workspace {
    struct Document {
        var uri: String
        /// The file's path for `file:` URIs.
        var path: String?
        var version: Int
        /// The text and its line table, updated edit by edit.
        var text: DocumentText
        var bytes: [UInt8] { text.bytes }

        init(uri: String, path: String?, version: Int, bytes: [UInt8]) {
            self.uri = uri
            self.path = path
            self.version = version
            text = DocumentText(bytes)
        }
    }

    struct Catalog {
        /// The catalog's key: its directory, or the document URI for a file outside any catalog.
        var key: String
        /// The catalog directory, `nil` for a lone file checked for syntax only.
        var directory: String?
        /// `.tips` files found on disk below the directory, in catalog order.
        var diskFiles: [String]
        var analysis: Analysis?
        var isStale = true
        /// Whether diagnostics changed since they were last published.
        var needsPublish = true
        /// Every URI diagnostics were last published for in this catalog.
        var publishedURIs: Set<String> = []
        /// The last analysis's parsed files, by URI, for the next one to reuse.
        var parsed: [String: Analysis.ParsedFile] = [:]
        /// The checker of the last analysis, which re-checks only what an edit can change.
        var checker = IncrementalChecker()
    }

    /// Workspace folder paths; documents below none of them get syntax diagnostics only.
    var roots: [String] = [] {
        didSet { catalogsByRoot = [:] }
    }
    /// The catalog directories found below each root (a search of the disk, so done once
    /// until files may have come or gone).
    private var catalogsByRoot: [String: [String]] = [:]
    /// What the searches of the disk could not search or read, for the client's log; each
    /// message is logged once per session.
    private(set) var problems: [String] = []
    private var logged: Set<String> = []
    var documents: [String: Document] = [:]
    var catalogs: [String: Catalog] = [:]
    /// File contents read from disk, by path.
    private var disk: [String: [UInt8]] = [:]
    /// String Catalogs read from disk, by path.
    private var translations: [String: [UInt8]] = [:]
    /// The catalog each URI was last found in: finding it lists directories, and a
    /// keystroke must not. Cleared whenever files may have come or gone.
    private var keys: [String: String] = [:]

    /// The key of the catalog `uri` belongs to, creating (and scanning) it if needed.
    mutating func catalogKey(for uri: String) -> String {
        if let key = keys[uri], catalogs[key] != nil { return key }
        let key = findCatalogKey(for: uri)
        keys[uri] = key
        return key
    }

    /// Forgets which catalog each URI is in (files were added, removed or moved).
    mutating func forgetCatalogKeys() {
        keys = [:]
        catalogsByRoot = [:]
    }

    /// The `.tips` files below a catalog directory, noting the search's problems.
    private mutating func diskFiles(below directory: String) -> [String] {
        let (files, problems) = CatalogFiles.tipsFiles(below: directory)
        note(problems)
        return files
    }

    private mutating func note(_ messages: [String]) {
        for message in messages where logged.insert(message).inserted { problems.append(message) }
    }

    /// The problems not yet handed out (the list is emptied).
    mutating func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    /// Every catalog of every workspace folder, known from now on (for workspace-wide questions).
    mutating func discoverCatalogs() {
        for root in roots {
            if catalogsByRoot[root] == nil {
                let (found, problems) = CatalogFiles.catalogs(under: root)
                note(problems)
                catalogsByRoot[root] = found.map(\.directory)
                for (directory, files) in found where catalogs[directory] == nil {
                    var catalog = Catalog(key: directory, directory: directory, diskFiles: files)
                    catalog.needsPublish = false  // nobody asked for its diagnostics yet
                    catalogs[directory] = catalog
                }
            }
            for directory in catalogsByRoot[root] ?? [] { addCatalog(directory: directory) }
        }
    }

    private mutating func findCatalogKey(for uri: String) -> String {
        guard let path = DocumentURI.path(of: uri).map(CatalogFiles.normalized) else { return uri }
        let openDirectories = Set(documents.values.compactMap { $0.path }.filter { $0.hasSuffix(".tips") }
            .map(CatalogFiles.parent))
        for root in roots.sorted(by: { $0.count > $1.count }) {
            guard let directory = CatalogFiles.catalogRoot(of: path, under: root, holdsTips: {
                openDirectories.contains($0) || CatalogFiles.directoryHoldsTips($0)
            }) else { continue }
            if catalogs[directory] == nil {
                catalogs[directory] = Catalog(key: directory, directory: directory, diskFiles: diskFiles(below: directory))
            }
            return directory
        }
        if catalogs[uri] == nil { catalogs[uri] = Catalog(key: uri, directory: nil, diskFiles: []) }
        return uri
    }

    /// Marks the catalog of `uri` stale; `rescan` re-reads its list of files from disk.
    mutating func invalidate(uri: String, rescan: Bool = false) {
        if let path = DocumentURI.path(of: uri) { disk[CatalogFiles.normalized(path)] = nil }
        if rescan {
            forgetCatalogKeys()
            translations = [:]
        }
        let key = catalogKey(for: uri)
        catalogs[key]?.isStale = true
        catalogs[key]?.needsPublish = true
        if rescan, let directory = catalogs[key]?.directory {
            let files = diskFiles(below: directory)
            catalogs[key]?.diskFiles = files
        }
    }

    /// Forgets everything read from disk and rescans every catalog (a watched file changed).
    mutating func invalidateAll() {
        disk = [:]
        translations = [:]
        forgetCatalogKeys()
        for key in catalogs.keys {
            catalogs[key]?.isStale = true
            catalogs[key]?.needsPublish = true
            if let directory = catalogs[key]?.directory {
                let files = diskFiles(below: directory)
                catalogs[key]?.diskFiles = files
            }
        }
    }

    /// The catalog's analysis, recomputed if stale.
    mutating func analysis(of key: String) -> Analysis? {
        guard var catalog = catalogs[key] else { return nil }
        if catalog.isStale || catalog.analysis == nil {
            catalog.analysis = analyze(&catalog)
            catalog.isStale = false
            catalogs[key] = catalog
        }
        return catalog.analysis
    }

    /// The analysis holding `uri`, and the file's id in it.
    mutating func analysis(for uri: String) -> (Analysis, FileID)? {
        let key = catalogKey(for: uri)
        guard let analysis = analysis(of: key), let file = analysis.file(for: uri) else { return nil }
        return (analysis, file)
    }

    private mutating func analyze(_ catalog: inout Catalog) -> Analysis {
        guard let directory = catalog.directory else {
            let doc = documents[catalog.key]
            let name = doc?.path ?? catalog.key
            return Analysis(files: [(catalog.key, name, doc?.bytes ?? [])], syntaxOnly: true, cache: &catalog.parsed,
                            checker: &catalog.checker)
        }
        var paths = catalog.diskFiles
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        // Open documents below the directory belong to it even before they are saved.
        let open = documents.values.compactMap { $0.path.map(CatalogFiles.normalized) }
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".tips") }
        for path in open.sorted() where !paths.contains(path) { paths.append(path) }
        var files: [(uri: String, path: String, bytes: [UInt8])] = []
        for path in paths {
            let uri = DocumentURI.uri(forPath: path)
            let relative = String(path.dropFirst(prefix.count))
            if let doc = document(atPath: path) {
                files.append((doc.uri, relative, doc.bytes))
            } else if let bytes = diskBytes(path) {
                files.append((uri, relative, bytes))
            }
        }
        var analysis = Analysis(files: files, syntaxOnly: false, cache: &catalog.parsed, checker: &catalog.checker)
        analysis.addTranslations(translationFiles(in: directory))
        return analysis
    }

    /// The String Catalogs directly in a catalog's directory, read once until files may have
    /// changed (a save, a watched-file event), since a keystroke checks them again.
    private mutating func translationFiles(in directory: String) -> [(path: String, bytes: [UInt8])] {
        StringCatalogFiles.paths(in: directory).compactMap { path in
            if let bytes = translations[path] { return (path, bytes) }
            guard let bytes = try? FileSystem.readFile(path, limit: TranslationFiles.limit) else {
                note(["cannot read the String Catalog \(path)"])
                return nil
            }
            translations[path] = bytes
            return (path, bytes)
        }
    }

    private func document(atPath path: String) -> Document? {
        documents.values.first { $0.path.map(CatalogFiles.normalized) == path }
    }

    private mutating func diskBytes(_ path: String) -> [UInt8]? {
        if let cached = disk[path] { return cached }
        let bytes = CatalogFiles.read(path)
        disk[path] = bytes
        return bytes
    }
}

extension Workspace {
    /// Makes sure the catalog in `directory` is known (for workspace-wide questions).
    mutating func addCatalog(directory: String) {
        guard catalogs[directory] == nil else { return }
        var catalog = Catalog(key: directory, directory: directory, diskFiles: diskFiles(below: directory))
        catalog.needsPublish = false  // nobody asked for its diagnostics yet
        catalogs[directory] = catalog
    }
}
