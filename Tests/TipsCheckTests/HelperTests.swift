import Testing
@testable import TipsCheck
import TipsSource
import TipsTime

/// The checker's small helpers: suggestions, dates, folding, intervals.
struct HelperTests {
    @Test("edit distance", arguments: [
        ("manualSav", "manualSave", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "abc", 0),
        ("flaw", "lawn", 2), ("flase", "false", 1), ("manualSvae", "manualSave", 1), ("ab", "ba", 1),
        ("abcdef", "badcfe", 3),
    ])
    func distance(_ a: String, _ b: String, _ d: Int) {
        #expect(Suggestion.distance(a, b, limit: 10) == d)
    }

    @Test("suggestions need to be close")
    func suggestions() {
        #expect(Suggestion.closest(to: "manualSav", among: ["other", "manualSave"]) == "manualSave")
        #expect(Suggestion.closest(to: "x", among: ["manualSave"]) == nil)
        #expect(Suggestion.closest(to: "cout", among: ["date", "min", "count"]) == "count")
        #expect(Suggestion.closest(to: "flase", among: ["true", "false"]) == "false")
        #expect(Suggestion.distance("abcdef", "badcfe", limit: 1) > 1)
    }

    @Test("ISO-8601 instants", arguments: [
        ("1970-01-01T00:00:00Z", Int64(0)), ("2026-01-01T00:00:00Z", Int64(1_767_225_600_000)),
        ("2024-02-29T12:00:00.250Z", Int64(1_709_208_000_250)), ("1970-01-01T01:00:00+01:00", Int64(0)),
        ("1969-12-31T23:59:59Z", Int64(-1000)), ("2026-01-01", Int64(1_767_225_600_000)),
    ])
    func dates(_ text: String, _ ms: Int64) {
        #expect(ISO8601.parse(text) == ms)
    }

    @Test("invalid instants", arguments: [
        "2023-02-29T00:00:00Z", "2026-01-01T24:00:00Z", "2026-1-01", "2026-01-01T00:00:00", "x",
        "2026-01-01T00:00:00Zjunk", "",
    ])
    func invalidDates(_ text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    /// The checker's names for the display frequencies are the shared vocabulary's, with the
    /// same lengths: the parser, `tipc diff`, `tipc disasm` and the checker cannot drift apart.
    @Test func frequencyNamesAreTheSharedOnes() {
        #expect(Set(CatalogChecker.frequencyNames.keys) == Set(FrequencyName.names))
        for (name, ms) in FrequencyName.all {
            #expect(CatalogChecker.frequencyNames[name]?.milliseconds == ms, "\(name)")
        }
    }

    @Test("folding follows the run-time semantics")
    func folding() {
        #expect(Folder.arithmetic(.divideInt, .int(Int64.min), .int(-1)) == .int(Int64.min))
        #expect(Folder.arithmetic(.remainderInt, .int(7), .int(0)) == .int(0))
        #expect(Folder.arithmetic(.divideDouble, .double(1), .double(0)) == .double(0))
        #expect(Folder.compare(.notEqual, .double(.nan), .double(1)) == false)
        #expect(Folder.compare(.less, .none, .int(1)) == false)
        #expect(Folder.compare(.equal, .none, .none) == true)
        #expect(Folder.compare(.notEqual, .none, .int(5)) == true)
        #expect(Folder.compare(.less, .string("Z"), .string("a")) == true)
        #expect(Folder.builtin(.stringCount, [.string("é👍")]) == .int(2))
        #expect(Folder.builtin(.stringContains, [.string("hello"), .string("ll")]) == .bool(true))
        #expect(Folder.builtin(.stringHasSuffix, [.string("hello"), .string("lo")]) == .bool(true))
        #expect(Folder.normalizedSet(["b", "a", "b"]) == ["a", "b"])
    }

    @Test("a misspelled name gets a note and a fix-it replacing it")
    func didYouMean() throws {
        var sources = SourceSet()
        let id = sources.add(path: "t.tips", text: "event manualSave\ntip T {\n title \"t\"\n rule count(manualSav) > 1\n}\n")
        let d = try #require(Checker.check(sources).diagnostics.first { $0.code == "E201" })
        #expect(d.message == "unknown event 'manualSav'")
        #expect(d.notes.map(\.message) == ["did you mean 'manualSave'?"])
        let edit = try #require(d.fixIts.first?.edits.first)
        #expect(edit.replacement == "manualSave")
        #expect(sources[id].text(in: edit.range) == "manualSav")
    }
}
