import TipsText

/// A response: status, header fields, body. The server adds `Content-Length`,
/// `Connection: close` and the security headers when it writes it.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON document.
    public static func json(_ value: JSON, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json; charset=utf-8")],
                     body: Array(value.rendered().utf8))
    }

    /// An error as JSON, `{"error": "..."}`: what the page shows.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(.object(["error": .string(message)]), status: status)
    }

    /// A UTF-8 HTML page.
    public static func html(_ text: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: Array(text.utf8))
    }

    /// The reason phrase of the statuses the server sends.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }

    /// The bytes on the wire; for `HEAD`, the head alone (with the body's length).
    public func serialized(includingBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPResponse.reason(status))\r\n"
        for h in headers { head += "\(h.name): \(h.value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        head += "Connection: close\r\n"
        // The page is inline: no other origin may script it, frame it or be fetched from it.
        head += "Cache-Control: no-store\r\n"
        head += "X-Content-Type-Options: nosniff\r\n"
        head += "X-Frame-Options: DENY\r\n"
        head += "Referrer-Policy: no-referrer\r\n"
        head += "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            + "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'\r\n"
        head += "\r\n"
        return Array(head.utf8) + (includingBody ? body : [])
    }
}
