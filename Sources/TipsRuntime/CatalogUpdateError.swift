import TipsSignature

/// Why a downloaded catalog was refused (`CatalogUpdate.check`). `message` is for the log.
public struct CatalogUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// The manifest or the bundle is larger than what is read.
        case tooLarge
        /// The manifest is not a well-formed catalog manifest of a supported format.
        case malformedManifest
        /// The manifest is signed with a key id the app does not trust.
        case untrustedKey
        /// The signature does not verify with the trusted key of that id.
        case badSignature
        /// The bundle's length is not the manifest's (truncated or padded).
        case sizeMismatch
        /// The bundle's SHA-256 is not the manifest's (changed bytes).
        case digestMismatch
        /// The update is another app's catalog.
        case otherCatalog
        /// The update is not newer than the running catalog.
        case notNewer
        /// The bundle needs a newer runtime.
        case unreadableFormat
        /// The bundle does not decode or verify.
        case invalidBundle
        /// A checked document could not be kept beside the journal (a kill switch whose file
        /// could not be written, the store closed): nothing changed; try again.
        case notKept
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The kind a manifest's own failure (`CatalogManifest.decode`, `verify`) is refused with.
    init(_ failure: CatalogManifest.Failure) {
        let kind: Kind
        switch failure {
        case .unknownKey: kind = .untrustedKey
        case .badSignature: kind = .badSignature
        case .sizeMismatch: kind = .sizeMismatch
        case .digestMismatch: kind = .digestMismatch
        case .malformed, .unsupportedFormat, .invalidField: kind = .malformedManifest
        }
        self.init(kind, failure.description)
    }

    public var description: String { message }
}
