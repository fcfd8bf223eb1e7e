import TipsSource

extension SourceSet {
    /// These files with every path made relative to the deepest directory holding all of
    /// them, in the same order (so with the same file ids): what a bundle or generated
    /// Swift names, so that they depend on the catalog and not on where it was checked out.
    public func relativeToCatalog() -> SourceSet {
        let common = commonDirectory
        var relocated = SourceSet()
        for file in files {
            let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
            relocated.add(path: parts.dropFirst(common.count).joined(separator: "/"), bytes: file.bytes)
        }
        return relocated
    }

    /// The deepest directory holding every file, as a path (`.` when that is the current
    /// directory): where the String Catalogs beside a catalog's `.tips` files live.
    public var catalogFolder: String {
        let joined = commonDirectory.joined(separator: "/")
        return joined.isEmpty ? (files.first?.path.hasPrefix("/") == true ? "/" : ".") : joined
    }

    /// The path components of the deepest directory holding every file.
    private var commonDirectory: [Substring] {
        let directories = files.map { file -> [Substring] in
            var parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
            parts.removeLast()
            return parts
        }
        var common = directories.first ?? []
        for parts in directories.dropFirst() {
            var n = 0
            while n < common.count, n < parts.count, common[n] == parts[n] { n += 1 }
            common.removeLast(common.count - n)
        }
        return common
    }
}
