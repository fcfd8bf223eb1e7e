import Foundation
import Testing
@testable import TipsCLI
@testable import TipsCommandLine
import TipsJournal
import TipsTestSupport
import TipsText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Special files, symbolic links, huge inputs and hostile names given to `tipc` (issue 13).
/// FIFOs, device look-alikes and sparse files are only ever made in a scratch directory.
@Suite struct HostilePathTests {
    func kind(_ path: String, followLinks: Bool = false) -> JournalPlatform.FileKind? {
        var st = stat()
        let rc = followLinks ? stat(path, &st) : lstat(path, &st)
        return rc == 0 ? JournalPlatform.FileKind(mode: UInt32(st.st_mode)) : nil
    }

    func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFLNK)
    }

    func bytes(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }

    /// The bundle of the clean catalog, compiled to a regular file.
    func referenceBundle(_ dir: TemporaryDirectory) throws -> (source: String, bytes: [UInt8]) {
        let source = try dir.write("app/main.tips", FrontEnd.cleanCatalog)
        let run = tipc("compile", source, "-o", dir.path + "/reference.tipsb")
        #expect(run.status == 0, "\(run.stderr)")
        return (source, bytes(dir.path + "/reference.tipsb"))
    }

    /// Reads everything written into the FIFO at `path` on another thread.
    final class FIFOReader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data: [UInt8] = []
        init(_ path: String) {
            Thread.detachNewThread { [self] in
                let fd = open(path, O_RDONLY)
                var buffer = [UInt8](repeating: 0, count: 4096)
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

    // MARK: - compile -o

    @Test func compileWritesIntoAFIFOAndLeavesItAFIFO() throws {
        let dir = try TemporaryDirectory()
        let (source, reference) = try referenceBundle(dir)
        let fifo = dir.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = FIFOReader(fifo)
        let run = tipc("compile", source, "-o", fifo)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(reader.result() == reference)
        #expect(kind(fifo) == .fifo)
    }

    /// Like `/dev/stdout` into a pipe: a link to a FIFO is written through, link and FIFO kept.
    @Test func compileWritesThroughALinkToAFIFO() throws {
        let dir = try TemporaryDirectory()
        let (source, reference) = try referenceBundle(dir)
        let fifo = dir.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        try dir.link("stdout", to: fifo)
        let reader = FIFOReader(fifo)
        let run = tipc("compile", source, "-o", dir.path + "/stdout")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(reader.result() == reference)
        #expect(isLink(dir.path + "/stdout"))
        #expect(kind(fifo) == .fifo)
    }

    /// A look-alike of the null device, made in the scratch folder: written into, not replaced.
    @Test func compileNeverReplacesADeviceNode() throws {
        let dir = try TemporaryDirectory()
        let (source, _) = try referenceBundle(dir)
        let node = dir.path + "/null"
        #if os(Linux)
        let null: dev_t = (1 << 8) | 3  // Linux's null device, major 1 minor 3
        #else
        let null: dev_t = (3 << 24) | 2  // Darwin's, major 3 minor 2
        #endif
        guard mknod(node, mode_t(S_IFCHR) | 0o666, null) == 0 else { return }  // needs CAP_MKNOD
        let run = tipc("compile", source, "-o", node)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(kind(node) == .characterDevice)
    }

    @Test func compileThroughALinkReplacesTheTargetAndKeepsTheLink() throws {
        let dir = try TemporaryDirectory()
        let (source, reference) = try referenceBundle(dir)
        try dir.write("out/real.tipsb", "old")
        #expect(chmod(dir.path + "/out/real.tipsb", 0o640) == 0)
        try dir.link("link.tipsb", to: "out/real.tipsb")
        let run = tipc("compile", source, "-o", dir.path + "/link.tipsb")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(isLink(dir.path + "/link.tipsb"))
        #expect(bytes(dir.path + "/out/real.tipsb") == reference)
        var st = stat()
        #expect(stat(dir.path + "/out/real.tipsb", &st) == 0 && st.st_mode & 0o777 == 0o640)
    }

    @Test func compileToADirectoryIsAnError() throws {
        let dir = try TemporaryDirectory()
        let (source, _) = try referenceBundle(dir)
        let run = tipc("compile", source, "-o", dir.path + "/app")
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot write \(dir.path)/app: it is a directory"), "\(run.stderr)")
        #expect(kind(dir.path + "/app") == .directory)
    }

    /// `-o -`: the bundle, and only the bundle, on standard output.
    @Test func compileToStandardOutput() throws {
        let dir = try TemporaryDirectory()
        let (source, reference) = try referenceBundle(dir)
        var invocation = Invocation(arguments: [source, "-o", "-"], environment: [:], terminals: .none)
        invocation.binaryStdout = []
        let status = CompileCommand.run(&invocation)
        #expect(status == 0, "\(invocation.stderr)")
        #expect(invocation.binaryStdout == reference)
        #expect(invocation.stdout == "")
        #expect(invocation.stderr.contains("checked 1 files"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/-"))
    }

    // MARK: - Inputs that are not regular files, or too large

    /// Every command that reads a file refuses a FIFO at once (no hang), with one message.
    @Test func everyReaderRefusesAFIFO() throws {
        let dir = try TemporaryDirectory()
        let (source, _) = try referenceBundle(dir)
        let fifo = dir.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let bundle = dir.path + "/reference.tipsb"
        let runs = [
            tipc("disasm", fifo),
            tipc("status", "--bundle", fifo, "--journal", dir.path + "/none.jsonl"),
            tipc("status", "--bundle", bundle, "--journal", fifo),
            tipc("explain", "--all", "--bundle", fifo, "--journal", dir.path + "/none.jsonl"),
            tipc("explain", "--all", "--bundle", bundle, "--journal", fifo),
            tipc("explain", "--all", "--defs", source, "--journal", fifo),
            tipc("journal", fifo, "show"),
            tipc("journal", fifo, "verify"),
            tipc("journal", fifo, "compact"),
            tipc("journal", fifo, "donate", "manualSave"),
        ]
        for run in runs {
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains("\(fifo): not a regular file: it is a FIFO"), "\(run.stderr)")
        }
        #expect(kind(fifo) == .fifo)
        // Nothing was written into it.
        let fd = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(fd) }
        var byte: UInt8 = 0
        #expect(read(fd, &byte, 1) <= 0)
    }

    /// Sizes are checked before reading: sparse files cost no disk and no time.
    @Test func oversizedInputsAreRefusedUnread() throws {
        let dir = try TemporaryDirectory()
        let (_, _) = try referenceBundle(dir)
        let big = dir.path + "/big.tipsb"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 3 << 30) == 0)
        let disasm = tipc("disasm", big)
        #expect(disasm.status == 2)
        #expect(disasm.stderr.contains("cannot read \(big): larger than the 64 MiB limit for a bundle (3221225472 bytes)"))
        let status = tipc("status", "--bundle", big, "--journal", dir.path + "/none.jsonl")
        #expect(status.status == 2)
        #expect(status.stderr.contains("larger than the 64 MiB limit for a bundle"))

        let journal = dir.path + "/big.jsonl"
        #expect(FileManager.default.createFile(atPath: journal, contents: nil))
        #expect(truncate(journal, 3 << 30) == 0)
        let explain = tipc("explain", "--all", "--bundle", dir.path + "/reference.tipsb", "--journal", journal)
        #expect(explain.status == 2)
        #expect(explain.stderr.contains("larger than the 1 GiB limit for a journal"), "\(explain.stderr)")

        let catalog = try dir.write("huge/main.tips", "")
        #expect(truncate(catalog, 3 << 30) == 0)
        let check = tipc("check", catalog)
        #expect(check.status == 2)
        #expect(check.stderr.contains("larger than the 4 MiB limit for a .tips file (3221225472 bytes)"), "\(check.stderr)")
    }

    /// A file that says size 0 but has content (`/proc`): read only, never written.
    @Test func aProcFileIsNotAnEmptyJournal() throws {
        let proc = "/proc/self/status"
        guard FileManager.default.fileExists(atPath: proc) else { return }
        let run = tipc("journal", proc, "verify")
        #expect(run.status != 0)
        #expect(!run.stdout.contains("ok"))
    }

    // MARK: - explain and status agree

    @Test func explainNamesTheUsersFileAndExitsAsStatusDoes() throws {
        let dir = try TemporaryDirectory()
        _ = try referenceBundle(dir)
        let notJournal = try dir.write("notes.txt", "hello\n")
        let bundle = dir.path + "/reference.tipsb"
        let explain = tipc("explain", "--all", "--bundle", bundle, "--journal", notJournal)
        let status = tipc("status", "--bundle", bundle, "--journal", notJournal)
        #expect(explain.status == 1)
        #expect(status.status == 1)
        #expect(explain.stderr.contains("\(notJournal): not a tips journal"), "\(explain.stderr)")
        #expect(!explain.stderr.contains("tipc-explain-"))
    }

    // MARK: - journal through links

    @Test func journalCommandsThroughALinkKeepTheLink() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path + "/data", withIntermediateDirectories: true)
        try dir.link("state.jsonl", to: "data/real.jsonl")
        let link = dir.path + "/state.jsonl"
        for i in 0..<3 {
            #expect(tipc("journal", link, "donate", "manualSave", "n=\(i)", "--at", "2026-01-01T00:00:0\(i)Z").status == 0)
        }
        #expect(chmod(dir.path + "/data/real.jsonl", 0o600) == 0)
        let compact = tipc("journal", link, "compact")
        #expect(compact.status == 0, "\(compact.stderr)")
        #expect(isLink(link))
        var st = stat()
        #expect(stat(dir.path + "/data/real.jsonl", &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(tipc("journal", dir.path + "/data/real.jsonl", "verify").stdout.contains("ok, 3 records"))
    }

    // MARK: - Names with control characters

    static let notesApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Definitions/notes-app").path

    /// An escape sequence and a newline in journal names: escaped in every text output, so
    /// nothing reaches the terminal raw and no row is forged.
    @Test func controlCharactersInNamesAreEscaped() throws {
        let dir = try TemporaryDirectory()
        let journal = dir.path + "/state.jsonl"
        let hostile = "\u{1B}[2J\nforged\u{7}"
        let instance = "NewTemplateTip-" + hostile
        #expect(tipc("journal", journal, "donate", hostile, "--at", "2026-01-01T00:00:00Z").status == 0)
        #expect(tipc("journal", journal, "set", hostile, "1", "--at", "2026-01-01T00:00:01Z").status == 0)
        #expect(tipc("journal", journal, "display", instance, "begin", "--at", "2026-01-01T00:00:02Z").status == 0)
        #expect(tipc("journal", journal, "display", "Gone" + hostile, "begin", "--at", "2026-01-01T00:00:03Z").status == 0)
        let show = tipc("journal", journal, "show")
        let status = tipc("status", "--defs", Self.notesApp, "--journal", journal, "--at", "2026-01-02T00:00:00Z")
        let explain = tipc("explain", "--all", "--defs", Self.notesApp, "--journal", journal, "--at", "2026-01-02T00:00:00Z")
        for (name, run) in [("show", show), ("status", status), ("explain", explain)] {
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(!run.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(name) printed a control character")
            #expect(!run.stdout.contains("\nforged"), "\(name) printed a forged line")
            #expect(run.stdout.contains("\\u{1B}[2J\\nforged\\u{7}"), "\(name): \(run.stdout)")
        }
    }

    @Test func printableTextEscapesExactlyTheControls() {
        #expect(TerminalText.escaped("plain é ✓") == "plain é ✓")
        #expect(TerminalText.escaped("a\tb\r\n\u{0}\u{7F}\u{85}\\") == "a\\tb\\r\\n\\u{0}\\u{7F}\\u{85}\\\\")
    }

    // MARK: - Long lines

    /// A diagnostic on a very long line shows a window of it, not the whole line.
    @Test func excerptsOfLongLinesAreCapped() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("wide/main.tips", "param a: Int = 1 " + String(repeating: " ", count: 200_000) + "@x\n")
        let run = tipc("check", file)
        #expect(run.status == 1)
        #expect(run.stdout.utf8.count < 2_000, "\(run.stdout.utf8.count) bytes")
        #expect(run.stdout.contains(":1:200018: error: unexpected character '@'"))
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // The caret still sits under the '@' of the window shown.
        if let i = lines.firstIndex(where: { $0.hasSuffix("@x…") || $0.hasSuffix("@x") }), i + 1 < lines.count {
            let shown = Array(lines[i].unicodeScalars), marks = Array(lines[i + 1].unicodeScalars)
            #expect(marks.count <= shown.count && shown[marks.count - 1] == "@")
        } else {
            Issue.record("no excerpt line ending in '@x': \(run.stdout)")
        }
    }

    /// Found by the scenario fuzzer: a scenario file starting with a number read the byte
    /// before the file (an index out of range: a trap).
    @Test func aScenarioFileStartingWithANumberIsAnError() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app/main.tips", FrontEnd.cleanCatalog)
        let file = try dir.write("app/odd.scenario", "2h30m\nexpect ShortcutTip pending\n")
        let run = tipc("test", file)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("odd.scenario:1:1: error:"), "\(run.stdout)")
    }
}
