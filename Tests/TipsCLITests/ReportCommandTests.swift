import Foundation
import Testing
import TipsText

@Suite struct ReportCommandTests {
    static let events = """
        {"schema":1,"event":"becameEligible","catalog":"c","catalogVersion":1,"tip":"T","instance":null,"variant":null,"at":"2026-01-01T00:00:00Z","testing":false}
        {"schema":1,"event":"shown","catalog":"c","catalogVersion":1,"tip":"T","instance":null,"variant":null,"at":"2026-01-01T00:00:00Z","testing":false,"presentation":"T#1@1767225600000"}
        {"schema":1,"event":"converted","catalog":"c","catalogVersion":1,"tip":"T","instance":null,"variant":null,"at":"2026-01-01T00:01:00Z","testing":false,"presentation":"T#1@1767225600000"}

        """

    static func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    /// A folder holding the same export twice (two copies of one device's events) counts each once.
    @Test func aFolderWithAnExportTwiceCountsOnce() throws {
        let dir = try Self.folder(["a.ndjson": Self.events, "b.jsonl": Self.events, "ignored.txt": "junk"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = tipc("report", "--format", "json", dir)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSON.parse(result.stdout)
        #expect(json["duplicates"]?.int == 3)
        let row = try #require(json["rows"]?.array?.first)
        #expect(row["shown"]?.int == 1 && row["conversions"]?.int == 1)
        #expect(row["conversionRate"]?.rendered() == "1")
        #expect(row["medianTimeToConversionMs"]?.int == 60_000)
    }

    @Test func malformedLinesAreReportedWithTheirLine() throws {
        let dir = try Self.folder(["a.ndjson": Self.events + "{\"schema\":1,\"event\":\"clicked\"}\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = tipc("report", dir + "/a.ndjson")
        #expect(result.status == 1)
        #expect(result.stderr.contains("a.ndjson:4: error: unknown event 'clicked'"), "\(result.stderr)")
        #expect(result.stdout.contains("conversion rate 1.0000"))
    }

    @Test func usageErrors() {
        #expect(tipc("report", "--format", "xml", "x").stderr.contains("unknown format 'xml' (expected text, json, csv or html)"))
        #expect(tipc("report", "/nonexistent/events").status == 2)
        #expect(tipc("report", "--format", "csv", "--help").stdout.contains("usage: tipc report"))
    }
}
