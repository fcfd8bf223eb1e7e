/// What `tipc gen swift` is asked for: the name of the generated namespace and the access
/// level of every generated declaration.
public struct SwiftGenOptions: Sendable, Hashable {
    /// The access level of generated declarations.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        /// Visible in the app's module only (the default: the catalog belongs to one target).
        case `internal`
        /// Visible to modules importing the app's module (a shared "tips" library target).
        case `public`
    }

    /// The namespace enum holding the bundle, `makeStore` and the catalog's enumerations
    /// (default `AppTips`). Must be a Swift identifier; never `Tip` or `Tips`, which would
    /// clash with TipKit.
    public var typeName: String
    /// The access level of every generated declaration.
    public var accessLevel: AccessLevel

    public init(typeName: String = "AppTips", accessLevel: AccessLevel = .internal) {
        self.typeName = typeName
        self.accessLevel = accessLevel
    }
}
