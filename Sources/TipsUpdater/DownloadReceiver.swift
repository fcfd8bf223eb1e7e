import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TipsRuntime

/// A data task's delegate for one `Download`: counts the body as it arrives, stops the task
/// at the limit or on a status that is not wanted, and turns the outcome into one result,
/// delivered once, whichever comes first (completion, the limit, the deadline, cancellation).
final class DownloadReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Outcome = Result<Download.Response, CatalogFetchError>

    private struct State {
        var body: [UInt8] = []
        var outcome: Outcome?
        var continuation: CheckedContinuation<Outcome, Never>?
        var task: URLSessionTask?
        var session: URLSession?
        var delivered = false
    }

    private let download: Download
    private let state = RuntimeLock(State())

    init(_ download: Download) {
        self.download = download
    }

    /// Starts `task`, resuming `continuation` with the outcome; at once if it is already
    /// decided (cancelled before the start).
    func start(_ task: URLSessionTask, session: URLSession, continuation: CheckedContinuation<Outcome, Never>) {
        let decided = state.withLock { state -> Bool in
            state.continuation = continuation
            state.task = task
            state.session = session
            return state.outcome != nil
        }
        if decided {
            session.invalidateAndCancel()
            deliver()
        } else {
            task.resume()
        }
    }

    /// Ends the download with `error` unless it has ended already, and stops the task.
    func fail(_ error: CatalogFetchError) {
        let (task, session) = state.withLock { state -> (URLSessionTask?, URLSession?) in
            guard state.outcome == nil else { return (nil, nil) }
            state.outcome = .failure(error)
            return (state.task, state.session)
        }
        task?.cancel()
        session?.invalidateAndCancel()
        deliver()
    }

    private func deliver() {
        let ready = state.withLock { state -> (CheckedContinuation<Outcome, Never>, Outcome)? in
            guard !state.delivered, let continuation = state.continuation, let outcome = state.outcome else { return nil }
            state.delivered = true
            state.body = []
            return (continuation, outcome)
        }
        if let (continuation, outcome) = ready { continuation.resume(returning: outcome) }
    }

    private var what: String { "the \(download.resource.rawValue) (\(download.url.absoluteString))" }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // The response is known by the time its body arrives: a status not wanted, or a
        // length announced over the limit, ends the download before more is read.
        if let response = dataTask.response as? HTTPURLResponse, response.statusCode != 200 {
            fail(statusError(response))
            return
        }
        let announced = dataTask.response?.expectedContentLength ?? -1
        if announced > Int64(download.limit) {
            fail(CatalogFetchError(.tooLarge, download.resource, "\(what) is announced as \(announced) bytes; at most \(download.limit) are read"))
            return
        }
        let over = state.withLock { state -> Bool in
            guard state.outcome == nil else { return false }
            guard state.body.count + data.count <= download.limit else { return true }
            state.body.append(contentsOf: data)
            return false
        }
        if over {
            fail(CatalogFetchError(.tooLarge, download.resource, "\(what) is longer than \(download.limit) bytes, the most that are read"))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        session.finishTasksAndInvalidate()
        let received = state.withLock { $0.body.count }
        let response = task.response as? HTTPURLResponse
        let announced = response?.expectedContentLength ?? -1
        let short = announced >= 0 && Int64(received) < announced
        let outcome: Outcome
        if let error {
            outcome = .failure(classify(error, received: received, announced: announced, short: short))
        } else if let response {
            switch response.statusCode {
            case 200 where short:
                outcome = .failure(CatalogFetchError(.truncated, download.resource, "\(what) ended after \(received) of the \(announced) bytes announced"))
            case 200, 304:
                guard response.statusCode == 200 || download.ifNoneMatch != nil else { fallthrough }
                let body = state.withLock { $0.body }
                outcome = .success(Download.Response(status: response.statusCode, etag: response.value(forHTTPHeaderField: "ETag"), body: body))
            default:
                outcome = .failure(statusError(response))
            }
        } else {
            outcome = .failure(CatalogFetchError(.transport(URLError.badServerResponse.rawValue), download.resource, "\(what): not an HTTP response"))
        }
        let first = state.withLock { state -> Bool in
            guard state.outcome == nil else { return false }
            state.outcome = outcome
            return true
        }
        if first { deliver() }
    }

    /// A status other than the ones wanted; a 429's or 503's `Retry-After` goes with it.
    private func statusError(_ response: HTTPURLResponse) -> CatalogFetchError {
        var error = CatalogFetchError(.httpStatus(response.statusCode), download.resource, "\(what): HTTP status \(response.statusCode)")
        if response.statusCode == 429 || response.statusCode == 503 {
            error.retryAfter = response.value(forHTTPHeaderField: "Retry-After")
        }
        return error
    }

    private func classify(_ error: any Error, received: Int, announced: Int64, short: Bool) -> CatalogFetchError {
        // URLError codes as numbers: `URLError.Code(rawValue:)` is failable on Linux only.
        let code = (error as? URLError)?.code.rawValue ?? (error as NSError).code
        let resource = download.resource
        switch code {
        case URLError.Code.timedOut.rawValue:
            return CatalogFetchError(.timedOut, resource, "\(what): no answer within \(download.idleTimeout)")
        case URLError.Code.cancelled.rawValue:
            return CatalogFetchError(.cancelled, resource, "\(what): cancelled")
        case URLError.Code.cannotConnectToHost.rawValue, URLError.Code.cannotFindHost.rawValue,
             URLError.Code.dnsLookupFailed.rawValue, URLError.Code.notConnectedToInternet.rawValue:
            return CatalogFetchError(.unreachable, resource, "\(what): \(error.localizedDescription)")
        default:
            // A body that stopped short of its announced length is truncated, whatever the
            // transport calls it; one without a length that broke off lost its connection.
            if short {
                return CatalogFetchError(.truncated, resource, "\(what) ended after \(received) of the \(announced) bytes announced")
            }
            if code == URLError.Code.networkConnectionLost.rawValue || received > 0 {
                return CatalogFetchError(.connectionLost, resource, "\(what): the connection broke after \(received) bytes")
            }
            return CatalogFetchError(.transport(code), resource, "\(what): \(error.localizedDescription) (URLError \(code))")
        }
    }
}
