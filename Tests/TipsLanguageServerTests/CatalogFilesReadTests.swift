import Foundation
import Testing
@testable import TipsLanguageServer

/// The language server reads workspace `.tips` files it finds on disk through the shared
/// bounded reader: a FIFO, a directory or an oversize (sparse) file named `*.tips` is
/// skipped, not waited on or read whole.
@Suite("Language server: bounded reads of workspace files")
struct CatalogFilesReadTests {
    enum Input: String, CaseIterable { case fifo, directory, oversize, devZero, regular }

    @Test("only a regular file within the parser's limit is read", arguments: Input.allCases)
    func read(_ input: Input) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-lsp-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var path = dir.appendingPathComponent("a.tips").path
        switch input {
        case .fifo: #expect(mkfifo(path, 0o600) == 0)
        case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .oversize:
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, 5 << 20) == 0)
        case .devZero: path = "/dev/zero"
        case .regular: #expect(FileManager.default.createFile(atPath: path, contents: Data("tip A { title \"A\" }\n".utf8)))
        }
        let bytes = CatalogFiles.read(path)
        #expect((bytes != nil) == (input == .regular))
        if input == .regular { #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == "tip A { title \"A\" }\n") }
    }
}
