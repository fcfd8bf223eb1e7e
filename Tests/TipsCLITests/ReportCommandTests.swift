import Foundation
import Testing
import TipsDriver
import TipsReplay
import TipsSource
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

/// `tipc report --defs` and `tipc events export` over journals written by a simulated fleet.
@Suite struct JournalInputCommandTests {
    static func fleet(devices: Int) throws -> (dir: String, catalog: String) {
        let dir = try ReportCommandTests.folder(["catalog.tips": FleetSimulation.source])
        var sources = SourceSet()
        sources.add(path: "catalog.tips", text: FleetSimulation.source)
        let bundle = try #require(CheckedCatalog(sources).compile().bytes)
        try FleetSimulation(bundle: bundle).write(devices: devices, into: URL(fileURLWithPath: dir + "/journals"))
        return (dir, dir + "/catalog.tips")
    }

    @Test func reportOverJournalsEqualsReportOverTheirExport() throws {
        let (dir, catalog) = try Self.fleet(devices: 5)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let identity = ["--catalog", "com.example.notes", "--catalog-version", "7"]
        let export = tipc(["events", "export", "--defs", catalog] + identity + ["--output", dir + "/events.ndjson", dir + "/journals"])
        #expect(export.status == 0, "\(export.stderr)")
        let fromJournals = tipc(["report", "--format", "json", "--defs", catalog] + identity + [dir + "/journals"])
        let fromExport = tipc(["report", "--format", "json", dir + "/events.ndjson"])
        #expect(fromJournals.status == 0 && fromExport.status == 0, "\(fromJournals.stderr)\(fromExport.stderr)")
        #expect(fromJournals.stdout == fromExport.stdout)
        let json = try JSON.parse(fromJournals.stdout)
        #expect((json["events"]?.int ?? 0) > 20)
        #expect(json["rows"]?.array?.first?["catalog"]?.string == "com.example.notes")
    }

    @Test func damagedJournalsAndUsageErrors() throws {
        let (dir, catalog) = try Self.fleet(devices: 2)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "not a journal\n".write(toFile: dir + "/journals/zz-bad.jsonl", atomically: true, encoding: .utf8)
        let report = tipc(["report", "--defs", catalog, dir + "/journals"])
        #expect(report.status == 1)
        #expect(report.stderr.contains("zz-bad.jsonl:1: error: not a tips journal"), "\(report.stderr)")
        #expect(report.stdout.contains("SearchTip"))
        let export = tipc(["events", "export", "--defs", catalog, dir + "/journals"])
        #expect(export.status == 1 && export.stderr.contains("zz-bad.jsonl:1: error:"))
        let cases: [([String], Int32, String)] = [
            (["events"], 2, "missing action (expected export)"),
            (["events", "import", dir], 2, "unknown action 'import' (expected export)"),
            (["events", "export", dir + "/journals"], 2, "give the catalog the journals ran: --defs PATH or --bundle FILE"),
            (["events", "export", "--defs", catalog], 2, "give the journals"),
            (["events", "export", "--defs", catalog, "/nonexistent"], 2, "/nonexistent: no such file or folder"),
            (["report", "--catalog", "x", dir + "/journals"], 2, "give --defs or --bundle too"),
            (["report", "--defs", catalog, "--catalog-version", "seven", dir + "/journals"], 2, "--catalog-version"),
        ]
        for (arguments, status, message) in cases {
            let run = tipc(arguments)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }
}
