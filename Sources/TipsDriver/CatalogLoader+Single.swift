import TipsSource

extension CatalogLoader {
    /// Why a path does not name exactly one catalog that could be read.
    public enum SingleFailure: Error, Sendable, Equatable {
        /// Files could not be found or read: every problem, in the order met.
        case unreadable([Failure])
        /// The path holds no `.tips` files.
        case empty
        /// The path is a folder of this many catalogs.
        case several(Int)

        /// What to tell the user about `path`, one message per line after `tipc: error: `.
        public func messages(for path: String) -> [String] {
            switch self {
            case .unreadable(let failures): failures.map(\.message)
            case .empty: ["no .tips files found in \(path)"]
            case .several(let count): ["\(path) holds \(count) catalogs; name one of them"]
            }
        }
    }

    /// The one catalog `path` names (a catalog directory, or a file), found and read as
    /// ``load(_:)`` finds them: what `--defs PATH`, `tipc diff` and `tips-demo` take.
    public static func loadSingle(_ path: String) -> Swift.Result<SourceSet, SingleFailure> {
        let loaded = load([path])
        guard loaded.failures.isEmpty else { return .failure(.unreadable(loaded.failures)) }
        guard loaded.catalogs.count == 1, let sources = loaded.catalogs.first else {
            return .failure(loaded.catalogs.isEmpty ? .empty : .several(loaded.catalogs.count))
        }
        return .success(sources)
    }
}
