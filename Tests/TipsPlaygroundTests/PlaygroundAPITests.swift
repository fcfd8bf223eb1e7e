import Foundation
import Testing
import TipsDriver
import TipsPlayground
import TipsScenario
import TipsSource
import TipsText

/// The API handlers called directly (no sockets) over the notes-app catalog, and the round
/// trip: a session saved as a scenario passes `tipc test`'s runner.
@Suite struct PlaygroundAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let notes = root.appendingPathComponent("Definitions/notes-app").path

    static func post(_ path: String, _ members: KeyValuePairs<String, JSON?>, type: String = "application/json") -> HTTPRequest {
        let body = JSON.object(members)
        return HTTPRequest(method: "POST", target: path, headers: [HTTPHeader("Host", "127.0.0.1:1"), HTTPHeader("Content-Type", type)],
                    body: Array(body.rendered().utf8))
    }

    static func step(_ body: JSON) -> HTTPRequest {
        HTTPRequest(method: "POST", target: "/api/step", headers: [HTTPHeader("Host", "127.0.0.1:1"), HTTPHeader("Content-Type", "application/json")],
                    body: Array(body.rendered().utf8))
    }

    static func get(_ path: String) -> HTTPRequest {
        HTTPRequest(method: "GET", target: path, headers: [HTTPHeader("Host", "127.0.0.1:1")])
    }

    static func json(_ response: HTTPResponse) throws -> JSON { try JSON.parse(response.body) }

    static func status(_ state: JSON, _ tip: String) -> String? {
        state["tips"]?.array?.first { $0["name"]?.string == tip }?["status"]?.string
    }

    func playground() throws -> Playground { try Playground(catalogPath: Self.notes) }

    @Test func servesThePageAndTheCatalog() throws {
        let p = try playground()
        defer { p.close() }
        let page = p.handle(Self.get("/"))
        #expect(page.status == 200)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("<script>") && !html.contains("src=\"http"), "self-contained")
        let catalog = try Self.json(p.handle(Self.get("/api/catalog")))
        let events = catalog["events"]?.array ?? []
        let noteEdited = events.first { $0["name"]?.string == "noteEdited" }
        #expect(noteEdited?["fields"]?.array?.map { $0["name"]?.string ?? "" } == ["mode", "wordsAdded"])
        #expect(noteEdited?["fields"]?.array?.first?["type"]?["cases"]?.array?.compactMap(\.string) == ["rich", "markdown", "plain"])
        let plan = catalog["parameters"]?.array?.first { $0["name"]?.string == "plan" }
        #expect(plan?["type"]?["kind"]?.string == "enum")
        #expect(catalog["platforms"]?.array?.count == 6)
        #expect(catalog["locales"]?.array?.first?.string == "en")
    }

    /// A String Catalog's device variation follows the platform picked (the right-to-left
    /// test catalog: Hebrew, with `iphone`, `ipad`, `mac` and `other` messages).
    @Test func deviceVariationFollowsThePlatform() throws {
        let rtl = Self.root.appendingPathComponent("Tests/TipsPreviewTests/Inputs/rtl-app").path
        let p = try Playground(catalogPath: rtl)
        defer { p.close() }
        func message(_ state: JSON?) -> String? {
            state?["tips"]?.array?.first { $0["name"]?.string == "SyncTip" }?["message"]?.string
        }
        let he = try Self.json(p.handle(Self.post("/api/locale", ["locale": "he"])))
        #expect(message(he) == "הקישו על סנכרון כדי שהפתקים יהיו בכל מכשיר.")
        for (platform, shown) in [("iPadOS", "הקישו על סנכרון כדי שהפתקים מה־iPad יהיו גם ב־iPhone וב־Mac."),
                                  ("macOS", "לחצו על סנכרון כדי שהפתקים יהיו בכל מכשיר."),
                                  ("tvOS", "הקישו על סנכרון כדי שהפתקים יהיו בכל מכשיר.")] {
            let r = try Self.json(p.handle(Self.post("/api/step", ["kind": "platform", "platform": .string(platform)])))
            #expect(message(r["state"]) == shown, "\(platform)")
        }
    }

    @Test func stepsChangeWhatTheRuntimeDecides() throws {
        let p = try playground()
        defer { p.close() }
        var r = try Self.json(p.handle(Self.post("/api/step", ["kind": "set", "parameter": "hasHardwareKeyboard", "value": true])))
        #expect(r["accepted"]?.bool == true)
        #expect(r["line"]?.string == "set hasHardwareKeyboard = true")
        r = try Self.json(p.handle(Self.post("/api/step", ["kind": "donate", "event": "manualSave", "times": 3])))
        #expect(r["line"]?.string == "donate manualSave x3")
        let state = try #require(r["state"])
        #expect(Self.status(state, "SaveShortcutTip") == "available")
        let tip = state["tips"]?.array?.first { $0["name"]?.string == "SaveShortcutTip" }
        #expect(tip?["explanation"]?.string?.contains("count(manualSave within 7d) = 3, needs >= 3") == true)
        #expect((tip?["title"]?.string ?? "").isEmpty == false)
        #expect((state["journalLineCount"]?.int ?? 0) >= 4, "the three donations are in the journal (a transient parameter is not)")
        // A relaunch is a new store over the same journal: the transient parameter is back
        // to its default, so the tip waits again; the donations are still counted.
        r = try Self.json(p.handle(Self.post("/api/step", ["kind": "relaunch"])))
        #expect(Self.status(try #require(r["state"]), "SaveShortcutTip") == "pending")
        r = try Self.json(p.handle(Self.post("/api/step", ["kind": "advance", "by": "1d"])))
        #expect(r["state"]?["elapsed"]?.string == "1d")
        r = try Self.json(p.handle(Self.post("/api/step", ["kind": "donate", "event": "noteEdited",
                                                           "payload": .object(["mode": "markdown", "wordsAdded": 250])])))
        #expect(r["line"]?.string == "donate noteEdited(mode: .markdown, wordsAdded: 250)")
        r = try Self.json(p.handle(Self.post("/api/step", ["kind": "platform", "platform": "macOS"])))
        #expect(r["state"]?["platform"]?.string == "macOS")
        r = try Self.json(p.handle(Self.post("/api/step", ["kind": "set", "parameter": "displayName", "value": "A \"quoted\"\nname"])))
        #expect(r["line"]?.string == #"set displayName = "A \"quoted\"\nname""#)
        #expect(r["accepted"]?.bool == true)
    }

    /// Requests the page could get wrong: each refused with a status and a reason.
    static let refused: [(request: HTTPRequest, status: Int, says: String)] = [
        (post("/api/step", ["kind": "donate", "event": "manualSaves"]), 422, "unknown event 'manualSaves'"),
        (post("/api/step", ["kind": "donate", "event": "noteEdited", "payload": .object(["mode": "rich"])]), 422, "lacks the field 'wordsAdded'"),
        (post("/api/step", ["kind": "donate", "event": "noteEdited", "payload": .object(["mode": "bold", "wordsAdded": 1])]), 422, ".rich, .markdown, .plain"),
        (post("/api/step", ["kind": "set", "parameter": "noteCount", "value": "many"]), 422, "is an Int"),
        (post("/api/step", ["kind": "set", "parameter": "noteCount", "value": 1.5]), 422, "is an Int"),
        (post("/api/step", ["kind": "advance", "by": "3 days"]), 422, "not a duration"),
        (post("/api/step", ["kind": "platform", "platform": "android"]), 422, "iOS, iPadOS, macOS"),
        (post("/api/step", ["kind": "begin", "tip": "NoSuchTip"]), 422, "unknown tip"),
        (post("/api/step", ["kind": "fly"]), 422, "unknown step kind"),
        (post("/api/step", ["kind": "relaunch"], type: "text/plain"), 415, "application/json"),
        (HTTPRequest(method: "POST", target: "/api/step", headers: [HTTPHeader("Host", "x"), HTTPHeader("Content-Type", "application/json")],
                     body: Array("{nope".utf8)), 400, "not JSON"),
        (post("/api/locale", ["locale": "xx"]), 422, "unknown locale"),
        (get("/api/step"), 405, "takes POST"),
        (post("/api/state", [:]), 405, "takes GET"),
        (get("/etc/passwd"), 404, "no such page"),
    ]

    @Test(arguments: refused.indices)
    func refuses(_ i: Int) throws {
        let c = Self.refused[i]
        let p = try playground()
        defer { p.close() }
        let response = p.handle(c.request)
        #expect(response.status == c.status)
        let message = try Self.json(response)["error"]?.string ?? ""
        #expect(message.contains(c.says), "\(message)")
    }

    /// A step the runtime refuses is reported and not kept, so the saved scenario stays runnable.
    @Test func aRefusedStepIsNotSaved() throws {
        let p = try playground()
        defer { p.close() }
        let r = try Self.json(p.handle(Self.post("/api/step", ["kind": "line", "line": "set noteCount = \"many\""])))
        #expect(r["accepted"]?.bool == false)
        #expect(r["messages"]?.array?.first?.string?.isEmpty == false)
        let bad = try Self.json(p.handle(Self.post("/api/step", ["kind": "line", "line": "expect WelcomeTip invalidated"])))
        #expect(bad["accepted"]?.bool == false, "a failing expectation is not kept either")
        let saved = try Self.json(p.handle(Self.post("/api/scenario", [:])))["scenario"]?.string ?? ""
        #expect(!saved.contains("noteCount") && !saved.contains("expect WelcomeTip invalidated"))
    }

    /// The round trip: what the session saw, saved as a scenario, passes the runner of
    /// `tipc test` with an `expect` line for each status change.
    @Test func savedScenarioPassesTipcTest() throws {
        let p = try playground()
        defer { p.close() }
        let steps: [JSON] = [
            .object(["kind": "set", "parameter": "hasHardwareKeyboard", "value": true]),
            .object(["kind": "donate", "event": "manualSave", "times": 2]),
            .object(["kind": "advance", "by": "1h"]),
            .object(["kind": "donate", "event": "manualSave"]),
            .object(["kind": "begin", "tip": "SaveShortcutTip"]),
            .object(["kind": "advance", "by": "30s"]),
            .object(["kind": "end", "tip": "SaveShortcutTip"]),
            .object(["kind": "donate", "event": "noteCreated", "payload": .object(["fromTemplate": false, "wordCount": 120])]),
            .object(["kind": "advance", "by": "1d"]),
            .object(["kind": "relaunch"]),
            .object(["kind": "platform", "platform": "iPadOS"]),
            .object(["kind": "set", "parameter": "plan", "value": "team"]),
            .object(["kind": "close", "tip": "SaveShortcutTip"]),
            .object(["kind": "advance", "by": "7d"]),
        ]
        var seen: Set<String> = []
        for s in steps {
            let r = try Self.json(p.handle(Self.step(s)))
            #expect(r["accepted"]?.bool == true, "\(r["line"]?.string ?? ""): \(r["messages"]?.rendered() ?? "")")
            for tip in r["state"]?["tips"]?.array ?? [] { seen.insert("\(tip["name"]?.string ?? "") \(tip["status"]?.string ?? "")") }
        }
        let saved = try Self.json(p.handle(Self.post("/api/scenario", ["title": "saved from the playground"])))
        let text = try #require(saved["scenario"]?.string)
        #expect(text.contains("scenario \"saved from the playground\""))
        #expect(text.contains("expect SaveShortcutTip available"))
        #expect(text.contains("expect SaveShortcutTip invalidated(tipClosed)"))
        // Every status the page showed after a step that changed it is expected somewhere.
        let expects = text.split(separator: "\n").filter { $0.hasPrefix("expect ") }
        #expect(expects.count >= 3)
        for e in expects { #expect(seen.contains(String(e.dropFirst("expect ".count))), "\(e)") }

        let sources = try #require(try? CatalogLoader.loadSingle(Self.notes).get())
        let input = ScenarioSuite.Input(path: Self.notes + "/playground.scenario", bytes: Array(text.utf8), catalog: (Self.notes, sources))
        let report = ScenarioSuite.run([input])
        #expect(report.succeeded, "\(report.diagnostics.map(\.message))\n\(text)")
        #expect(report.passed == 1 && report.failed == 0)
    }

    /// A saved scenario whose session changed nothing still checks something.
    @Test func anEmptySessionSavesTheStatusesItStartsWith() throws {
        let p = try playground()
        defer { p.close() }
        _ = p.handle(Self.post("/api/restart", [:]))
        let text = try Self.json(p.handle(Self.post("/api/scenario", [:])))["scenario"]?.string ?? ""
        #expect(text.contains("expect "))
        let sources = try #require(try? CatalogLoader.loadSingle(Self.notes).get())
        let report = ScenarioSuite.run([ScenarioSuite.Input(path: Self.notes + "/p.scenario", bytes: Array(text.utf8), catalog: (Self.notes, sources))])
        #expect(report.succeeded, "\(report.diagnostics.map(\.message))")
    }
}
