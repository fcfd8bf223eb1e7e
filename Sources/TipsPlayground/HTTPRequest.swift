/// A request the parser accepted: an origin-form target, HTTP/1.0 or 1.1, header names
/// lowercased, the body exactly `Content-Length` bytes.
public struct HTTPRequest: Sendable, Hashable {
    /// The method as sent (`GET`, `POST`, ...).
    public var method: String
    /// The request target as sent (`/api/state?x=1`).
    public var target: String
    /// `HTTP/1.0` or `HTTP/1.1`.
    public var version: String
    /// The header fields in the order sent, names lowercased.
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(method: String, target: String, version: String = "HTTP/1.1", headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers.map { HTTPHeader($0.name.lowercased(), $0.value) }
        self.body = body
    }

    /// The target without its query.
    public var path: String {
        if let q = target.firstIndex(of: "?") { return String(target[..<q]) }
        return target
    }

    /// The value of the header `name` (any case); several fields of that name joined by `, `.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        let values = headers.filter { $0.name == wanted }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// True for methods that change nothing (`GET`, `HEAD`): the others must pass the Origin check.
    public var isSafe: Bool { method == "GET" || method == "HEAD" }
}
