import TipsBytecode
import TipsSource

/// The catalog an app version still in use was built with: what its typed Swift (generated
/// from the catalog it embeds) names. `tipc publish --app PATH` takes one per app version,
/// a definitions folder (its declarations give findings a place) or the `.tipsb` bundle the
/// app embeds.
public struct AppCatalog: Sendable {
    /// The path as given (messages name it).
    public var path: String
    public var schema: CatalogSchema
    /// The catalog's files; empty for a bundle.
    public var sources: SourceSet

    public init(path: String, schema: CatalogSchema, sources: SourceSet = SourceSet()) {
        self.path = path
        self.schema = schema
        self.sources = sources
    }

    /// The app catalog compiled from `sources`, or nil when they have errors.
    public init?(path: String, sources: SourceSet) {
        guard let bytes = CheckedCatalog(sources).compile().bytes,
              let verified = try? BundleLoader.load(bytes) else { return nil }
        self.init(path: path, schema: CatalogSchema(verified.bundle), sources: sources)
    }
}
