import Foundation
import Testing
@testable import TipsCLI
import TipsTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every `tipc` reader goes through the shared `InputFile`: a directory or a device
/// (`/dev/zero`, only ever read) where a bundle or journal is needed is refused unread with
/// the path and the kind; an oversize (sparse) scenario file is refused before it is read.
@Suite("tipc: bounded inputs")
struct BoundedInputTests {
    enum Special: String, CaseIterable { case directory, devZero }

    @Test("bundle and journal readers refuse a directory and /dev/zero", arguments: Special.allCases)
    func special(_ special: Special) throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("app/main.tips", FrontEnd.cleanCatalog)
        let bundle = dir.path + "/reference.tipsb"
        #expect(tipc("compile", source, "-o", bundle).status == 0)
        let path: String, kind: String
        switch special {
        case .directory:
            path = dir.path + "/folder"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            kind = "a directory"
        case .devZero:
            path = "/dev/zero"
            kind = "a character device"
        }
        let none = dir.path + "/none.jsonl"
        let runs = [
            tipc("disasm", path),
            tipc("status", "--bundle", path, "--journal", none),
            tipc("status", "--bundle", bundle, "--journal", path),
            tipc("explain", "--all", "--bundle", path, "--journal", none),
            tipc("explain", "--all", "--bundle", bundle, "--journal", path),
        ]
        for run in runs {
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains("\(path): not a regular file: it is \(kind)"), "\(run.stderr)")
        }
    }

    @Test("an oversize scenario file is refused unread")
    func oversizeScenario() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("app/main.tips", FrontEnd.cleanCatalog)
        let scenario = try dir.write("app/big.scenario", "")
        #expect(truncate(scenario, 5 << 20) == 0)
        let run = tipc("test", scenario)
        #expect(run.status != 0)
        #expect(run.stderr.contains("cannot read \(scenario): larger than the 4 MiB limit for a scenario file (5242880 bytes)"),
                "\(run.stderr)")
    }
}
