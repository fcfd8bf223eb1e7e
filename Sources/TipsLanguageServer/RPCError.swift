import TipsText

/// A JSON-RPC error response: its code and message (JSON-RPC 2.0 and LSP 3.17 codes).
public struct RPCError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    public static let serverNotInitializedCode = -32002
    public static let requestFailedCode = -32803

    static func invalidParams(_ message: String) -> RPCError { RPCError(code: invalidParamsCode, message: message) }
    static func requestFailed(_ message: String) -> RPCError { RPCError(code: requestFailedCode, message: message) }

    var json: JSON { .object(["code": .int(code), "message": .string(message)]) }
}

extension JSON {
    /// The member `key`, or an invalid-params error naming it.
    func required(_ key: String) throws(RPCError) -> JSON {
        guard let value = self[key], !value.isNull else { throw .invalidParams("missing '\(key)'") }
        return value
    }

    func requiredString(_ key: String) throws(RPCError) -> String {
        guard let s = try required(key).string else { throw .invalidParams("'\(key)' must be a string") }
        return s
    }

    func requiredInt(_ key: String) throws(RPCError) -> Int {
        guard let n = try required(key).int else { throw .invalidParams("'\(key)' must be an integer") }
        return n
    }
}
