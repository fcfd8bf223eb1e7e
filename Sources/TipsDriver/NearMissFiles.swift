import TipsCheck
import TipsSource

/// W172: files beside a catalog's `.tips` files whose name ends in a near miss of `.tips`
/// (`share.tip`, `share.tipss`, `Share.Tips`, `share.tisp`, and TextEdit's `share.tips.txt`).
/// A catalog reads only files ending in `.tips` (``CatalogSearch``), so such a file is left
/// out without a word, and the tips it holds never ship. `tipc check` reports each one,
/// at the file, with the name it was probably meant to have.
///
/// Only the folders that hold one of the catalog's files are looked at, one listing each.
package enum NearMissFiles {
    /// A file left out of the catalog and the name it probably meant.
    package struct Found: Sendable, Equatable {
        package var path: String
        package var meant: String
    }

    /// The near misses in the folders of `catalog`'s files, sorted by path; a folder that
    /// cannot be listed gives none (reading the catalog already reported what it could not read).
    package static func beside(_ catalog: SourceSet) -> [Found] {
        var folders: [String] = []
        for file in catalog.files {
            let folder = file.path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            let named = folder.isEmpty ? (file.path.hasPrefix("/") ? "/" : ".") : folder
            if !folders.contains(named) { folders.append(named) }
        }
        var found: [Found] = []
        for folder in folders {
            let names = (try? FileSystem.entries(of: folder)) ?? []
            for name in names where !name.hasPrefix(".") {
                guard let meant = meant(name) else { continue }
                let path = CatalogSearch.join(folder, name)
                guard case .success(let status) = FileSystem.status(path), status.kind == .regular else { continue }
                found.append(Found(path: path, meant: meant))
            }
        }
        return found.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The `.tips` name `name` was probably meant to have, or `nil` when it is one already or
    /// its extension is no near miss (one edit from `tips`, or `tips` in other capitals).
    package static func meant(_ name: String) -> String? {
        if name.hasSuffix(CatalogSearch.suffix) { return nil }
        if name.hasSuffix(".tips.txt"), name.count > ".tips.txt".count { return String(name.dropLast(4)) }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let base = name[..<dot], ext = name[name.index(after: dot)...].lowercased()
        guard ext.count >= 3, ext == "tips" || Suggestion.distance(ext, "tips", limit: 1) <= 1 else { return nil }
        return base + CatalogSearch.suffix
    }

    /// The W172 warning for `found`, at the start of the file `file` (empty in the set:
    /// the file is not read).
    package static func diagnostic(_ found: Found, file: FileID) -> Diagnostic {
        let shortName = found.path.split(separator: "/").last.map(String.init) ?? found.path
        return .warning(.nearMissExtension,
                        "'\(shortName)' is not part of the catalog: only files ending in '.tips' are read",
                        at: .point(file, 0),
                        notes: [Note("did you mean '\(found.meant)'? rename the file to include its declarations")])
    }
}
