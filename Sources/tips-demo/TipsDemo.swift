import Foundation
import TipsRuntime
import TipsTime

/// `tips-demo`: Jot, a note-taking app in the terminal that shows tips as you use it.
///
///     swift run tips-demo                      # type commands; 'help' lists them
///     swift run tips-demo --script demo.txt    # or pipe commands into standard input
///
/// Options: `--defs DIR` (default Examples/demo) or `--bundle FILE`; `--journal FILE`
/// (default: tips-demo/jot.jsonl in the temporary directory, kept between runs);
/// `--start ISO-8601` fixes the clock's start (time then moves only with `wait`).
/// Testing overrides apply from the environment (`TIPS_SHOW=ShortcutTip`,
/// `TIPS_RESET_STORE=1`, ...) and from arguments (`--tips-show=ShortcutTip`, `--tips-reset-store`).
@main
enum TipsDemo {
    static func main() {
        var args = Array(CommandLine.arguments.dropFirst())
        func option(_ name: String) -> String? {
            guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
            defer { args.removeSubrange(i...(i + 1)) }
            return args[i + 1]
        }
        let defs = option("--defs"), bundlePath = option("--bundle"), journalPath = option("--journal")
        let script = option("--script"), start = option("--start")
        // --tips-show=ID,..., --tips-hide-all, --tips-reset-store ...: the runtime reads them.
        args.removeAll { $0.hasPrefix("--tips-") }
        guard args.isEmpty else {
            fail("usage: tips-demo [--defs DIR | --bundle FILE] [--journal FILE] [--script FILE] [--start ISO-8601] [--tips-...]")
        }

        // 1. The definitions: a bundle compiled ahead of time, or the .tips files now.
        let bytes: [UInt8]
        do throws(DemoCatalog.Failure) {
            if let bundlePath {
                bytes = try DemoCatalog.read(bundle: bundlePath)
            } else {
                bytes = try DemoCatalog.compile(directory: defs ?? DemoCatalog.defaultDirectory)
            }
        } catch {
            fail(error.message)
        }

        // 2. The journal: all state lives there, so a second run continues where this one stopped.
        let journal: URL
        if let journalPath {
            journal = URL(fileURLWithPath: journalPath)
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tips-demo")
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            journal = directory.appendingPathComponent("jot.jsonl")
        }

        // 3. The clock: a ManualClock, so 'wait 8d' can skip days; it follows the wall clock
        //    unless --start fixes where it begins.
        var startMs: Int64 = SystemClock().now()
        if let start {
            guard let ms = ISO8601.parse(start) else { fail("invalid --start '\(start)': expected an instant like 2026-12-01T09:00:00Z") }
            startMs = ms
        }
        let clock = ManualClock(start: startMs)

        // 4. The store, and the app on top of it.
        let store: TipStore
        do {
            let overrides = TestingOverrides.fromEnvironment().merging(.fromArguments())
            store = try TipStore(bundle: bytes, journalURL: journal, clock: clock, overrides: overrides)
        } catch {
            fail("cannot open the tips store: \(error.message)")
        }
        let interactive = script == nil && isatty(0) == 1
        let screen = Screen { line in print(line) }
        screen.say("Jot: a note-taking app that shows tips. Type 'help' for commands.")
        screen.say("journal: \(journal.path)")
        let app: DemoApp
        do {
            app = try DemoApp(store: store, clock: clock, screen: screen, followsWallClock: start == nil)
        } catch {
            fail(error.message)
        }

        // 5. Commands: from a script, piped standard input (echoed, for a readable
        //    transcript), or a person at the terminal.
        var lines: AnyIterator<String>
        if let script {
            guard let text = try? String(contentsOfFile: script, encoding: .utf8) else { fail("cannot read \(script)") }
            lines = AnyIterator(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).makeIterator())
        } else {
            lines = AnyIterator { readLine() }
        }
        while true {
            if interactive {
                print("> ", terminator: "")
                fflush(nil)  // every stream: the prompt has no newline to flush it
            }
            guard let line = lines.next() else { break }
            if !interactive && !line.isEmpty { print("> " + line) }
            if !app.handle(line) { break }
        }
        app.quit()
        print("Bye. Everything is in the journal; see it with: tipc journal \(journal.path) show")
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data(("tips-demo: " + message + "\n").utf8))
        exit(2)
    }
}
