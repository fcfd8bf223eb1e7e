import Foundation
import TipsSource
import TipsTime

/// Reads a persona file (format: Docs/forecast.md). Line-based like scenarios: `persona
/// "title"`, `days N`, `start YYYY-MM-DD`, and activities `once STEP`, `daily HH:MM STEP`,
/// `day N HH:MM STEP`, where STEP is a scenario step that acts (donate, set, relaunch,
/// display, ...). Each bad line gets one diagnostic at its exact line and column.
public enum PersonaParser {
    /// The line keywords, for did-you-mean suggestions.
    static let keywords = ["persona", "days", "start", "once", "daily", "day"]
    /// Scenario steps a persona may not use: the forecast owns time and the checks.
    static let ownedSteps = ["scenario", "at", "advance", "expect", "explain"]

    public static func parse(_ file: SourceFile) -> PersonaFile {
        var diagnostics: [Diagnostic] = []
        var name: String?
        var days = 14
        var start = Persona.defaultStart
        var activities: [Persona.Activity] = []
        let bytes = file.bytes
        let lexer = ScenarioLexer(bytes: bytes, file: file.id)
        func range(_ a: Int, _ b: Int) -> SourceRange { SourceRange(file: file.id, start: Int32(a), end: Int32(b)) }
        for (index, lineStart) in file.lineStarts.enumerated() {
            let lineEnd = max(Int(lineStart), index + 1 < file.lineStarts.count ? Int(file.lineStarts[index + 1]) - 1 : bytes.count)
            // Words split on blanks; a comment ends the line.
            var words: [(text: String, start: Int, end: Int)] = []
            var i = Int(lineStart)
            while i < lineEnd, words.count < 3 {
                while i < lineEnd, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
                guard i < lineEnd, bytes[i] != UInt8(ascii: "#") else { break }
                let s = i
                while i < lineEnd, bytes[i] != 0x20, bytes[i] != 0x09, bytes[i] != 0x0D { i += 1 }
                words.append((String(decoding: bytes[s..<i], as: UTF8.self), s, i))
            }
            guard let first = words.first else { continue }
            let firstRange = range(first.start, first.end)
            func rest(after word: Int) -> Int { word < words.count ? words[word].start : lineEnd }
            func fail(_ code: DiagnosticCode, _ message: String, _ at: SourceRange, notes: [Note] = []) {
                diagnostics.append(.error(code, message, at: at, notes: notes))
            }
            /// Parses the step that starts at byte `from`; nil after reporting its problem.
            func step(from: Int, when: Persona.When) {
                switch lexer.tokens(from: from, to: lineEnd) {
                case .failure(let f): diagnostics.append(f.diagnostic)
                case .success(let tokens):
                    guard let head = tokens.first else {
                        return fail(.malformedPersonaLine, "expected a scenario step (donate, set, relaunch, ...), found the end of the line",
                                    .point(file.id, Int32(lineEnd)))
                    }
                    if let word = head.word, ownedSteps.contains(word) {
                        return fail(.personaStepNotAllowed, "'\(word)' is not allowed in a persona: the forecast moves the clock and checks statuses",
                                    head.range, notes: [Note("allowed steps: donate, set, begin, end, display, close, invalidate, action, reset, relaunch, platform, override")])
                    }
                    var line = LineParser(tokens: tokens, file: file)
                    do throws(ScenarioFailure) {
                        let parsed = try line.step()
                        activities.append(.init(when: when, step: file.text(in: parsed.range), range: parsed.range))
                    } catch {
                        diagnostics.append(error.diagnostic)
                    }
                }
            }
            func minute(_ w: Int) -> Int? {
                guard w < words.count else {
                    fail(.malformedPersonaLine, "expected a time of day HH:MM (00:00 to 23:59), found the end of the line", .point(file.id, Int32(lineEnd)))
                    return nil
                }
                let parts = words[w].text.split(separator: ":", omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].count == 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]),
                   (0...23).contains(h), (0...59).contains(m) { return h * 60 + m }
                fail(.malformedPersonaLine, "expected a time of day HH:MM (00:00 to 23:59), found '\(words[w].text)'", range(words[w].start, words[w].end))
                return nil
            }
            switch first.text {
            case "persona":
                let text = String(decoding: bytes[rest(after: 1)..<lineEnd], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.dropFirst().dropLast().contains("\"") {
                    if name != nil { fail(.malformedPersonaLine, "a persona file has one 'persona' line", firstRange) }
                    name = String(text.dropFirst().dropLast())
                } else {
                    fail(.malformedPersonaLine, "expected a title in quotes after 'persona', e.g. persona \"daily writer\"", range(rest(after: 1), lineEnd))
                }
            case "days":
                if words.count == 2, let n = Int(words[1].text), (1...Persona.maxDays).contains(n) {
                    days = n
                } else {
                    let at = words.count > 1 ? range(words[1].start, lineEnd) : .point(file.id, Int32(lineEnd))
                    fail(.personaDaysOutOfRange, "expected a number of days from 1 to \(Persona.maxDays) after 'days'", at)
                }
            case "start":
                if words.count == 2, words[1].text.count == 10, let ms = ISO8601.parse(words[1].text + "T00:00:00Z") {
                    start = ms
                } else {
                    let at = words.count > 1 ? range(words[1].start, lineEnd) : .point(file.id, Int32(lineEnd))
                    fail(.malformedPersonaLine, "expected a date YYYY-MM-DD after 'start', e.g. start 2026-01-05", at)
                }
            case "once":
                step(from: rest(after: 1), when: .once)
            case "daily":
                if let m = minute(1) { step(from: rest(after: 2), when: .daily(minute: m)) }
            case "day":
                guard words.count > 1, let n = Int(words[1].text), n >= 1 else {
                    let at = words.count > 1 ? range(words[1].start, words[1].end) : .point(file.id, Int32(lineEnd))
                    fail(.malformedPersonaLine, "expected a day number (1 is the first day) after 'day'", at)
                    continue
                }
                if let m = minute(2) {
                    // The step starts after the time: find its start past the third word.
                    var s = words[2].end
                    while s < lineEnd, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
                    step(from: s, when: .day(n, minute: m))
                }
            default:
                let guess = Suggestion.closest(to: first.text, among: keywords)
                fail(.unknownPersonaLine, "unknown persona line '\(first.text)'; expected one of: \(keywords.joined(separator: ", "))", firstRange,
                     notes: guess.map { [Note("did you mean '\($0)'?")] } ?? [])
            }
        }
        if name == nil && diagnostics.isEmpty {
            diagnostics.append(.error(.malformedPersonaLine, "no 'persona \"title\"' line in this file", at: .point(file.id, 0)))
        }
        let persona = name.map { Persona(name: $0, days: days, start: start, activities: activities) }
        return PersonaFile(persona: persona, diagnostics: diagnostics)
    }
}
