import Foundation
import TipsJournal
import TipsSyntax

/// Finds catalogs on disk the way `tipc check` does (Docs/cli.md): below a workspace folder,
/// the first directory on the way down that holds `.tips` files of its own is a catalog, and
/// every `.tips` file below it belongs to it. Entries starting with `.` are skipped.
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

    /// Whether `directory` on disk holds a visible regular `.tips` file itself.
    static func directoryHoldsTips(_ directory: String) -> Bool {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory) else { return false }
        return names.contains { name in
            guard name.hasSuffix(".tips"), !name.hasPrefix(".") else { return false }
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// Every `.tips` file below `directory`, in the order `tipc` visits them (byte-wise sorted
    /// names, directory by directory); symbolic-link cycles and deep trees are cut off.
    static func tipsFiles(below directory: String) -> [String] {
        var out: [String] = []
        var visited: Set<String> = []
        walk(directory, depth: 0, visited: &visited, into: &out)
        return out
    }

    private static func walk(_ directory: String, depth: Int, visited: inout Set<String>, into out: inout [String]) {
        let fm = FileManager.default
        let real = (try? fm.destinationOfSymbolicLink(atPath: directory)).map { _ in
            URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        } ?? directory
        guard depth < 32, visited.insert(real).inserted,
              let names = try? fm.contentsOfDirectory(atPath: directory) else { return }
        let sorted = names.filter { !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for name in sorted {
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                walk(path, depth: depth + 1, visited: &visited, into: &out)
            } else if name.hasSuffix(".tips") {
                out.append(path)
            }
        }
    }

    /// The contents of a file, or `nil` if it cannot be read: like `tipc`, only a regular
    /// file within the parser's size limit is read (a FIFO in the workspace would block
    /// the server, `/dev/zero` behind a link would exhaust its memory).
    static func read(_ path: String) -> [UInt8]? {
        try? InputFile.read(path, limit: InputFile.Limit(bytes: Parser.maximumFileSize, what: "a .tips file"))
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
    /// The catalog directories below `root`: directories holding `.tips` files of their own,
    /// not looking inside a catalog for more (it is one namespace).
    static func catalogDirectories(under root: String, depth: Int = 0) -> [String] {
        if directoryHoldsTips(root) { return [root] }
        let fm = FileManager.default
        guard depth < 8, let names = try? fm.contentsOfDirectory(atPath: root) else { return [] }
        var out: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            let path = root + "/" + name
            if fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                out += catalogDirectories(under: path, depth: depth + 1)
            }
        }
        return out
    }
}
