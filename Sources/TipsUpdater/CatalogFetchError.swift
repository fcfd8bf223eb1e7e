import TipsRuntime

/// Why a `CatalogUpdater.check` found no update, or `checkSuspension` no kill switch to
/// apply: what happened on the wire, or which check refused what arrived. A failed check
/// changes nothing but its own backoff: the app keeps the catalog and the suspension it
/// runs, and the remembered ETag stays as it was. `message` is for the log.
public struct CatalogFetchError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The server answered with a status other than 200 (or 304 to a conditional
        /// request; or, for the suspension, 404, which is `SuspensionFetch.notPublished`).
        case httpStatus(Int)
        /// No byte arrived for the idle timeout, or the download outlasted the total timeout.
        case timedOut
        /// The body is longer than what is read: more than `CatalogManifest.maxByteCount`
        /// for the manifest, more than the manifest's signed size (at most the bundle
        /// limit) for the bundle, more than `CatalogSuspension.maxByteCount` for the
        /// suspension. Reading stops at the limit; nothing more is received.
        case tooLarge
        /// The body ended before the length the server announced (`Content-Length`).
        case truncated
        /// The connection broke while a response was arriving.
        case connectionLost
        /// No server answered: connection refused, host unknown, no network.
        case unreachable
        /// Another transport failure: the `URLError` code.
        case transport(Int)
        /// What arrived was refused by `CatalogUpdate.checkManifest` or `CatalogUpdate.check`,
        /// or, for the suspension, by `TipStore.applySuspension` (`malformedManifest`,
        /// `untrustedKey`, `badSignature`, `otherCatalog`, `notNewer` for a replay,
        /// `notKept`).
        case rejected(CatalogUpdateError.Kind)
        /// An earlier check failed and the backoff delay has not passed (`retryAt`); nothing
        /// was sent.
        case backingOff
        /// The calling task was cancelled.
        case cancelled
    }

    /// The download a failure belongs to.
    public enum Resource: String, Hashable, Sendable {
        case manifest
        case bundle
        /// The kill switch's `suspension.json` (`CatalogUpdater.checkSuspension`).
        case suspension
    }

    public var kind: Kind
    /// The download that failed; nil for `backingOff`.
    public var resource: Resource?
    public var message: String
    /// The check of a manifest, bundle or suspension that refused it, for `rejected`.
    public var rejection: CatalogUpdateError?
    /// When (a `TipClock` instant, milliseconds) the updater sends its next request: after
    /// this failure's backoff. Nil for `cancelled`, which does not count as a failure.
    public var retryAt: Int64?
    /// The server's `Retry-After` header, as it came, with a 429 or 503 status (nil
    /// otherwise): `retryAt` is at least that far off, cut to the backoff's
    /// `retryAfterLimit`.
    public var retryAfter: String?

    public init(_ kind: Kind, _ resource: Resource?, _ message: String, rejection: CatalogUpdateError? = nil) {
        self.kind = kind
        self.resource = resource
        self.message = message
        self.rejection = rejection
    }

    /// A refusal by the update's checks.
    init(_ rejection: CatalogUpdateError, _ resource: Resource) {
        self.init(.rejected(rejection.kind), resource, "the \(resource.rawValue) was refused: \(rejection.message)", rejection: rejection)
    }

    public var description: String { message }
}
