import Foundation
import Testing
import TipsJournal
import TipsTestSupport

/// Output behaviour that is about processes (issue 19, items 4 and 5): another process
/// appending to the journal a merge writes, and a command's standard output being the
/// pipe its output goes into. These run the built executables.
@Suite struct OutputProcessTests {
    /// An executable `swift build` put next to the test bundle or under `.build`.
    static func executable(_ name: String) -> String? {
        var candidates: [String] = []
        for start in [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(), Bundle.main.bundleURL] {
            var url = start.deletingLastPathComponent()
            for _ in 0..<6 {
                candidates.append(url.appendingPathComponent(name).path)
                url = url.deletingLastPathComponent()
            }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/\(name)").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `tipc journal merge A OUT -o OUT` over and over while another process appends to OUT
    /// (synced: each record acknowledged once fsynced): every acknowledged record is still
    /// in OUT at the end. Before the merge took OUT's lock, about 40% of them were lost.
    @Test func mergeIntoAJournalBeingWrittenLosesNoAcknowledgedRecord() throws {
        let writer = try #require(Self.executable("journal-crash-writer"), "run `swift build` first")
        let dir = try TemporaryDirectory()
        let out = dir.path + "/live.jsonl", other = dir.path + "/other.jsonl"
        #expect(tipc("journal", other, "donate", "elsewhere", "--at", "2026-01-01T00:00:00Z").status == 0)
        #expect(tipc("journal", out, "donate", "before", "--at", "2026-01-01T00:00:00Z").status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: writer)
        let count = 300
        process.arguments = ["append", "--path", out, "--mode", "synced", "--count", "\(count)", "--writer", "w"]
        let acknowledged = Pipe()
        process.standardOutput = acknowledged
        process.standardError = FileHandle.nullDevice
        try process.run()
        var merges = 0
        var failures: [String] = []
        while process.isRunning {
            let run = tipc("journal", "merge", other, out, "-o", out)
            if run.status != 0 { failures.append(run.stderr) }
            merges += 1
        }
        process.waitUntilExit()
        let printed = String(decoding: acknowledged.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let acked = Set(printed.split(separator: "\n").compactMap { Int64($0) })
        #expect(process.terminationStatus == 0)
        #expect(acked.count == count)
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(merges > 1)
        var found = Set<Int64>()
        for entry in try Journal.readEntries(at: out).entries {
            if case .donate("crash", _, let payload) = entry.record, case .int(let n)? = payload["n"] { found.insert(n) }
        }
        let lost = acked.subtracting(found)
        #expect(lost.isEmpty, "\(lost.count) of \(acked.count) acknowledged records lost over \(merges) merges")
        let state = JournalState(records: try Journal.readEntries(at: out).entries.map(\.record))
        #expect(state.donations["before"]?.count == 1 && state.donations["elsewhere"]?.count == 1)
    }

    /// `tipc compile -o /dev/stdout` into a pipe: the pipe holds the bundle and nothing
    /// else; the report and the "wrote" line go to standard error.
    @Test func compileToDevStdoutPutsOnlyTheBundleOnStandardOutput() throws {
        let tipcPath = try #require(Self.executable("tipc"), "run `swift build` first")
        guard FileManager.default.fileExists(atPath: "/dev/stdout") else { return }
        let dir = try TemporaryDirectory()
        try dir.write("app/main.tips", FrontEnd.cleanCatalog)
        let reference = tipc("compile", dir.path + "/app", "-o", dir.path + "/reference.tipsb")
        #expect(reference.status == 0, "\(reference.stderr)")
        let bundle = try fileBytes(dir.path + "/reference.tipsb")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: tipcPath)
        process.arguments = ["compile", dir.path + "/app", "-o", "/dev/stdout"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let written = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(written == bundle, "standard output holds \(written.count) bytes, the bundle \(bundle.count)")
        #expect(text.contains("checked 1 files"), "\(text)")
        #expect(text.contains("wrote /dev/stdout: 1 tips"), "\(text)")
    }
}
