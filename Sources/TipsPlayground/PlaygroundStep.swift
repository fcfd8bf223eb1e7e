import TipsCheck
import TipsRuntime
import TipsScenario
import TipsText
import TipsTime

/// Turns what the page sends (`{"kind": "donate", "event": "manualSave", ...}`) into one
/// scenario line, checking every name against the catalog and writing every value in the
/// syntax of Docs/testing.md from its declared type. Only these lines reach the session,
/// so what is saved is what the page did.
public enum PlaygroundStep {
    /// A request the page got wrong: said back as the API's error.
    public struct Refusal: Error, Sendable, Equatable {
        public var message: String
        init(_ message: String) { self.message = message }
    }

    /// The step kinds the API takes.
    public static let kinds = ["donate", "set", "advance", "relaunch", "platform", "begin", "end", "close", "action", "reset",
                               "resetStore", "line"]

    /// The scenario line for `body`.
    public static func line(for body: JSON, in model: CatalogModel) throws(Refusal) -> String {
        guard let kind = body["kind"]?.string else { throw Refusal("the step has no \"kind\"; one of: \(kinds.joined(separator: ", "))") }
        switch kind {
        case "donate":
            let name = try string(body, "event")
            guard let event = model.events.first(where: { $0.name == name }) else {
                throw Refusal("unknown event '\(name)'; the catalog declares: \(model.events.map(\.name).joined(separator: ", "))")
            }
            var line = "donate \(event.name)"
            if !event.fields.isEmpty {
                let payload = body["payload"] ?? .object([])
                var parts: [String] = []
                for field in event.fields {
                    guard let value = payload[field.name] else { throw Refusal("the donation of '\(name)' lacks the field '\(field.name)'") }
                    parts.append("\(field.name): \(try text(of: value, as: field.type, in: model, what: "field '\(field.name)'"))")
                }
                line += "(" + parts.joined(separator: ", ") + ")"
            }
            if let times = body["times"] {
                guard let n = times.int, (1...100).contains(n) else { throw Refusal("\"times\" must be a whole number from 1 to 100") }
                if n > 1 { line += " x\(n)" }
            }
            return line
        case "set":
            let name = try string(body, "parameter")
            guard let parameter = model.parameters.first(where: { $0.name == name }) else {
                throw Refusal("unknown parameter '\(name)'; the catalog declares: \(model.parameters.map(\.name).joined(separator: ", "))")
            }
            guard let value = body["value"] else { throw Refusal("the step has no \"value\"") }
            return "set \(parameter.name) = \(try text(of: value, as: parameter.type, in: model, what: "parameter '\(name)'"))"
        case "advance":
            let by = try string(body, "by")
            guard let ms = DurationText.parse(by), ms > 0 else {
                throw Refusal("'\(by)' is not a duration such as 1h, 1d or 1d12h")
            }
            return "advance \(DurationText.format(ms))"
        case "relaunch":
            return "relaunch"
        case "resetStore":
            return "reset store"
        case "platform":
            let name = try string(body, "platform")
            guard let platform = TipPlatform(rawValue: name) else {
                throw Refusal("unknown platform '\(name)'; one of: \(TipPlatform.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return "platform \(platform.rawValue)"
        case "begin", "end", "close", "reset":
            return "\(kind) \(try tip(body, in: model).name)"
        case "action":
            let t = try tip(body, in: model)
            let id = try string(body, "action")
            guard t.actions.contains(where: { $0.id == id }) else {
                throw Refusal("\(t.name) has no action '\(id)'; it has: \(t.actions.map(\.id).joined(separator: ", "))")
            }
            return "action \(t.name) \(ScenarioText.quoted(id))"
        case "line":
            return try string(body, "line")
        default:
            throw Refusal("unknown step kind '\(kind)'; one of: \(kinds.joined(separator: ", "))")
        }
    }

    /// `value` written as a scenario value of `type`.
    public static func text(of value: JSON, as type: ValueType, in model: CatalogModel, what: String) throws(Refusal) -> String {
        if case .optional(let wrapped) = type {
            if value.isNull { return "nil" }
            return try text(of: value, as: wrapped, in: model, what: what)
        }
        switch type {
        case .bool:
            guard let b = value.bool else { throw Refusal("\(what) is a Bool: send true or false") }
            return b ? "true" : "false"
        case .int:
            guard let i = value.int else { throw Refusal("\(what) is an Int: send a whole number") }
            return String(i)
        case .double:
            guard let d = value.number, d.isFinite else { throw Refusal("\(what) is a Double: send a number") }
            if let i = value.int { return String(i) }
            let text = "\(d)"
            guard !text.contains("e") else { throw Refusal("\(what): \(text) is too large or too small to write") }
            return text
        case .string:
            guard let s = value.string else { throw Refusal("\(what) is a String: send text") }
            return ScenarioText.quoted(s)
        case .date:
            guard let s = value.string, let instant = ISO8601.parse(s, secondsOptional: true) else {
                throw Refusal("\(what) is a Date: send an instant such as 2026-01-05T09:00:00Z")
            }
            return ISO8601.format(instant)
        case .duration:
            guard let s = value.string, let ms = DurationText.parse(s) else { throw Refusal("\(what) is a duration: send text such as 1d") }
            return DurationText.format(ms)
        case .stringSet:
            guard let items = value.array, items.allSatisfy({ $0.string != nil }) else {
                throw Refusal("\(what) is a Set<String>: send an array of strings")
            }
            return "[" + items.compactMap(\.string).map(ScenarioText.quoted).joined(separator: ", ") + "]"
        case .enumeration(let e):
            let cases = e < model.enums.count ? model.enums[e].cases : []
            guard let s = value.string, cases.contains(s) else {
                throw Refusal("\(what) is one of: \(cases.map { "." + $0 }.joined(separator: ", "))")
            }
            return "." + s
        case .optional, .error:
            throw Refusal("\(what) has a type the playground cannot write")
        }
    }

    static func string(_ body: JSON, _ key: String) throws(Refusal) -> String {
        guard let s = body[key]?.string, !s.isEmpty else { throw Refusal("the step has no \"\(key)\" string") }
        return s
    }

    static func tip(_ body: JSON, in model: CatalogModel) throws(Refusal) -> TipsCheck.Tip {
        let name = try string(body, "tip")
        guard let tip = model.tips.first(where: { $0.name == name && !$0.isReusable }) else {
            let names = model.tips.filter { !$0.isReusable }.map(\.name)
            throw Refusal("unknown tip '\(name)' (reusable tips are addressed with a \"line\" step); the catalog's tips: "
                          + names.joined(separator: ", "))
        }
        return tip
    }
}
