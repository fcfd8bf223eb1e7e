import TipsDriver
import TipsSource

extension Invocation {
    /// Loads the catalogs named by `arguments`' paths (the current directory when none),
    /// as `tipc check`, `compile`, `gen`, `publish` and `strings` all do. Returns nil (after
    /// printing why) when files could not be found or read (exit 2); warns when no `.tips`
    /// file was found.
    public mutating func loadCatalogs(_ arguments: ParsedArguments) -> [SourceSet]? {
        let loaded = CatalogLoader.load(arguments.positionals)
        guard loaded.failures.isEmpty else {
            for failure in loaded.failures { error(failure.message) }
            return nil
        }
        if loaded.catalogs.isEmpty {
            let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
            warning("no .tips files found in \(paths.joined(separator: ", "))")
        }
        return loaded.catalogs
    }
}
