import Foundation
import TipsDriver
import TipsSource

/// The definitions Jot runs on. An app ships a bundle compiled ahead of time
/// (`--bundle FILE`); the demo can also compile the `.tips` files when it starts, so
/// editing `Examples/demo` and running again is all it takes to try a change.
enum DemoCatalog {
    /// A failure to read or compile the catalog, for people.
    struct Failure: Error {
        var message: String
    }

    /// `Examples/demo` of this package: from the current directory, or found from this
    /// source file's location (so `swift run tips-demo` works from anywhere in the package).
    static var defaultDirectory: String {
        let local = "Examples/demo"
        if FileManager.default.fileExists(atPath: local) { return local }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(local).path
    }

    /// Checks and compiles the catalog in `directory` (found as `tipc` finds one) into bundle bytes.
    static func compile(directory: String) throws(Failure) -> [UInt8] {
        let sources: SourceSet
        switch CatalogLoader.loadSingle(directory) {
        case .success(let catalog): sources = catalog
        case .failure(let failure): throw Failure(message: failure.messages(for: directory).joined(separator: "\n"))
        }
        let output = CheckedCatalog(sources).compile()
        guard let bytes = output.bytes else {
            let errors = output.diagnostics.filter { $0.severity == .error }
            throw Failure(message: DiagnosticRenderer.text(errors, sources: sources) + "the definitions in \(directory) have errors")
        }
        return bytes
    }

    /// The bytes of a compiled bundle file.
    static func read(bundle path: String) throws(Failure) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(message: "cannot read \(path)") }
        return [UInt8](data)
    }
}
