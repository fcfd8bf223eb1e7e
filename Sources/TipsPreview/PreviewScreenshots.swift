import Foundation
import TipsDriver

/// PNG screenshots of the preview, one per tip (`FOLDER/<catalog>-<Tip>.png`), taken by a
/// headless Chromium the machine has (`tipc preview --png DIR`). Each tip's page is loaded
/// twice: once to learn its height (`--dump-dom` of a copy with a one-line script), once to
/// take the screenshot at that height (`--screenshot`), so the image holds the whole tip.
public enum PreviewScreenshots {
    /// Why screenshots could not be taken: no browser, a folder that is not one, a browser
    /// that failed or hung (with what it said).
    public struct Failure: Error, Sendable, Hashable {
        public var message: String
    }

    /// The window width the pages are drawn in, in CSS pixels.
    public static let windowWidth = 1500
    /// How long one browser run may take.
    public static let timeout: TimeInterval = 60

    /// The browser: `TIPS_CHROMIUM` when set, else the first of `chromium`,
    /// `chromium-browser`, `google-chrome` on `PATH`.
    public static func browser(environment: [String: String]) -> String? {
        if let named = environment["TIPS_CHROMIUM"], !named.isEmpty { return named }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }

    /// Screenshots of every tip of `previews` into `folder` (which must exist) with
    /// `browser`; the paths written, in page order.
    public static func write(_ previews: [CatalogPreview], to folder: String, browser: String) throws(Failure) -> [String] {
        guard FileSystem.isDirectory(folder) else { throw Failure(message: "--png \(folder): no such directory") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tipc-preview-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw Failure(message: "cannot make a scratch folder: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        var written: [String] = []
        for preview in previews {
            var tips: [String] = []
            for card in preview.cards where !tips.contains(card.tip) { tips.append(card.tip) }
            let catalog = preview.name.split(separator: "/").last.map(String.init) ?? "catalog"
            for tip in tips {
                var one = preview
                one.cards = preview.cards.filter { $0.tip == tip }
                let html = PreviewPage.html([one], title: "\(catalog): \(tip)")
                let page = scratch.appendingPathComponent("page.html")
                let measured = scratch.appendingPathComponent("measure.html")
                let script = "<script>document.body.setAttribute('data-height', document.documentElement.scrollHeight)</script>\n</body>"
                do {
                    try html.write(to: page, atomically: true, encoding: .utf8)
                    try html.replacingOccurrences(of: "</body>", with: script).write(to: measured, atomically: true, encoding: .utf8)
                } catch {
                    throw Failure(message: "cannot write in the scratch folder: \(error.localizedDescription)")
                }
                let dom = try run(browser, ["--window-size=\(windowWidth),1000", "--dump-dom", measured.absoluteString], scratch: scratch)
                guard let start = dom.range(of: "data-height=\""),
                      let height = Int(dom[start.upperBound...].prefix { $0.isNumber }), height > 0 else {
                    throw Failure(message: "\(browser) --dump-dom gave no page height for tip '\(tip)'")
                }
                let out = CatalogLoader.join(folder, "\(catalog)-\(tip).png")
                _ = try run(browser, ["--screenshot=\(out)", "--window-size=\(windowWidth),\(min(height, 16000))", page.absoluteString],
                            scratch: scratch)
                guard FileManager.default.fileExists(atPath: out) else {
                    throw Failure(message: "\(browser) wrote no screenshot \(out)")
                }
                written.append(out)
            }
        }
        return written
    }

    /// Runs the browser headless with `arguments`; its standard output (through a file, so a
    /// large DOM cannot fill a pipe), or a failure with its last words.
    static func run(_ browser: String, _ arguments: [String], scratch: URL) throws(Failure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                             "--force-device-scale-factor=1"] + arguments
        let output = scratch.appendingPathComponent("stdout.txt")
        let errors = scratch.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        do {
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: errors)
            process.currentDirectoryURL = scratch
            try process.run()
        } catch {
            throw Failure(message: "cannot run \(browser): \(error.localizedDescription)")
        }
        let started = Date()
        while process.isRunning {
            if Date().timeIntervalSince(started) > timeout {
                process.terminate()
                throw Failure(message: "\(browser) did not finish in \(Int(timeout)) s")
            }
            usleep(20_000)
        }
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let last = said.split(separator: "\n").last.map(String.init) ?? ""
            throw Failure(message: "\(browser) failed (exit \(process.terminationStatus)): \(last)")
        }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
}
