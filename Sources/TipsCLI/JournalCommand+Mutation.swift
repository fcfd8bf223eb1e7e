import Foundation
import TipsBytecode
import TipsCommandLine
import TipsJournal

extension JournalCommand {
    /// Turns `donate`, `set`, `display` and `invalidate` arguments into the one record they
    /// append, checked against the definitions when there are some. Everything is checked
    /// before the journal is opened, so a mistake writes nothing.
    ///
    /// The record is written as given. With definitions a donation also fires its
    /// `invalidate when` triggers, as in an app (`JournalCommand.append` asks the runtime);
    /// the invalidation at the end of the last allowed presentation is not derived.
    struct Mutation {
        var definitions: Definitions?

        /// The invalidation reasons the runtime knows.
        static let reasons = ["actionPerformed", "displayCountExceeded", "displayDurationExceeded", "tipClosed"]

        func record(_ action: String, _ args: [String], at: Int64, _ invocation: inout Invocation) throws(Definitions.Exit) -> JournalRecord {
            do throws(JournalLiteral.Failure) {
                switch action {
                case "donate":
                    guard let event = args.first else { throw usage("donate needs an EVENT", &invocation) }
                    return .donate(event: try eventName(event), at: at, payload: try payload(event, Array(args.dropFirst())))
                case "set":
                    guard args.count == 2 else { throw usage("set needs PARAM VALUE", &invocation) }
                    let (name, value) = try parameter(args[0], args[1])
                    return .param(name: name, value: value, at: at)
                case "display":
                    guard args.count == 2, args[1] == "begin" || args[1] == "end" else {
                        throw usage("display needs TIP begin or TIP end", &invocation)
                    }
                    let id = try tipID(args[0])
                    return args[1] == "begin" ? .displayBegan(tip: id, at: at) : .displayEnded(tip: id, at: at)
                default:
                    guard args.count == 2 else { throw usage("invalidate needs TIP REASON", &invocation) }
                    let id = try tipID(args[0])
                    guard Mutation.reasons.contains(args[1]) else {
                        var message = "unknown reason '\(args[1])'; expected \(Mutation.reasons.joined(separator: ", "))"
                        if let guess = CommandSuggestion.closest(to: args[1], among: Mutation.reasons) { message += "; did you mean '\(guess)'?" }
                        throw JournalLiteral.Failure(message: message)
                    }
                    return .invalidate(tip: id, reason: args[1], at: at)
                }
            } catch {
                if !error.message.isEmpty { invocation.error(error.message) }
                throw Definitions.Exit(status: ExitCode.usage)
            }
        }

        private func usage(_ message: String, _ invocation: inout Invocation) -> JournalLiteral.Failure {
            // Arity mistakes get the usage line; the empty message tells `record` it's printed.
            _ = invocation.usageError(UsageError(message: message), command: JournalCommand.command)
            return JournalLiteral.Failure(message: "")
        }

        private static func unknown(_ kind: String, _ name: String, among names: [String]) -> JournalLiteral.Failure {
            var message = "unknown \(kind) '\(name)'"
            if let guess = CommandSuggestion.closest(to: name, among: names) { message += "; did you mean '\(guess)'?" }
            return JournalLiteral.Failure(message: message)
        }

        func eventName(_ name: String) throws(JournalLiteral.Failure) -> String {
            guard !name.isEmpty else { throw JournalLiteral.Failure(message: "empty event name") }
            guard let d = definitions else { return name }
            let names = d.bundle.events.map { d.string($0.name) }
            // Recorded under what the event is stored under: its key, else its name; the key itself is accepted too.
            let keys = d.eventKeys
            if let i = names.firstIndex(of: name) ?? keys.firstIndex(of: name) { return keys[i] }
            throw Mutation.unknown("event", name, among: names)
        }

        /// `FIELD=VALUE` arguments: with definitions, every declared field exactly once.
        func payload(_ event: String, _ args: [String]) throws(JournalLiteral.Failure) -> [String: JournalValue] {
            var given: [(String, String)] = []
            // A set, not a search of `given`: thousands of fields must stay linear.
            var names = Set<String>()
            for arg in args {
                guard let eq = arg.firstIndex(of: "="), eq != arg.startIndex else {
                    throw JournalLiteral.Failure(message: "expected FIELD=VALUE, not '\(arg)'")
                }
                let name = String(arg[..<eq])
                guard names.insert(name).inserted else { throw JournalLiteral.Failure(message: "field '\(name)' given twice") }
                given.append((name, String(arg[arg.index(after: eq)...])))
            }
            var out: [String: JournalValue] = [:]
            let keys = definitions?.eventKeys ?? []
            guard let d = definitions,
                  let schema = d.bundle.events.enumerated().first(where: { d.string($0.element.name) == event || keys[$0.offset] == event })?.element
            else {
                for (name, text) in given { out[name] = try JournalLiteral.infer(text) }
                return out
            }
            let fields = schema.fields.map { (d.string($0.name), $0.type) }
            let fieldIndex = Dictionary(fields.map { ($0.0, $0) }, uniquingKeysWith: { first, _ in first })
            for (name, text) in given {
                guard let field = fieldIndex[name] else {
                    if fields.isEmpty { throw JournalLiteral.Failure(message: "event '\(event)' has no payload") }
                    throw Mutation.unknown("field", name, among: fields.map(\.0)).adding(" of event '\(event)'")
                }
                out[name] = try JournalLiteral.parse(text, as: field.1.nonOptional, what: "field '\(name)' of event '\(event)'", in: d)
            }
            if let missing = fields.first(where: { out[$0.0] == nil }) {
                throw JournalLiteral.Failure(message: "event '\(event)' needs field '\(missing.0): \(d.typeName(missing.1))' (write \(missing.0)=VALUE)")
            }
            return out
        }

        func parameter(_ name: String, _ text: String) throws(JournalLiteral.Failure) -> (String, JournalValue) {
            guard !name.isEmpty else { throw JournalLiteral.Failure(message: "empty parameter name") }
            guard let d = definitions else { return (name, try JournalLiteral.infer(text)) }
            let names = d.bundle.params.map { d.string($0.name) }
            let keys = d.paramKeys
            guard let i = names.firstIndex(of: name) ?? keys.firstIndex(of: name) else {
                throw Mutation.unknown("parameter", name, among: names)
            }
            let p = d.bundle.params[i]
            if p.isTransient {
                throw JournalLiteral.Failure(message: "parameter '\(name)' is transient: the runtime never reads it back from the journal")
            }
            // Recorded under what the parameter is stored under: its key, else its name.
            return (keys[i], try JournalLiteral.parse(text, as: p.type, what: "parameter '\(name)'", in: d))
        }

        /// A tip id as the journal keys it. With definitions: a plain tip's id (or its
        /// declared name, written as its id) or an id a reusable tip's template can produce.
        func tipID(_ text: String) throws(JournalLiteral.Failure) -> String {
            guard !text.isEmpty else { throw JournalLiteral.Failure(message: "empty tip id") }
            guard let d = definitions else { return text }
            var candidates: [String] = []
            for tip in d.bundle.tips {
                let name = d.string(tip.name)
                if tip.arguments.isEmpty {
                    let id = d.literalText(tip.id)
                    if text == id || text == name { return id }
                    candidates += [name, id]
                } else {
                    if Mutation.matches(text, tip.id, d) { return text }
                    if text == name {
                        throw JournalLiteral.Failure(message: "tip '\(name)' is reusable: give an instance id (its id template is '\(Mutation.pattern(tip.id, d))')")
                    }
                    candidates.append(name)
                }
            }
            throw Mutation.unknown("tip", text, among: candidates)
        }

        /// An id template for people: `NewTemplateTip-\(templateID)`.
        static func pattern(_ template: Template, _ d: Definitions) -> String {
            template.parts.map { part -> String in
                switch part {
                case .literal(let s): return d.string(s)
                case .argument(let i): return "\\(" + "argument \(i)" + ")"
                }
            }.joined()
        }

        /// Whether `id` could come from `template`: its literal parts in order, the first
        /// anchored at the start and the last at the end, each argument non-empty.
        static func matches(_ id: String, _ template: Template, _ d: Definitions) -> Bool {
            var rest = Substring(id)
            var pendingArgument = false
            for part in template.parts {
                switch part {
                case .argument:
                    pendingArgument = true
                case .literal(let s):
                    let literal = d.string(s)
                    if literal.isEmpty { continue }
                    if pendingArgument {
                        guard let r = rest.dropFirst().range(of: literal) else { return false }
                        rest = rest[r.upperBound...]
                    } else {
                        guard rest.hasPrefix(literal) else { return false }
                        rest = rest.dropFirst(literal.count)
                    }
                    pendingArgument = false
                }
            }
            return pendingArgument ? !rest.isEmpty : rest.isEmpty
        }
    }
}

extension JournalLiteral.Failure {
    func adding(_ suffix: String) -> JournalLiteral.Failure {
        // Insert before a "; did you mean" so the suggestion stays last.
        if let r = message.range(of: "; did you mean") {
            return .init(message: String(message[..<r.lowerBound]) + suffix + String(message[r.lowerBound...]))
        }
        return .init(message: message + suffix)
    }
}
