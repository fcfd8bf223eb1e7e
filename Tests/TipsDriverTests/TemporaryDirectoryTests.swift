import Foundation
import Testing
import TipsTestSupport

/// The tests' own cleanup: it must never touch anything outside the folder it made, however
/// the test linked out of it.
@Suite struct TemporaryDirectoryTests {
    @Test func cleanupLeavesWhatLinksPointAtAlone() throws {
        let outside = FileManager.default.temporaryDirectory.path + "/tips-outside-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: outside + "/kept", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.setAttributes([.posixPermissions: 0o1733], ofItemAtPath: outside)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: outside + "/kept")
        do {
            let dir = try TemporaryDirectory(in: outside)
            try dir.write("defs/a.tips", "tip A { title \"a\" }")
            try dir.link("defs/up", to: "../..")
            try dir.link("back", to: "..")
            try dir.link("kept", to: outside + "/kept")
            try dir.write("locked/a.tips", "tip A { title \"a\" }")
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: dir.path + "/locked")
        }
        let mode = { (path: String) in (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1 }
        #expect(try mode(outside) == 0o1733)
        #expect(try mode(outside + "/kept") == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["kept"])
    }
}
