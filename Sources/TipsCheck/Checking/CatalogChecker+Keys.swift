import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// The longest persistence key, in UTF-8 bytes: TipKit ids are short; a longer one is
    /// almost certainly text pasted by mistake.
    static let maxKeyLength = 200

    /// `key "..."` on parameters and events: a plain, non-empty string without spaces or
    /// control characters (E431), not on a transient parameter (never read back), and within
    /// each kind no two declarations stored under the same name, key or name (E430). A
    /// `renamedFrom OLD` may not name what another declaration is stored under (E422).
    mutating func checkKeys() {
        for (i, d) in paramDecls.enumerated() where i < model.parameters.count {
            guard let literal = d.key, let key = validKey(literal, of: "parameter '\(d.name.name)'") else { continue }
            if d.isTransient {
                error(.invalidPersistenceKey,
                      "transient parameter '\(d.name.name)' is never read back from the journal, so it takes no persistence key",
                      at: literal.range, notes: [Note("remove 'key', or remove 'transient' if the value should persist")])
                continue
            }
            model.parameters[i].key = key
            model.parameters[i].keyRange = literal.range
        }
        for (i, d) in eventDecls.enumerated() where i < model.events.count {
            guard let literal = d.key, let key = validKey(literal, of: "event '\(d.name.name)'") else { continue }
            model.events[i].key = key
            model.events[i].keyRange = literal.range
        }
        // A transient parameter is never read back, but its values are journaled while the
        // store is open: it takes part in clashes like any other.
        let params = model.parameters.indices.map { i in
            let p = model.parameters[i]
            return (p.persistedName, p.name, p.keyRange ?? (i < paramDecls.count ? paramDecls[i].name.range : p.range))
        }
        let events = model.events.indices.map { i in
            let e = model.events[i]
            return (e.persistedName, e.name, e.keyRange ?? (i < eventDecls.count ? eventDecls[i].name.range : e.range))
        }
        duplicateKeys(params, kind: "parameter", values: "values")
        duplicateKeys(events, kind: "event", values: "donations")
        renamesFromKeys(params, renames: paramDecls.map { $0.renamedFrom }, kind: "parameter")
        renamesFromKeys(events, renames: eventDecls.map { $0.renamedFrom }, kind: "event")
    }

    /// The text of a key literal when it is one: plain, non-empty, short, no whitespace or
    /// control characters (a journal name is matched byte for byte; a stray space is a
    /// different key).
    private mutating func validKey(_ literal: StringLiteralSyntax, of owner: String) -> String? {
        guard let key = plainString(literal, what: "a persistence key") else { return nil }
        let note = Note("a key is an id such as \"com.example.app.noteSaved\": letters, digits and punctuation, no spaces")
        if key.isEmpty {
            error(.invalidPersistenceKey, "the persistence key of \(owner) is empty", at: literal.range, notes: [note])
            return nil
        }
        if key.utf8.count > Self.maxKeyLength {
            error(.invalidPersistenceKey,
                  "the persistence key of \(owner) is \(key.utf8.count) bytes long; at most \(Self.maxKeyLength) are allowed",
                  at: literal.range, notes: [note])
            return nil
        }
        if let bad = key.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control
            || $0.properties.generalCategory == .format }) {
            let shown = bad.value < 0x80 && bad.value >= 0x20 ? "a space" : "U+\(String(bad.value, radix: 16, uppercase: true))"
            error(.invalidPersistenceKey, "the persistence key of \(owner) contains \(shown)", at: literal.range, notes: [note])
            return nil
        }
        return key
    }

    /// Two declarations of one kind stored under the same name: they would read and write
    /// each other's state.
    private mutating func duplicateKeys(_ entries: [(stored: String, name: String, at: SourceRange)], kind: String, values: String) {
        var first: [String: (name: String, at: SourceRange)] = [:]
        for e in entries {
            guard let earlier = first[e.stored] else {
                first[e.stored] = (e.name, e.at)
                continue
            }
            error(.sharedPersistenceKey, "\(kind) '\(e.name)' is stored under \"\(e.stored)\", as \(kind) '\(earlier.name)' is",
                  at: e.at, notes: [Note("'\(earlier.name)' is stored under \"\(e.stored)\" here; their \(values) would mix",
                                         at: earlier.at),
                                    Note("give each \(kind) its own key")])
        }
    }

    /// `renamedFrom OLD` where OLD is what another declaration of the kind is stored under:
    /// that one keeps its state, so nothing would carry over.
    private mutating func renamesFromKeys(_ entries: [(stored: String, name: String, at: SourceRange)], renames: [Identifier?],
                                          kind: String) {
        let keyed = Dictionary(entries.filter { $0.stored != $0.name }.map { ($0.stored, $0) }, uniquingKeysWith: { a, _ in a })
        for old in renames.compactMap({ $0 }) {
            guard let owner = keyed[old.name] else { continue }
            error(.invalidRename, "\(kind) '\(owner.name)' is stored under \"\(old.name)\", so nothing can be renamed from it",
                  at: old.range, notes: [Note("its key is declared here", at: owner.at)])
        }
    }
}
