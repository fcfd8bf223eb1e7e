import Foundation
import Testing
@testable import tips_demo

/// `tips-demo --defs DIR` finds its catalog as `tipc` does (the driver's `CatalogLoader`):
/// `.tips` files in subfolders belong to it, and a missing folder is said in tipc's words.
@Suite struct DemoCatalogTests {
    @Test func filesInSubfoldersBelongToTheCatalog() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-demo-catalog-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/events", withIntermediateDirectories: true)
        try "tip T {\n    title \"T\"\n    rule count(opened) >= 1\n}\n".write(toFile: dir + "/tips.tips", atomically: false, encoding: .utf8)
        try "event opened\n".write(toFile: dir + "/events/events.tips", atomically: false, encoding: .utf8)
        #expect(try !DemoCatalog.compile(directory: dir).isEmpty)
    }

    @Test func aMissingFolderIsNamed() {
        #expect(throws: DemoCatalog.Failure.self) { try DemoCatalog.compile(directory: "/nonexistent/tips-demo") }
        do {
            _ = try DemoCatalog.compile(directory: "/nonexistent/tips-demo")
        } catch {
            #expect(error.message == "no such file or directory: /nonexistent/tips-demo")
        }
    }
}
