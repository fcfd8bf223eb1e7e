/// How bad a diagnostic is. Errors stop compilation; warnings are lints.
public enum Severity: String, Sendable, Hashable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
