import TipsDriver
import TipsScenario
import TipsSource

/// Finds scenario files under the command's paths and the catalog each one runs against.
enum ScenarioFinder {
    /// Scenario files end with this.
    static let fileExtension = ".scenario"

    struct Found {
        var inputs: [ScenarioSuite.Input] = []
        /// Messages for `tipc: error: ...`.
        var failures: [String] = []
    }

    /// Every `*.scenario` file under `paths` (directories searched recursively, byte-wise
    /// sorted, dot entries skipped; files named explicitly taken whatever their extension),
    /// each read once, with its catalog.
    static func find(_ paths: [String]) -> Found {
        var found = Found()
        var files: [String] = []
        var seen: Set<FileSystem.Identity> = []
        func visit(_ path: String, explicit: Bool, depth: Int) {
            switch FileSystem.status(path) {
            case .failure(let f):
                if explicit {
                    found.failures.append(f.isMissing ? "no such file or directory: \(path)"
                                          : f.isLoop ? "symbolic link loop: \(path)" : "cannot read \(path): \(f.reason)")
                }
            case .success(let st):
                guard seen.insert(st.identity).inserted else { return }
                switch st.kind {
                case .directory:
                    // Deep enough for any real tree; stops a link cycle through distinct paths.
                    guard depth < 64 else { return }
                    let names: [String]
                    do { names = try FileSystem.entries(of: path) } catch {
                        found.failures.append("cannot read directory \(path): \(error.reason)")
                        return
                    }
                    for name in names.filter({ !$0.hasPrefix(".") })
                        .sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                        let child = CatalogLoader.join(path, name)
                        if name.hasSuffix(fileExtension) {
                            visit(child, explicit: false, depth: depth + 1)
                        } else if case .success(let s) = FileSystem.status(child), s.kind == .directory {
                            visit(child, explicit: false, depth: depth + 1)
                        }
                    }
                case .regular:
                    files.append(path)
                case .symlink, .other:
                    if explicit { found.failures.append("not a regular file or directory: \(path)") }
                }
            }
        }
        for path in paths.isEmpty ? ["."] : paths { visit(path, explicit: true, depth: 0) }
        var catalogs: [String: (path: String, sources: SourceSet)?] = [:]
        for path in files {
            let bytes: [UInt8]
            do { bytes = try FileSystem.readFile(path, limit: FileSystem.Limit.scenario) } catch {
                found.failures.append("cannot read \(path): \(error.reason)")
                continue
            }
            let directory = catalogDirectory(of: path)
            let key = directory ?? ""
            if catalogs[key] == nil {
                if let directory {
                    let loaded = CatalogLoader.load([directory])
                    found.failures += loaded.failures.map(\.message)
                    catalogs[key] = loaded.catalogs.first.map { (directory, $0) }
                } else {
                    catalogs[key] = .some(nil)
                }
            }
            found.inputs.append(ScenarioSuite.Input(path: path, bytes: bytes, catalog: catalogs[key] ?? nil))
        }
        return found
    }

    /// The catalog of a scenario file: the nearest directory holding `.tips` files of its
    /// own, from the file's directory up through the path as written (then `.` and its
    /// parents for a relative path); and while its parent holds `.tips` files too, the
    /// parent, so a catalog with `.tips` files in subdirectories is read whole, as
    /// `tipc check` reads it.
    static func catalogDirectory(of file: String) -> String? {
        var directory = parent(of: file)
        var found: String? = nil
        for _ in 0..<64 {
            if holdsTips(directory) {
                found = directory
            } else if found != nil {
                return found
            }
            guard let up = parent(ofDirectory: directory) else { return found }
            directory = up
        }
        return found
    }

    static func parent(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        let p = String(file[..<slash])
        return p.isEmpty ? "/" : p
    }

    /// The parent as a path people read (`a/b` -> `a`, `a` -> `.`, `.` -> `..`, `..` ->
    /// `../..`), or nil at the root.
    static func parent(ofDirectory d: String) -> String? {
        if d == "/" { return nil }
        let parts = d.split(separator: "/", omittingEmptySubsequences: true)
        if parts.allSatisfy({ $0 == ".." || $0 == "." }) {
            // Going above the working directory: stop at the file system root.
            guard case .success(let here) = FileSystem.status(d), case .success(let root) = FileSystem.status("/"),
                  here.identity != root.identity else { return nil }
            return d == "." ? ".." : d + "/.."
        }
        if parts.count == 1 { return d.hasPrefix("/") ? "/" : "." }
        return (d.hasPrefix("/") ? "/" : "") + parts.dropLast().joined(separator: "/")
    }

    static func holdsTips(_ directory: String) -> Bool {
        guard let names = try? FileSystem.entries(of: directory) else { return false }
        return names.contains { name in
            guard name.hasSuffix(".tips"), !name.hasPrefix(".") else { return false }
            if case .success(let st) = FileSystem.status(CatalogLoader.join(directory, name)), st.kind == .regular { return true }
            return false
        }
    }
}
