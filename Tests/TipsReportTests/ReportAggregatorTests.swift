import Testing
import TipsReport
import TipsText

@Suite struct ReportAggregatorTests {
    static func line(_ event: String, tip: String? = "T", variant: String? = nil, at: String = "2026-01-01T00:00:00Z",
                     testing: Bool = false, extra: String = "") -> String {
        let tipText = tip.map { "\"\($0)\"" } ?? "null"
        let variantText = variant.map { "\"\($0)\"" } ?? "null"
        return "{\"schema\":1,\"event\":\"\(event)\",\"catalog\":\"c\",\"catalogVersion\":1,\"tip\":\(tipText),\"instance\":null,\"variant\":\(variantText),\"at\":\"\(at)\",\"testing\":\(testing)\(extra)}"
    }

    /// A small stream: two presentations of T, one converted an hour after it began, one
    /// testing presentation, a hold-back, and a holdout variant.
    static let stream = [
        line("becameEligible", variant: "a"),
        line("suppressed", variant: "a", extra: ",\"reason\":\"displayFrequency\""),
        line("shown", variant: "a", extra: ",\"presentation\":\"T#1@1767225600000\""),
        line("ended", variant: "a", at: "2026-01-01T00:00:05Z", extra: ",\"presentation\":\"T#1@1767225600000\",\"ending\":\"action\",\"action\":\"learn\""),
        line("converted", variant: "a", at: "2026-01-01T01:00:00Z", extra: ",\"presentation\":\"T#1@1767225600000\""),
        line("shown", variant: "a", at: "2026-01-02T00:00:00Z", extra: ",\"presentation\":\"T#2@1767312000000\""),
        line("ended", variant: "a", at: "2026-01-02T00:00:09Z", extra: ",\"presentation\":\"T#2@1767312000000\",\"ending\":\"dismissed\""),
        line("shown", variant: "a", testing: true, extra: ",\"presentation\":\"T#3@1767398400000\""),
        line("becameEligible", variant: "holdout"),
        line("becameEligible", variant: "holdout", at: "2026-01-03T00:00:00Z"),
        line("converted", variant: "holdout", at: "2026-01-04T00:00:00Z"),
        line("dropped", tip: nil, extra: ",\"count\":7"),
    ].joined(separator: "\n") + "\n"

    static func report(_ text: String, chunk: Int = 1 << 20) -> (Report, [EventStreamReader.Problem]) {
        var reader = EventStreamReader()
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            reader.feed(Array(bytes[start..<min(bytes.count, start + chunk)]))
            start += chunk
        }
        reader.finish()
        return (reader.aggregator.report, reader.problems)
    }

    @Test func countsEachFigure() throws {
        let (report, problems) = Self.report(Self.stream)
        #expect(problems.isEmpty)
        #expect(report.read == 12 && report.testing == 1 && report.duplicates == 0 && report.dropped == 7)
        let a = try #require(report.rows.first { $0.variant == "a" })
        #expect(a.eligible == 1 && a.shown == 2 && a.conversions == 1 && a.convertedAfterShown == 1)
        #expect(a.endings == ["action": 1, "dismissed": 1] && a.actions == ["learn": 1])
        #expect(a.suppressed == ["displayFrequency": 1])
        #expect(a.medianTimeToConversion == 3_600_000)
        #expect(a.conversionRate == 0.5)
        let holdout = try #require(report.rows.first { $0.variant == "holdout" })
        #expect(holdout.eligible == 2 && holdout.conversions == 1 && holdout.shown == 0)
        let lift = try #require(report.lifts.first)
        #expect(lift.variant == "a" && lift.interval.difference == 0.5)
    }

    /// Replaying the stream twice, or in any chunking, changes nothing but the duplicate count.
    @Test(arguments: [1, 7, 64, 1 << 20]) func duplicatesCountOnce(_ chunk: Int) {
        let (once, _) = Self.report(Self.stream)
        let (twice, problems) = Self.report(Self.stream + Self.stream, chunk: chunk)
        #expect(problems.isEmpty)
        #expect(twice.rows == once.rows)
        #expect(twice.duplicates == 11)  // the testing event is skipped before deduplication
    }

    @Test func theSameKindAtAnotherInstantIsNotADuplicate() throws {
        let text = [Self.line("becameEligible"), Self.line("becameEligible", at: "2026-01-05T00:00:00Z")].joined(separator: "\n")
        let (report, _) = Self.report(text)
        #expect(try #require(report.rows.first).eligible == 2)
    }

    static let malformed: [(String, String)] = [
        ("nope", "not JSON"),
        ("[1]", "an event is a JSON object"),
        ("{\"schema\":3}", "unsupported schema 3 (this reader knows 1 and 2)"),
        ("{\"schema\":1,\"event\":\"clicked\"}", "unknown event 'clicked' (expected one of becameEligible"),
        (line("shown"), "'shown' needs a 'presentation'"),
        (line("becameEligible", at: "yesterday"), "invalid 'at'"),
    ]

    @Test(arguments: malformed) func badLinesSayWhereAndWhy(_ text: String, _ reason: String) throws {
        let (report, problems) = Self.report(Self.line("becameEligible") + "\n" + text + "\n")
        let problem = try #require(problems.first)
        #expect(problem.line == 2)
        #expect(problem.reason.contains(reason), "\(problem.reason)")
        #expect(report.rows.first?.eligible == 1)
    }

    /// Schema 2 adds suppression reasons (`snoozed`, `displayBudget`): such lines are read and
    /// counted with the rest.
    @Test func schemaTwoSuppressionsAreCounted() throws {
        let two = Self.line("suppressed", extra: ",\"reason\":\"displayBudget\"").replacingOccurrences(of: "{\"schema\":1,", with: "{\"schema\":2,")
        let (report, problems) = Self.report(Self.line("becameEligible") + "\n" + two + "\n")
        #expect(problems.isEmpty, "\(problems)")
        #expect(report.rows.first?.suppressed == ["displayBudget": 1])
    }

    @Test func outputsAgree() throws {
        let (report, _) = Self.report(Self.stream)
        let json = try JSON.parse(report.json.rendered())
        let rows = try #require(json["rows"]?.array)
        let a = try #require(rows.first { $0["variant"]?.string == "a" })
        let interval = try #require(WilsonInterval(successes: 1, trials: 2))
        #expect(a["conversionLower"]?.rendered() == Report.decimal(interval.lower))
        #expect(report.csv.contains("c,T,a,1,2,1,1,0.5000,\(Report.decimal(interval.lower)),\(Report.decimal(interval.upper)),3600000,"))
        #expect(report.text.contains("conversion rate 0.5000"))
        #expect(report.text.contains("median time to conversion 1h"))
    }
}

@Suite struct ReportHTMLTests {
    @Test func figuresAreMarkedAndNamesEscaped() throws {
        let hostile = ReportAggregatorTests.line("shown", tip: "<b>&T", extra: ",\"presentation\":\"x#1@0\"")
        let (report, _) = ReportAggregatorTests.report(ReportAggregatorTests.stream + hostile + "\n")
        let html = report.html
        #expect(html.contains("&lt;b>&amp;T") || html.contains("&lt;b&gt;&amp;T"))
        #expect(!html.contains("<b>&T"))
        #expect(html.contains("data-figure=\"conversionRate\">0.5000</td>"))
        #expect(html.contains("<svg") && !html.contains("<script"))
    }
}
