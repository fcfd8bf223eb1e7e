/// Splits a byte stream into JSON-RPC message bodies framed by `Content-Length` headers
/// (LSP base protocol): `Content-Length: N\r\n` (other headers ignored), a blank line, then
/// exactly N bytes.
///
/// Bytes arrive in arbitrary pieces; ``append(_:)`` buffers them and ``next()`` hands out
/// whole frames. A header block without a usable length cannot be resynchronised from the
/// length, so it is skipped up to its blank line and reported, and reading goes on.
public struct MessageFramer: Sendable {
    /// What the stream held next.
    public enum Frame: Sendable, Equatable {
        /// One message body.
        case message([UInt8])
        /// A header block that could not be used; the reason says why.
        case malformed(String)
    }

    /// Larger bodies are refused (and skipped) rather than buffered without bound.
    public static let maximumBodySize = 64 * 1024 * 1024
    /// A header block longer than this without its blank line is garbage, not a header.
    static let maximumHeaderSize = 8 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an oversized body still to be discarded.
    private var skipping = 0

    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Whether bytes are buffered that do not yet form a whole frame.
    public var hasPartialInput: Bool { start < buffer.count }

    /// The next whole frame, or `nil` until more bytes arrive.
    public mutating func next() -> Frame? {
        defer { compact() }
        if skipping > 0 {
            let n = min(skipping, buffer.count - start)
            start += n
            skipping -= n
            if skipping > 0 { return nil }
        }
        guard let (headerEnd, bodyStart) = findHeaderEnd() else {
            if buffer.count - start > Self.maximumHeaderSize {
                // No blank line in sight: drop what we have up to the last line break and say so.
                let lastBreak = buffer[start...].lastIndex(of: 0x0A) ?? (buffer.count - 1)
                start = lastBreak + 1
                return .malformed("header too long or missing its blank line")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        var problem: String?
        for rawLine in header.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
            guard let colon = line.firstIndex(of: ":") else {
                problem = "header line without ':'"
                continue
            }
            let name = line[..<colon].trimmingSpaces.lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "content-length" {
                if let n = Int(value), n >= 0 { length = n } else { problem = "invalid Content-Length '\(value)'" }
            }
        }
        guard let length else {
            start = bodyStart
            return .malformed(problem ?? "missing Content-Length header")
        }
        if length > Self.maximumBodySize {
            start = bodyStart
            skipping = length
            return .malformed("message of \(length) bytes is larger than the limit of \(Self.maximumBodySize)")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        return .message(body)
    }

    /// The end of the header block and the start of the body: after `\r\n\r\n` (or a bare `\n\n`).
    private func findHeaderEnd() -> (Int, Int)? {
        var i = start
        while i < buffer.count {
            if buffer[i] == 0x0A {
                if i + 1 < buffer.count, buffer[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    private mutating func compact() {
        if start > 0 && (start == buffer.count || start > 65_536) {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
