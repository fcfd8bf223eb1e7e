/// Splits a byte stream into JSON-RPC message bodies framed by `Content-Length` headers
/// (LSP base protocol): `Content-Length: N\r\n` (other headers ignored), a blank line, then
/// exactly N bytes.
///
/// Bytes arrive in arbitrary pieces; ``append(_:)`` buffers them and ``next()`` hands out
/// whole frames. A header block without a usable length (`Content-Length: abc`, none at
/// all, no blank line in sight) says nothing about where its body ends, so it is reported
/// once and reading resynchronises: it skips to the next `Content-Length` (matched without
/// regard to case, wherever it starts: right after the unusable block's body, as a client
/// writes it), which starts the next header block. Every byte is looked at a bounded number
/// of times, so garbage costs time linear in its length.
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
    /// After an unusable header block: looking for the next `Content-Length`.
    private var resynchronising = false
    /// Where the search for the current header block's blank line goes on from (the bytes
    /// before it are known to hold none), so a header arriving byte by byte is scanned once.
    private var scanned = 0
    /// The header name that starts a usable block, in lower case.
    private static let marker = Array("content-length".utf8)

    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Whether bytes are buffered that do not yet form a whole frame.
    public var hasPartialInput: Bool { start < buffer.count }

    /// How many more bytes the current frame needs before it is whole: the rest of a body
    /// whose header has been read (or of an oversized body being skipped); `nil` while no
    /// header is complete.
    public var awaitedBytes: Int? {
        if skipping > 0 { return max(0, skipping - (buffer.count - start)) }
        guard !resynchronising, let (_, bodyStart) = findHeaderEnd(from: start), let length = parseHeader(start..<bodyStart).length,
              length <= Self.maximumBodySize else { return nil }
        return max(0, length - (buffer.count - bodyStart))
    }

    /// The next whole frame, or `nil` until more bytes arrive.
    public mutating func next() -> Frame? {
        defer { compact() }
        if skipping > 0 {
            let n = min(skipping, buffer.count - start)
            start += n
            skipping -= n
            if skipping > 0 { return nil }
        }
        if resynchronising {
            guard let at = findMarker(from: start) else {
                // Keep only what could be the start of a marker cut by the end of the input.
                start = max(start, buffer.count - (Self.marker.count - 1))
                scanned = start
                return nil
            }
            start = at
            scanned = at
            resynchronising = false
        }
        guard let (headerEnd, bodyStart) = findHeaderEnd(from: max(start, scanned - 2)) else {
            scanned = buffer.count
            if buffer.count - start > Self.maximumHeaderSize {
                return unusable("header too long or missing its blank line")
            }
            return nil
        }
        if headerEnd - start > Self.maximumHeaderSize {
            return unusable("header too long or missing its blank line")
        }
        let (length, problem) = parseHeader(start..<bodyStart)
        guard let length else {
            return unusable(problem ?? "missing Content-Length header")
        }
        if length > Self.maximumBodySize {
            start = bodyStart
            scanned = bodyStart
            skipping = length
            return .malformed("message of \(length) bytes is larger than the limit of \(Self.maximumBodySize)")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        scanned = start
        return .message(body)
    }

    /// Reports the header block at `start` and resynchronises after its first byte: the
    /// next `Content-Length` may be inside it (a body that ran into the next header).
    private mutating func unusable(_ reason: String) -> Frame {
        start += 1
        scanned = start
        resynchronising = true
        return .malformed(reason)
    }

    /// The length a header block declares (the last `Content-Length` wins), and what was
    /// wrong with it.
    private func parseHeader(_ range: Range<Int>) -> (length: Int?, problem: String?) {
        let header = String(decoding: buffer[range], as: UTF8.self)
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
                if let n = Int(value), n >= 0 {
                    length = n
                } else {
                    length = nil
                    problem = "invalid Content-Length '\(value.prefix(40))'"
                }
            }
        }
        return (length, problem)
    }

    /// The end of the header block and the start of the body: after `\r\n\r\n` (or a bare
    /// `\n\n`), searching from `from`.
    private func findHeaderEnd(from: Int) -> (Int, Int)? {
        var i = from
        while i < buffer.count {
            if buffer[i] == 0x0A {
                if i + 1 < buffer.count, buffer[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    /// The offset of the next `Content-Length` (any case) at or after `from`.
    private func findMarker(from: Int) -> Int? {
        let marker = Self.marker
        var i = from
        while i + marker.count <= buffer.count {
            var j = 0
            // Letters in either case (setting bit 5 lowers an ASCII capital), the hyphen exactly.
            while j < marker.count, marker[j] == 0x2D ? buffer[i + j] == 0x2D : buffer[i + j] | 0x20 == marker[j] { j += 1 }
            if j == marker.count { return i }
            i += 1
        }
        return nil
    }

    private mutating func compact() {
        if start > 0 && (start == buffer.count || start > 65_536) {
            buffer.removeFirst(start)
            scanned -= start
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
