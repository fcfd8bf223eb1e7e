import TipsSource
import TipsSyntax

/// W170: a `.tips` file that declares nothing (empty, or only comments and blank lines).
///
/// Every `.tips` file of a catalog is read, so an empty one changes nothing; it is usually a
/// file created and never written, or one whose declarations were moved elsewhere. A file
/// whose declarations failed to parse is not empty: the parser reported those.
enum EmptyFileLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        context.files.compactMap { f -> Diagnostic? in
            guard f.declarations.isEmpty else { return nil }
            let source = context.sources[f.file]
            var bytes = source.bytes
            // Comments blanked out, what is left must be blank for the file to be empty.
            for c in f.comments {
                let start = max(0, Int(c.range.start)), end = min(bytes.count, Int(c.range.end))
                if start < end { bytes.replaceSubrange(start..<end, with: repeatElement(UInt8(ascii: " "), count: end - start)) }
            }
            guard bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return nil }
            let range = SourceRange(file: f.file, start: 0, end: Int32(truncatingIfNeeded: source.bytes.count))
            return .warning(.emptyFile, "this file declares nothing", at: range,
                            notes: [Note("every .tips file of a catalog is read; remove the file, or write what it is for "
                                         + "(tip, event, param, enum, group, config)")])
        }
    }
}
