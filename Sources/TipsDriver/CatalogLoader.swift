import TipsSource

/// Finds and reads the catalogs named on the command line.
///
/// A catalog is a directory: every `*.tips` file below it, recursively, forms one namespace
/// (Docs/language.md). A directory holding `.tips` files of its own is such a catalog; a
/// directory holding none is a folder of catalogs, and each of its subdirectories is looked
/// at the same way. So `Definitions/` with `notes-app/` and `shop-app/` inside is two
/// catalogs, checked separately, while `notes-app/` alone is one. Files named explicitly
/// (whatever their extension) together form one more catalog.
///
/// Everything is visited in byte-wise sorted order, so output is deterministic. Inside
/// directories, entries whose name starts with `.` (`.git`, `.build`) are skipped; symbolic
/// links are followed, and a link leading back to a directory being searched is reported
/// instead of looping. A file reached twice (two links, or named twice) is read once.
public enum CatalogLoader {
    /// A problem finding or reading files; `message` reads after `tipc: error: `.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// What loading produces: the catalogs found, each its own ``SourceSet``, and every
    /// problem met (all are reported at once so one run shows everything to fix).
    public struct Result: Sendable {
        public var catalogs: [SourceSet]
        public var failures: [Failure]

        /// Every file of every catalog, in catalog order.
        public var files: [SourceFile] { catalogs.flatMap(\.files) }
    }

    /// Loads `paths` (the current directory when empty).
    public static func load(_ paths: [String]) -> Result {
        var walker = Walker()
        for path in paths.isEmpty ? ["."] : paths {
            walker.visit(argument: path)
        }
        return Result(catalogs: walker.catalogs.filter { !$0.files.isEmpty }, failures: walker.failures)
    }

    /// `directory/name`, without a leading `./` for the current directory.
    package static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// A directory entry with what `stat` said about it.
    private struct Entry {
        var name: String
        var path: String
        var status: Swift.Result<FileSystem.Status, FileSystem.Failure>
        var isTips: Bool { name.hasSuffix(".tips") }
    }

    private struct Walker {
        var catalogs: [SourceSet] = []
        var failures: [Failure] = []
        var seen: Set<FileSystem.Identity> = []
        /// The catalog collecting explicitly named files, once there is one.
        var looseFiles: Int?

        mutating func visit(argument path: String) {
            switch FileSystem.status(path) {
            case .failure(let f):
                if f.isMissing {
                    fail("no such file or directory: \(path)")
                } else if f.isLoop {
                    fail("symbolic link loop: \(path)")
                } else {
                    fail("cannot read \(path): \(f.reason)")
                }
            case .success(let st):
                switch st.kind {
                case .directory:
                    discover(path, identity: st.identity, ancestors: [])
                case .regular:
                    if looseFiles == nil {
                        looseFiles = catalogs.count
                        catalogs.append(SourceSet())
                    }
                    if let index = looseFiles { add(path, identity: st.identity, to: index) }
                case .symlink, .other:
                    fail("not a regular file or directory: \(path)")
                }
            }
        }

        /// The sorted, visible entries of `directory`, or `nil` (reported) if unreadable.
        mutating func list(_ directory: String) -> [Entry]? {
            let names: [String]
            do {
                names = try FileSystem.entries(of: directory)
            } catch {
                fail("cannot read directory \(directory): \(error.reason)")
                return nil
            }
            // Byte-wise order, independent of locale and of the file system's listing order.
            return names.filter { !$0.hasPrefix(".") }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                .map { name in
                    let path = CatalogLoader.join(directory, name)
                    return Entry(name: name, path: path, status: FileSystem.status(path))
                }
        }

        /// A catalog if `directory` holds `.tips` files itself, else a folder of catalogs.
        mutating func discover(_ directory: String, identity: FileSystem.Identity, ancestors: [FileSystem.Identity]) {
            guard let entries = list(directory) else { return }
            let holdsTips = entries.contains { entry in
                guard entry.isTips else { return false }
                if case .success(let st) = entry.status, st.kind == .directory { return false }
                return true
            }
            if holdsTips {
                catalogs.append(SourceSet())
                walk(directory, entries: entries, identity: identity, ancestors: ancestors, into: catalogs.count - 1)
                return
            }
            let inside = ancestors + [identity]
            for entry in entries {
                switch entry.status {
                case .failure(let f):
                    if f.isLoop { fail("symbolic link loop: \(entry.path)") }
                case .success(let st) where st.kind == .directory:
                    if inside.contains(st.identity) {
                        fail("symbolic link loop: \(entry.path) leads back to a directory being searched")
                    } else {
                        discover(entry.path, identity: st.identity, ancestors: inside)
                    }
                case .success:
                    break
                }
            }
        }

        /// Adds every `.tips` file below `directory` to catalog `index`.
        mutating func walk(_ directory: String, entries: [Entry], identity: FileSystem.Identity,
                           ancestors: [FileSystem.Identity], into index: Int) {
            let inside = ancestors + [identity]
            for entry in entries {
                switch entry.status {
                case .failure(let f):
                    if f.isLoop {
                        fail("symbolic link loop: \(entry.path)")
                    } else if f.isMissing {
                        // A dangling link only matters if it was meant to be part of the catalog.
                        if entry.isTips { fail("broken symbolic link: \(entry.path)") }
                    } else {
                        fail("cannot read \(entry.path): \(f.reason)")
                    }
                case .success(let st):
                    switch st.kind {
                    case .directory:
                        if inside.contains(st.identity) {
                            fail("symbolic link loop: \(entry.path) leads back to a directory being searched")
                        } else if let children = list(entry.path) {
                            walk(entry.path, entries: children, identity: st.identity, ancestors: inside, into: index)
                        }
                    case .regular:
                        if entry.isTips { add(entry.path, identity: st.identity, to: index) }
                    case .symlink, .other:
                        break
                    }
                }
            }
        }

        mutating func add(_ path: String, identity: FileSystem.Identity, to index: Int) {
            guard seen.insert(identity).inserted else { return }
            do {
                catalogs[index].add(path: path, bytes: try FileSystem.readFile(path, limit: FileSystem.Limit.source))
            } catch {
                fail("cannot read \(path): \(error.reason)")
            }
        }

        mutating func fail(_ message: String) {
            failures.append(Failure(message: message))
        }
    }
}
