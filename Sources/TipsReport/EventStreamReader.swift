import Foundation

/// Reads an export (newline-delimited JSON, one event a line) in chunks and folds each line
/// into a ``ReportAggregator`` as it completes, so a file of any size costs one line of memory.
public struct EventStreamReader: Sendable {
    /// A line that is not an event: where and why.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        public var source: String
        public var line: Int
        public var reason: String
        public var description: String { "\(source):\(line): \(reason)" }

        public init(source: String, line: Int, reason: String) {
            self.source = source; self.line = line; self.reason = reason
        }
    }

    /// The longest line accepted (an event is a few hundred bytes).
    public static let maxLine = 64 * 1024

    public var aggregator = ReportAggregator()
    public private(set) var problems: [Problem] = []
    private var pending: [UInt8] = []
    private var lineNumber = 0
    private var source = "-"

    public init() {}

    /// Reads a whole stream from `handle` (a file, standard input).
    public mutating func read(_ handle: FileHandle, source: String) {
        self.source = source
        lineNumber = 0
        pending.removeAll(keepingCapacity: true)
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            feed([UInt8](chunk))
        }
        finish()
    }

    /// Adds bytes of the current source.
    public mutating func feed(_ bytes: [UInt8]) {
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            pending.append(contentsOf: bytes[start..<index])
            line()
            start = index + 1
        }
        pending.append(contentsOf: bytes[start...])
        if pending.count > Self.maxLine {
            lineNumber += 1
            problems.append(Problem(source: source, line: lineNumber, reason: "line longer than \(Self.maxLine) bytes"))
            pending.removeAll()
        }
    }

    /// Ends the current source (a last line without a newline counts).
    public mutating func finish() {
        if !pending.isEmpty { line() }
    }

    private mutating func line() {
        lineNumber += 1
        defer { pending.removeAll(keepingCapacity: true) }
        if pending.last == 0x0D { pending.removeLast() }
        if pending.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        do {
            aggregator.add(try ReportEvent(line: pending))
        } catch {
            // The first problems say enough; a file of garbage must not grow this list without end.
            if problems.count < 100 { problems.append(Problem(source: source, line: lineNumber, reason: error.reason)) }
        }
    }
}
