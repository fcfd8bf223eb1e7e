import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One GET with a hard limit on the body, an idle and a total timeout: the updater's only
/// way onto the network. The body is received piece by piece (a data task's delegate), so
/// an oversized body is cut off at the limit, never buffered whole first.
struct Download: Sendable {
    var url: URL
    var resource: CatalogFetchError.Resource
    /// The most body bytes read; one more fails the download (`tooLarge`).
    var limit: Int
    var ifNoneMatch: String?
    var idleTimeout: Duration
    var totalTimeout: Duration

    /// A response the updater looks at: 200 with its body, or 304.
    struct Response: Sendable {
        var status: Int
        var etag: String?
        var body: [UInt8]
    }

    func run() async throws(CatalogFetchError) -> Response {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.seconds(idleTimeout)
        configuration.timeoutIntervalForResource = Self.seconds(totalTimeout)
        // The updater does its own conditional requests: no cache may answer for the server.
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.seconds(idleTimeout))
        request.httpMethod = "GET"
        if let ifNoneMatch { request.setValue(ifNoneMatch, forHTTPHeaderField: "If-None-Match") }

        let receiver = DownloadReceiver(self)
        // The session keeps its delegate until invalidated; the receiver invalidates it when
        // the task completes.
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        let task = session.dataTask(with: request)
        // The session's own resource timeout is not honoured alike everywhere: the total
        // timeout is also enforced here.
        let deadline = DispatchWorkItem { [receiver] in
            receiver.fail(CatalogFetchError(.timedOut, resource, "the \(resource.rawValue) download took longer than \(totalTimeout) (\(url.absoluteString))"))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds(totalTimeout), execute: deadline)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                receiver.start(task, session: session, continuation: continuation)
            }
        } onCancel: {
            receiver.fail(CatalogFetchError(.cancelled, resource, "the check was cancelled"))
        }
        deadline.cancel()
        return try result.get()
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
