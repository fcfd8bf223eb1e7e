/// Reads one HTTP/1.1 request from the bytes received so far.
///
/// Strict on purpose, since only our own page and tools talk to it: lines end in CRLF, no
/// obsolete line folding, no `Transfer-Encoding` (a body comes with `Content-Length`), one
/// `Host` and at most one `Content-Length`, an origin-form target (`/...`) of visible ASCII.
/// Anything else is refused with a status and the reason, never a crash: the parser only
/// indexes bytes it has checked are there.
public enum HTTPParser {
    /// What the bytes so far amount to.
    public enum Outcome: Sendable, Hashable {
        /// Not a whole request yet, and nothing wrong so far.
        case incomplete
        /// A whole request, and how many bytes it took.
        case request(HTTPRequest, consumed: Int)
        /// Refused: the status to answer with and why.
        case rejected(status: Int, reason: String)
    }

    static let crlfcrlf: [UInt8] = [13, 10, 13, 10]

    /// Parses `bytes` (everything received on the connection) under `limits`.
    public static func parse(_ bytes: [UInt8], limits: HTTPLimits = HTTPLimits()) -> Outcome {
        let window = min(bytes.count, limits.maxHeaderBytes)
        guard let headEnd = find(crlfcrlf, in: bytes, before: window) else {
            if bytes.count >= limits.maxHeaderBytes {
                return .rejected(status: 431, reason: "the request line and headers exceed \(limits.maxHeaderBytes) bytes")
            }
            // Refuse what can never become a request without waiting for more of it.
            if let problem = earlyProblem(bytes, limits: limits) { return problem }
            return .incomplete
        }
        let head = Array(bytes[0..<headEnd])
        var lines: [[UInt8]] = []
        var start = 0
        var i = 0
        while i < head.count {
            let b = head[i]
            if b == 13 {
                guard i + 1 < head.count, head[i + 1] == 10 else { return bad("a CR not followed by LF") }
                lines.append(Array(head[start..<i]))
                i += 2
                start = i
                continue
            }
            if b == 10 { return bad("a line ends in a bare LF; lines end in CRLF") }
            i += 1
        }
        lines.append(Array(head[start..<head.count]))
        let line: (method: String, target: String, version: String)
        switch requestLine(lines[0], limits: limits) {
        case .success(let l): line = l
        case .failure(let f): return .rejected(status: f.status, reason: f.reason)
        }
        let fieldLines = lines.dropFirst()
        guard fieldLines.count <= limits.maxHeaderCount else {
            return .rejected(status: 431, reason: "more than \(limits.maxHeaderCount) header fields")
        }
        var headers: [HTTPHeader] = []
        for field in fieldLines {
            switch headerField(field) {
            case .success(let h): headers.append(h)
            case .failure(let f): return .rejected(status: f.status, reason: f.reason)
            }
        }
        let hosts = headers.filter { $0.name == "host" }
        if hosts.count > 1 { return bad("more than one Host header") }
        if line.version == "HTTP/1.1" && hosts.isEmpty { return bad("an HTTP/1.1 request without a Host header") }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .rejected(status: 501, reason: "Transfer-Encoding is not supported; send the body with Content-Length")
        }
        let lengths = headers.filter { $0.name == "content-length" }
        if lengths.count > 1 { return bad("more than one Content-Length header") }
        var length = 0
        if let text = lengths.first?.value {
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(text) else {
                return bad("Content-Length is not a decimal number: '\(text)'")
            }
            guard n <= limits.maxBodyBytes else {
                return .rejected(status: 413, reason: "the body (\(n) bytes) exceeds \(limits.maxBodyBytes) bytes")
            }
            length = n
        }
        let bodyStart = headEnd + 4
        guard bytes.count - bodyStart >= length else { return .incomplete }
        let request = HTTPRequest(method: line.method, target: line.target, version: line.version, headers: headers,
                                  body: Array(bytes[bodyStart..<(bodyStart + length)]))
        return .request(request, consumed: bodyStart + length)
    }

    struct Refusal: Error {
        var status: Int
        var reason: String
    }

    static func bad(_ reason: String) -> Outcome { .rejected(status: 400, reason: reason) }

    /// `METHOD SP /target SP HTTP/1.x`.
    static func requestLine(_ line: [UInt8], limits: HTTPLimits) -> Result<(method: String, target: String, version: String), Refusal> {
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(Refusal(status: 400, reason: "the request line is not 'METHOD /target HTTP/1.1'"))
        }
        let method = parts[0], target = parts[1], version = parts[2]
        guard !method.isEmpty, method.count <= 16, method.allSatisfy({ (65...90).contains($0) }) else {
            return .failure(Refusal(status: 400, reason: "the method is not 1 to 16 capital letters"))
        }
        guard target.count <= limits.maxTargetBytes else {
            return .failure(Refusal(status: 414, reason: "the target exceeds \(limits.maxTargetBytes) bytes"))
        }
        guard target.first == 47, target.allSatisfy({ (33...126).contains($0) }) else {
            return .failure(Refusal(status: 400, reason: "the target is not a path of visible ASCII starting with '/'"))
        }
        let v = String(decoding: version, as: UTF8.self)
        guard v == "HTTP/1.1" || v == "HTTP/1.0" else {
            if v.hasPrefix("HTTP/") && version.count == 8 {
                return .failure(Refusal(status: 505, reason: "HTTP version '\(v)' is not supported; use HTTP/1.1"))
            }
            return .failure(Refusal(status: 400, reason: "the request line does not end in HTTP/1.1"))
        }
        return .success((String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self), v))
    }

    /// `name: value`, the name a token, the value visible characters, spaces, tabs and
    /// bytes 0x80 and above.
    static func headerField(_ line: [UInt8]) -> Result<HTTPHeader, Refusal> {
        guard let first = line.first else { return .failure(Refusal(status: 400, reason: "an empty header line")) }
        if first == 32 || first == 9 {
            return .failure(Refusal(status: 400, reason: "a header line starts with a space (obsolete line folding)"))
        }
        guard let colon = line.firstIndex(of: 58) else {
            return .failure(Refusal(status: 400, reason: "a header line without ':'"))
        }
        let name = line[0..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            return .failure(Refusal(status: 400, reason: "a header name that is not a token"))
        }
        var value = line[(colon + 1)...]
        while let b = value.first, b == 32 || b == 9 { value = value.dropFirst() }
        while let b = value.last, b == 32 || b == 9 { value = value.dropLast() }
        guard value.allSatisfy({ $0 == 9 || (32...126).contains($0) || $0 >= 128 }) else {
            return .failure(Refusal(status: 400, reason: "a control character in the value of '\(String(decoding: name, as: UTF8.self))'"))
        }
        return .success(HTTPHeader(String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self)))
    }

    /// RFC 9110's tchar.
    static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case 48...57, 65...90, 97...122: return true
        case 33, 35, 36, 37, 38, 39, 42, 43, 45, 46, 94, 95, 96, 124, 126: return true
        default: return false
        }
    }

    /// A problem visible before the head is complete: a first line that went wrong.
    static func earlyProblem(_ bytes: [UInt8], limits: HTTPLimits) -> Outcome? {
        guard let end = bytes.firstIndex(of: 10) else {
            // No line yet: a method can't be longer than 16 letters, a target than the limit.
            if bytes.count > limits.maxTargetBytes + 32 {
                return .rejected(status: 414, reason: "the target exceeds \(limits.maxTargetBytes) bytes")
            }
            if let space = bytes.firstIndex(of: 32) {
                if !bytes[0..<space].allSatisfy({ (65...90).contains($0) }) || space > 16 {
                    return bad("the method is not 1 to 16 capital letters")
                }
            } else if bytes.count > 16 || !bytes.allSatisfy({ (65...90).contains($0) }) {
                return bad("the method is not 1 to 16 capital letters")
            }
            return nil
        }
        guard end > 0, bytes[end - 1] == 13 else { return bad("a line ends in a bare LF; lines end in CRLF") }
        if case .failure(let f) = requestLine(Array(bytes[0..<(end - 1)]), limits: limits) {
            return .rejected(status: f.status, reason: f.reason)
        }
        return nil
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], before limit: Int) -> Int? {
        guard limit >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= limit {
            if bytes[i] == needle[0] && bytes[i + 1] == needle[1] && bytes[i + 2] == needle[2] && bytes[i + 3] == needle[3] {
                return i
            }
            i += 1
        }
        return nil
    }
}
