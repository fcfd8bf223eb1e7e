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
/// Directories are searched by ``CatalogSearch``, the search the language server and
/// `tips-demo` use too: byte-wise sorted order, so output is deterministic; entries whose name
/// starts with `.` (`.git`, `.build`) skipped; symbolic links followed while they stay inside
/// the directory named, each directory entered once, and a link back to a directory being
/// searched or out of the one named reported instead of followed. A file reached twice (two
/// links, or named twice) is read once.
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
    package static func join(_ directory: String, _ name: String) -> String { CatalogSearch.join(directory, name) }

    private struct Walker {
        var catalogs: [SourceSet] = []
        var failures: [Failure] = []
        /// The search for catalogs below directories, shared by all arguments: a directory
        /// or file reached again through another argument is not taken twice.
        var search = CatalogSearch()
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
                    let seen = search.events.count
                    search.catalogs(under: path, identity: st.identity)
                    // Files are read, and their failures reported, in the order the search met them.
                    for event in search.events[seen...] {
                        switch event {
                        case .catalog: catalogs.append(SourceSet())
                        case .file(let file, _): read(file, into: catalogs.count - 1)
                        case .problem(let message): fail(message)
                        }
                    }
                case .regular:
                    if looseFiles == nil {
                        looseFiles = catalogs.count
                        catalogs.append(SourceSet())
                    }
                    if let index = looseFiles, search.take(st.identity) { read(path, into: index) }
                case .symlink, .other:
                    fail("not a regular file or directory: \(path)")
                }
            }
        }

        mutating func read(_ path: String, into index: Int) {
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
