import TipsJournal
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
/// Directories are searched by ``CatalogSearch``, as the language server searches its
/// workspace folders: everything is visited in byte-wise sorted order, so output is
/// deterministic; entries whose name starts with `.` (`.git`, `.build`) are skipped; symbolic
/// links are followed, each directory entered once, and a link leading back to a directory
/// being searched (or above it, as a `sysroot` link to `/` does) is reported instead of
/// followed; the search is bounded. A file reached twice (two links, or named twice) is read
/// once.
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
                    discover(path)
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

        /// The catalogs below `directory`, found by the search the language server uses too
        /// (every directory once, bounded, links back or above reported).
        mutating func discover(_ directory: String) {
            let found = CatalogSearch.catalogs(under: directory)
            for problem in found.problems { fail(problem.description) }
            for group in found.groups {
                catalogs.append(SourceSet())
                for file in group.files {
                    add(file.path, identity: FileSystem.Identity(device: file.identity.device, inode: file.identity.inode),
                        to: catalogs.count - 1)
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
