/// Conversions between `file:` URIs and paths (RFC 3986 percent-encoding, RFC 8089 file URIs).
enum DocumentURI {
    /// The path of a `file:` URI, or `nil` for other schemes (`untitled:`, ...).
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // `file://host/path`: only an empty host or `localhost` names this machine.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            guard rest[..<slash] == "localhost" else { return nil }
            rest = rest[slash...]
        }
        if let q = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<q] }
        return percentDecoded(rest)
    }

    /// The `file:` URI of an absolute path.
    static func uri(forPath path: String) -> String {
        var out = "file://"
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "/-._~".contains(c) {
                out.append(c)
            } else {
                let hex = String(b, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    static func percentDecoded(_ s: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(s.utf8)[...]
        while let b = utf8.first {
            utf8 = utf8.dropFirst()
            if b == UInt8(ascii: "%"), utf8.count >= 2,
               let v = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
