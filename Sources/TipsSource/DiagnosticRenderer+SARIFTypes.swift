/// The pieces of a SARIF log that `tipc check` and `tipc diff` fill in.
extension DiagnosticRenderer {
    /// The tool named in SARIF output.
    public struct SARIFTool: Sendable, Hashable {
        public var name: String
        public var version: String
        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// A region of a file: 1-based start and end (end just past the range), columns in
    /// Unicode scalars.
    public struct SARIFRegion: Sendable, Hashable {
        public var startLine: Int
        public var startColumn: Int
        public var endLine: Int
        public var endColumn: Int
        public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
            self.startLine = startLine
            self.startColumn = startColumn
            self.endLine = endLine
            self.endColumn = endColumn
        }
    }

    /// A file position in SARIF terms: an artifact URI and, when known, a region.
    public struct SARIFLocation: Sendable, Hashable {
        /// The path as the user named it; made a relative URI (or `file://` when absolute).
        public var path: String
        /// The region, or nil for the whole file.
        public var region: SARIFRegion?

        public init(path: String, region: SARIFRegion? = nil) {
            self.path = path
            self.region = region
        }
    }

    /// One suggested edit: replace `location`'s region by `replacement`.
    public struct SARIFEdit: Sendable, Hashable {
        public var location: SARIFLocation
        public var replacement: String
        public init(location: SARIFLocation, replacement: String) {
            self.location = location
            self.replacement = replacement
        }
    }

    /// A fix: what it does and its edits.
    public struct SARIFFix: Sendable, Hashable {
        public var message: String
        public var edits: [SARIFEdit]
        public init(message: String, edits: [SARIFEdit]) {
            self.message = message
            self.edits = edits
        }
    }

    /// A note that points somewhere: a related location.
    public struct SARIFRelated: Sendable, Hashable {
        public var message: String
        public var location: SARIFLocation
        public init(message: String, location: SARIFLocation) {
            self.message = message
            self.location = location
        }
    }

    /// One finding for ``sarifLog(tool:results:)``: what `tipc check` and `tipc diff` share.
    public struct SARIFResult: Sendable, Hashable {
        public var code: String
        public var severity: Severity
        public var message: String
        public var location: SARIFLocation?
        public var related: [SARIFRelated]
        public var fixes: [SARIFFix]

        public init(code: String, severity: Severity, message: String, location: SARIFLocation?,
                    related: [SARIFRelated] = [], fixes: [SARIFFix] = []) {
            self.code = code
            self.severity = severity
            self.message = message
            self.location = location
            self.related = related
            self.fixes = fixes
        }
    }
}
