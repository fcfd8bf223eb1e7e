import TipsSource

/// Finds and reads the `.tips` files of a catalog.
///
/// Each path may name a file (taken whatever its extension) or a directory, searched
/// recursively for `*.tips` files in sorted order so output is deterministic. Inside
/// directories, entries whose name starts with `.` (`.git`, `.build`) are skipped, symbolic
/// links are followed, and a link leading back to a directory being searched is reported
/// instead of looping. A file reached twice (two links, or named twice) is read once.
public enum CatalogLoader {
    /// A problem finding or reading the catalog; `message` reads after `tipc: error: `.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// What loading produces: the files read, and every problem met (all are reported at
    /// once so one run shows everything to fix).
    public struct Result: Sendable {
        public var sources: SourceSet
        public var failures: [Failure]
    }

    /// Loads `paths` (the current directory when empty).
    public static func load(_ paths: [String]) -> Result {
        var walker = Walker()
        for path in paths.isEmpty ? ["."] : paths {
            walker.visit(argument: path)
        }
        return Result(sources: walker.sources, failures: walker.failures)
    }

    /// `directory/name`, without a leading `./` for the current directory.
    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private struct Walker {
        var sources = SourceSet()
        var failures: [Failure] = []
        var seen: Set<FileSystem.Identity> = []

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
                case .directory: walk(path, identity: st.identity, ancestors: [])
                case .regular: add(path, identity: st.identity)
                case .symlink, .other: fail("not a regular file or directory: \(path)")
                }
            }
        }

        mutating func walk(_ directory: String, identity: FileSystem.Identity, ancestors: [FileSystem.Identity]) {
            let names: [String]
            do {
                names = try FileSystem.entries(of: directory)
            } catch {
                fail("cannot read directory \(directory): \(error.reason)")
                return
            }
            let inside = ancestors + [identity]
            // Byte-wise order, independent of locale and of the file system's listing order.
            for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
                where !name.hasPrefix(".") {
                let path = CatalogLoader.join(directory, name)
                let isTips = name.hasSuffix(".tips")
                switch FileSystem.status(path) {
                case .failure(let f):
                    if f.isLoop {
                        fail("symbolic link loop: \(path)")
                    } else if f.isMissing {
                        // A dangling link only matters if it was meant to be part of the catalog.
                        if isTips { fail("broken symbolic link: \(path)") }
                    } else {
                        fail("cannot read \(path): \(f.reason)")
                    }
                case .success(let st):
                    switch st.kind {
                    case .directory:
                        if inside.contains(st.identity) {
                            fail("symbolic link loop: \(path) leads back to a directory being searched")
                        } else {
                            walk(path, identity: st.identity, ancestors: inside)
                        }
                    case .regular:
                        if isTips { add(path, identity: st.identity) }
                    case .symlink, .other:
                        break
                    }
                }
            }
        }

        mutating func add(_ path: String, identity: FileSystem.Identity) {
            guard seen.insert(identity).inserted else { return }
            do {
                sources.add(path: path, bytes: try FileSystem.readFile(path))
            } catch {
                fail("cannot read \(path): \(error.reason)")
            }
        }

        mutating func fail(_ message: String) {
            failures.append(Failure(message: message))
        }
    }
}
