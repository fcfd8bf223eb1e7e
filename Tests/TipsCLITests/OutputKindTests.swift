import Foundation
import Testing
@testable import TipsCLI
@testable import TipsCommandLine
import TipsJournal
import TipsTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every command with an output option, against every kind of thing the output path can
/// name (issue 19, item 5; `tipc forecast --emit-scenario` and `tipc preview --output` since issue 23): one writer, one set of rules (Docs/cli.md, "Outputs by kind").
/// FIFOs and device nodes are only ever made in a scratch directory.
@Suite struct OutputKindTests {
    /// What the output path names before the command runs.
    enum Target: String, CaseIterable, CustomTestStringConvertible {
        case regularFile, symbolicLink, fifo, nullDevice, directory, missingFolder, standardOutput
        var testDescription: String { rawValue }
    }

    /// A command that writes a file, and how to tell that it wrote the right thing.
    enum Tool: String, CaseIterable, CustomTestStringConvertible {
        case compile, genSwift, testTimeline, journalMerge, forecastScenario, previewPage
        var testDescription: String { rawValue }

        /// The command line writing to `out`.
        func arguments(_ fixture: Fixture, out: String) -> [String] {
            switch self {
            case .compile: return ["compile", fixture.catalog, "-o", out]
            case .genSwift: return ["gen", "swift", fixture.catalog, "-o", out]
            case .testTimeline: return ["test", "--timeline", out, fixture.catalog]
            case .journalMerge: return ["journal", "merge", fixture.phone, fixture.laptop, "-o", out, "--at", "2026-01-02T00:00:00Z"]
            case .forecastScenario: return ["forecast", "--emit-scenario", out, fixture.catalog + "/p.persona"]
            case .previewPage: return ["preview", "--defs", fixture.catalog, "--output", out]
            }
        }

        /// A journal is only ever a regular file: merge refuses the rest.
        var writesStreams: Bool { self != .journalMerge }
    }

    /// A scratch folder with a catalog, one scenario and two journals.
    struct Fixture {
        let dir: TemporaryDirectory
        var catalog: String { dir.path + "/app" }
        var phone: String { dir.path + "/phone.jsonl" }
        var laptop: String { dir.path + "/laptop.jsonl" }
        /// A journal with a record of its own, put at the output before a merge into it.
        var existing: String { dir.path + "/existing.jsonl" }

        init() throws {
            dir = try TemporaryDirectory()
            try dir.write("app/main.tips", FrontEnd.cleanCatalog)
            try dir.write("app/s.scenario", "scenario \"s\"\nexpect ShortcutTip pending\n")
            try dir.write("app/p.persona", "persona \"p\"\ndays 2\n")
            for (path, at) in [(phone, "2026-01-01T10:00:00Z"), (laptop, "2026-01-01T11:00:00Z"), (existing, "2026-01-01T12:00:00Z")] {
                let run = tipc("journal", path, "donate", "manualSave", "--at", at)
                #expect(run.status == 0, "\(run.stderr)")
            }
        }

        /// What `tool` writes, written to a fresh regular file; for a merge into an
        /// existing journal, the merge of the inputs and that journal.
        func reference(_ tool: Tool, mergingExisting: Bool = false) throws -> [UInt8] {
            let out = dir.path + "/reference-\(tool.rawValue)-\(mergingExisting)"
            var arguments = tool.arguments(self, out: out)
            if mergingExisting, tool == .journalMerge { arguments.insert(existing, at: 3) }
            let run = tipc(arguments)
            try #require(run.status == 0, "\(run.stderr)")
            return try fileBytes(out)
        }
    }

    /// Runs the command in-process with standard output collected (nothing reaches the
    /// test runner's own descriptor 1).
    static func run(_ arguments: [String]) -> (status: Int32, stdout: [UInt8], stderr: String) {
        var invocation = Invocation(arguments: Array(arguments.dropFirst()), environment: [:], terminals: .none)
        invocation.binaryStdout = []
        guard let command = Tipc.command(named: arguments[0]) else { return (-1, [], "no command") }
        let status = command.run(&invocation)
        return (status, (invocation.binaryStdout ?? []) + Array(invocation.stdout.utf8), invocation.stderr)
    }

    /// The records of a journal (sequence numbers and header aside).
    static func records(_ bytes: [UInt8], in dir: TemporaryDirectory) throws -> [JournalRecord] {
        let path = dir.path + "/compare-\(UUID().uuidString).jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try Journal.readEntries(at: path).entries.map(\.record)
    }

    /// What the tool wrote equals what it writes to a fresh file (a journal: the same records).
    static func same(_ tool: Tool, _ written: [UInt8], _ reference: [UInt8], in dir: TemporaryDirectory) throws -> Bool {
        guard tool == .journalMerge else { return written == reference }
        return try records(written, in: dir) == records(reference, in: dir)
    }

    /// The initial content of a regular output: a journal with its own record for a merge
    /// (merging into a journal keeps its facts), junk for the rest.
    static func seed(_ tool: Tool, _ fixture: Fixture, at path: String, mode: mode_t) throws {
        if tool == .journalMerge {
            try FileManager.default.copyItem(atPath: fixture.existing, toPath: path)
        } else {
            try Data("old content\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect(chmod(path, mode) == 0)
    }

    @Test(arguments: Tool.allCases, Target.allCases)
    func writesEachKindOfTargetByTheSameRules(_ tool: Tool, _ target: Target) throws {
        let fixture = try Fixture()
        let dir = fixture.dir
        switch target {
        case .regularFile:
            let out = dir.path + "/out"
            try Self.seed(tool, fixture, at: out, mode: 0o600)
            let before = inode(out)
            let run = Self.run(tool.arguments(fixture, out: out))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(kind(out) == .regular)
            #expect(try Self.same(tool, try fileBytes(out), try fixture.reference(tool, mergingExisting: true), in: dir))
            #expect(permissions(out) == 0o600, "the file's mode is kept")
            #expect(inode(out) != before, "replaced by rename, not rewritten in place")
            #expect(leftovers(dir.path).isEmpty, "\(leftovers(dir.path))")

        case .symbolicLink:
            try FileManager.default.createDirectory(atPath: dir.path + "/real", withIntermediateDirectories: true)
            try Self.seed(tool, fixture, at: dir.path + "/real/out", mode: 0o640)
            try dir.link("link", to: "real/out")
            let run = Self.run(tool.arguments(fixture, out: dir.path + "/link"))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(kind(dir.path + "/link") == .symbolicLink, "the link is kept")
            #expect(try Self.same(tool, try fileBytes(dir.path + "/real/out"), try fixture.reference(tool, mergingExisting: true), in: dir))
            #expect(permissions(dir.path + "/real/out") == 0o640)
            #expect(leftovers(dir.path + "/real").isEmpty, "\(leftovers(dir.path + "/real"))")

        case .fifo:
            let fifo = dir.path + "/pipe"
            #expect(mkfifo(fifo, 0o600) == 0)
            // A second name, so a reader left waiting (if the FIFO were replaced) can be released.
            #expect(link(fifo, dir.path + "/pipe.keep") == 0)
            if tool.writesStreams {
                let reader = FIFOReader(fifo)
                let run = Self.run(tool.arguments(fixture, out: fifo))
                releaseReader(dir.path + "/pipe.keep")
                #expect(run.status == 0, "\(run.stderr)")
                #expect(reader.result() == (try fixture.reference(tool)))
            } else {
                let run = Self.run(tool.arguments(fixture, out: fifo))
                #expect(run.status == 2)
                #expect(run.stderr.contains("cannot write \(fifo): not a regular file: it is a FIFO"), "\(run.stderr)")
            }
            #expect(kind(fifo) == .fifo, "a FIFO is never replaced")

        case .nullDevice:
            let node = dir.path + "/null"
            #if os(Linux)
            let null: dev_t = (1 << 8) | 3  // Linux's null device, major 1 minor 3
            #else
            let null: dev_t = (3 << 24) | 2  // Darwin's, major 3 minor 2
            #endif
            guard mknod(node, mode_t(S_IFCHR) | 0o666, null) == 0 else { return }  // needs CAP_MKNOD
            let run = Self.run(tool.arguments(fixture, out: node))
            if tool.writesStreams {
                #expect(run.status == 0, "\(run.stderr)")
            } else {
                #expect(run.status == 2)
                #expect(run.stderr.contains("not a regular file: it is a character device"), "\(run.stderr)")
            }
            #expect(kind(node) == .characterDevice, "a device is never replaced")

        case .directory:
            let folder = dir.path + "/folder"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let run = Self.run(tool.arguments(fixture, out: folder))
            #expect(run.status == 2)
            #expect(run.stderr.contains("cannot write \(folder): "), "\(run.stderr)")
            #expect(run.stderr.contains("it is a directory"), "\(run.stderr)")
            #expect(kind(folder) == .directory)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)

        case .missingFolder:
            let out = dir.path + "/nowhere/out"
            let run = Self.run(tool.arguments(fixture, out: out))
            #expect(run.status == 2)
            #expect(run.stderr.contains("cannot write \(out): no such directory: \(dir.path)/nowhere"), "\(run.stderr)")
            #expect(kind(dir.path + "/nowhere") == nil)

        case .standardOutput:
            let stray = FileManager.default.currentDirectoryPath + "/-"
            let strayBefore = FileManager.default.fileExists(atPath: stray)
            let run = Self.run(tool.arguments(fixture, out: "-"))
            if tool.writesStreams {
                #expect(run.status == 0, "\(run.stderr)")
                // Standard output carries the output and nothing else.
                #expect(run.stdout == (try fixture.reference(tool)))
            } else {
                #expect(run.status == 2)
                #expect(run.stderr.contains("a journal is a regular file; -o - (standard output) cannot be one"), "\(run.stderr)")
                #expect(run.stdout.isEmpty)
            }
            #expect(FileManager.default.fileExists(atPath: stray) == strayBefore, "no file named '-' is written")
            if !strayBefore { unlink(stray) }
        }
    }

    // MARK: - Helpers

    func kind(_ path: String) -> FileKindSeen? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        switch UInt32(st.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFREG): return .regular
        case UInt32(S_IFLNK): return .symbolicLink
        case UInt32(S_IFIFO): return .fifo
        case UInt32(S_IFCHR): return .characterDevice
        case UInt32(S_IFDIR): return .directory
        default: return .other
        }
    }

    enum FileKindSeen { case regular, symbolicLink, fifo, characterDevice, directory, other }

    func permissions(_ path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0
    }

    func inode(_ path: String) -> UInt64 {
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_ino) : 0
    }

    /// Temporary files left beside an output.
    func leftovers(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".") || $0.hasSuffix(".tmp") }
    }

    /// Opens the FIFO for writing without blocking and closes it: a reader still waiting in
    /// `open` gets end-of-file instead of waiting forever.
    func releaseReader(_ fifo: String) {
        let fd = open(fifo, O_WRONLY | O_NONBLOCK)
        if fd >= 0 { close(fd) }
    }
}

/// The bytes of a file (empty if unreadable).
func fileBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Reads everything written into the FIFO at `path` on another thread.
final class FIFOReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data: [UInt8] = []
    init(_ path: String) {
        Thread.detachNewThread { [self] in
            let fd = open(path, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while fd >= 0 {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                data += buffer[0..<n]
            }
            if fd >= 0 { close(fd) }
            done.signal()
        }
    }
    func result() -> [UInt8] {
        _ = done.wait(timeout: .now() + 20)
        return data
    }
}
