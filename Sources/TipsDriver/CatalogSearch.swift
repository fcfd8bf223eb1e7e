import TipsJournal

/// The one search for catalogs on disk: ``CatalogLoader`` (what `tipc` reads), the language
/// server's workspace folders and `tips-demo` all find `.tips` files with it, so they find
/// the same files and refuse the same trees in the same words.
///
/// The rule (Docs/cli.md): below a directory, the first directory on the way down holding
/// `.tips` files of its own is a catalog, and every `.tips` file below it belongs to it; a
/// directory holding none is searched the same way. A directory counts as holding `.tips`
/// files when a visible entry named `*.tips` is not a directory (a dangling link so named
/// counts: it was meant to be part of the catalog). Names starting with `.` are skipped and
/// names are visited in byte-wise order, so results never depend on the file system.
///
/// Symbolic links are followed while they stay inside the directory the search started
/// from. Every directory is entered once (by device and inode, whatever path reaches it); a
/// link back to a directory being searched is reported as a loop, and a directory link
/// leading out of the start directory (an SDK's `sysroot` pointing at `/`) is reported and
/// not followed. So a search visits each directory of one tree at most once and ends.
package struct CatalogSearch {
    /// What the search met, in order.
    package enum Event: Sendable, Hashable {
        /// A catalog begins: the files after it, up to the next catalog, are its own.
        case catalog(directory: String)
        /// A `.tips` file of the current catalog, by the path it was reached through (each
        /// file once, however many paths lead to it).
        case file(path: String, identity: FileSystem.Identity)
        /// Something not searched or not found, as a message for after `error: `.
        case problem(String)
    }

    /// Everything met so far, in the order met (a reader of the files reports its own
    /// failures in this order too).
    package private(set) var events: [Event] = []
    /// Every directory entered so far.
    private var visited: Set<FileSystem.Identity> = []
    /// Every file taken so far.
    private var taken: Set<FileSystem.Identity> = []
    /// The directory the current search started from, as named and as it really is.
    private var start = (path: "", real: "")

    package init() {}

    /// Searches the directory `root` (whose identity is `identity`) for catalogs: itself
    /// when it holds `.tips` files, else its subdirectories by the same rule.
    package mutating func catalogs(under root: String, identity: FileSystem.Identity) {
        begin(root)
        guard visited.insert(identity).inserted, let entries = list(root) else { return }
        if entries.contains(where: \.makesCatalog) {
            events.append(.catalog(directory: root))
            walk(root, entries: entries, chain: [identity])
        } else {
            discover(root, entries: entries, chain: [identity])
        }
    }

    /// Takes the file with `identity` (named explicitly); false when it was taken before.
    package mutating func take(_ identity: FileSystem.Identity) -> Bool {
        taken.insert(identity).inserted
    }

    /// The catalogs below `root` with their files, and the problems met (`root` missing or
    /// not a directory among them).
    package static func catalogs(under root: String) -> (catalogs: [(directory: String, files: [String])], problems: [String]) {
        var search = CatalogSearch()
        switch FileSystem.status(root) {
        case .success(let st) where st.kind == .directory:
            search.catalogs(under: root, identity: st.identity)
        case .success:
            search.problem("not a directory: \(root)")
        case .failure(let f):
            search.problem("cannot read directory \(root): \(f.reason)")
        }
        var catalogs: [(directory: String, files: [String])] = []
        var problems: [String] = []
        for event in search.events {
            switch event {
            case .catalog(let directory): catalogs.append((directory, []))
            case .file(let path, _): if !catalogs.isEmpty { catalogs[catalogs.count - 1].files.append(path) }
            case .problem(let message): problems.append(message)
            }
        }
        return (catalogs, problems)
    }

    /// Every `.tips` file below `directory`, as one catalog (`directory` need not hold any
    /// itself), and the problems met.
    package static func files(below directory: String) -> (files: [String], problems: [String]) {
        var search = CatalogSearch()
        switch FileSystem.status(directory) {
        case .success(let st) where st.kind == .directory:
            search.begin(directory)
            search.visited.insert(st.identity)
            if let entries = search.list(directory) { search.walk(directory, entries: entries, chain: [st.identity]) }
        case .success:
            search.problem("not a directory: \(directory)")
        case .failure(let f):
            search.problem("cannot read directory \(directory): \(f.reason)")
        }
        var files: [String] = []
        var problems: [String] = []
        for event in search.events {
            switch event {
            case .catalog: break
            case .file(let path, _): files.append(path)
            case .problem(let message): problems.append(message)
            }
        }
        return (files, problems)
    }

    /// Whether `directory` holds `.tips` files of its own, so is a catalog.
    package static func holdsTips(_ directory: String) -> Bool {
        var search = CatalogSearch()
        return search.list(directory)?.contains(where: \.makesCatalog) ?? false
    }

    /// `directory/name`, without a leading `./` for the current directory.
    package static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    // MARK: - The walk

    /// A directory entry with what `stat` said about it.
    private struct Entry {
        var name: String
        var path: String
        var status: Result<FileSystem.Status, FileSystem.Failure>
        var isTips: Bool { name.hasSuffix(".tips") }

        /// Whether the entry makes its directory a catalog.
        var makesCatalog: Bool {
            guard isTips else { return false }
            if case .success(let st) = status, st.kind == .directory { return false }
            return true
        }
    }

    private mutating func begin(_ root: String) {
        start = (root, JournalPlatform.resolvedPath(root))
    }

    private mutating func problem(_ message: String) {
        events.append(.problem(message))
    }

    /// The sorted, visible entries of `directory`, or `nil` (reported) if unreadable.
    private mutating func list(_ directory: String) -> [Entry]? {
        let names: [String]
        do {
            names = try FileSystem.entries(of: directory)
        } catch {
            problem("cannot read directory \(directory): \(error.reason)")
            return nil
        }
        // Byte-wise order, independent of locale and of the file system's listing order.
        return names.filter { !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { name in
                let path = Self.join(directory, name)
                return Entry(name: name, path: path, status: FileSystem.status(path))
            }
    }

    /// Whether to enter the directory `entry` leads to, reporting why not: not one being
    /// searched (`chain`), not through a link out of the start directory, and not twice.
    private mutating func enter(_ entry: Entry, identity: FileSystem.Identity, chain: [FileSystem.Identity]) -> Bool {
        if chain.contains(identity) {
            problem("symbolic link loop: \(entry.path) leads back to a directory being searched")
            return false
        }
        if case .success(let link) = FileSystem.status(entry.path, followLinks: false), link.kind == .symlink {
            let target = JournalPlatform.resolvedPath(entry.path)
            let inside = start.real == "/" || target == start.real || target.hasPrefix(start.real + "/")
            if !inside {
                problem("not following symbolic link \(entry.path): it leads to \(target), outside \(start.path)")
                return false
            }
        }
        // Reached before through another path (two links to one directory): its files are taken.
        return visited.insert(identity).inserted
    }

    /// Looks for catalogs below a directory that is not one.
    private mutating func discover(_ directory: String, entries: [Entry], chain: [FileSystem.Identity]) {
        for entry in entries {
            switch entry.status {
            case .failure(let f):
                // Outside a catalog only loops matter: a dangling link to anything is no input.
                if f.isLoop { problem("symbolic link loop: \(entry.path)") }
            case .success(let st) where st.kind == .directory:
                guard enter(entry, identity: st.identity, chain: chain), let children = list(entry.path) else { continue }
                if children.contains(where: \.makesCatalog) {
                    events.append(.catalog(directory: entry.path))
                    walk(entry.path, entries: children, chain: chain + [st.identity])
                } else {
                    discover(entry.path, entries: children, chain: chain + [st.identity])
                }
            case .success:
                break
            }
        }
    }

    /// Takes every `.tips` file below a catalog's directory.
    private mutating func walk(_ directory: String, entries: [Entry], chain: [FileSystem.Identity]) {
        for entry in entries {
            switch entry.status {
            case .failure(let f):
                if f.isLoop {
                    problem("symbolic link loop: \(entry.path)")
                } else if f.isMissing {
                    // A dangling link only matters if it was meant to be part of the catalog.
                    if entry.isTips { problem("broken symbolic link: \(entry.path)") }
                } else {
                    problem("cannot read \(entry.path): \(f.reason)")
                }
            case .success(let st):
                switch st.kind {
                case .directory:
                    guard enter(entry, identity: st.identity, chain: chain), let children = list(entry.path) else { continue }
                    walk(entry.path, entries: children, chain: chain + [st.identity])
                case .regular:
                    if entry.isTips, taken.insert(st.identity).inserted {
                        events.append(.file(path: entry.path, identity: st.identity))
                    }
                case .symlink, .other:
                    // A FIFO or device is never an input (reading it could block or have effects).
                    break
                }
            }
        }
    }
}
