import TipsDriver
import TipsJournal

/// Finds catalogs on disk the way `tipc check` does (Docs/cli.md), with the same search (the
/// driver's `CatalogSearch`): below a workspace folder, the first directory on the way down
/// that holds `.tips` files of its own is a catalog, and every `.tips` file below it belongs
/// to it. Entries starting with `.` are skipped.
enum CatalogFiles {
    /// The catalog directory holding `path`, searching down from `root`; `nil` if `path` is
    /// not below `root`. `holdsTips` answers for directories (on disk or open in the editor).
    static func catalogRoot(of path: String, under root: String, holdsTips: (String) -> Bool) -> String? {
        let rootComponents = components(root)
        let fileComponents = components(path)
        guard fileComponents.count > rootComponents.count,
              Array(fileComponents.prefix(rootComponents.count)) == rootComponents else { return nil }
        let directories = fileComponents.dropLast()
        for depth in rootComponents.count...directories.count {
            let directory = join(Array(directories.prefix(depth)))
            if holdsTips(directory) { return directory }
        }
        return join(Array(directories))
    }

    /// Whether `directory` on disk holds a `.tips` file itself (as `tipc` decides).
    static func directoryHoldsTips(_ directory: String) -> Bool {
        CatalogSearch.holdsTips(directory)
    }

    /// Every `.tips` file below `directory`, in the order `tipc` visits them (byte-wise sorted
    /// names, directory by directory), by `tipc`'s bounded search, with the
    /// problems it met (link loops, links to `/`, too large or too deep a tree).
    static func tipsFiles(below directory: String) -> (files: [String], problems: [String]) {
        let found = CatalogSearch.catalog(directory)
        return (found.groups.first?.files.map(\.path) ?? [], found.problems.map(\.description))
    }

    /// The contents of a file, or `nil` if it cannot be read: like `tipc`, only a regular
    /// file within the parser's size limit is read (a FIFO in the workspace would block
    /// the server, `/dev/zero` behind a link would exhaust its memory).
    static func read(_ path: String) -> [UInt8]? {
        try? FileSystem.readFile(path, limit: FileSystem.Limit.source)
    }

    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    static func join(_ components: [String]) -> String { "/" + components.joined(separator: "/") }

    /// `path` without `.`/`..` components and doubled slashes (no symbolic links resolved).
    static func normalized(_ path: String) -> String {
        var out: [String] = []
        for c in components(path) {
            if c == "." { continue }
            if c == ".." { _ = out.popLast(); continue }
            out.append(c)
        }
        return join(out)
    }

    /// The directory part of a path.
    static func parent(_ path: String) -> String { join(Array(components(path).dropLast())) }
}

extension CatalogFiles {
    /// The catalog directories below `root` (directories holding `.tips` files of their own,
    /// not looking inside a catalog for more: it is one namespace), with their files, and
    /// the problems the search met: the search `tipc check ROOT` makes.
    static func catalogs(under root: String) -> (catalogs: [(directory: String, files: [String])], problems: [String]) {
        let found = CatalogSearch.catalogs(under: root)
        return (found.groups.map { ($0.directory, $0.files.map(\.path)) }, found.problems.map(\.description))
    }
}
