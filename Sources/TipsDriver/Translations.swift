import TipsSource

/// Translations read back from String Catalogs and XLIFF files: per table and key, each
/// language's text, and where in its file each was written (for diagnostics).
public struct Translations: Sendable {
    /// One translated text.
    public struct Entry: Sendable, Hashable {
        public var table: String
        public var key: String
        public var language: String
        /// The text, `\(name)` for arguments as in the `.tips` source.
        public var value: String
        /// The value (or its entry) in the translation file.
        public var range: SourceRange

        public init(table: String, key: String, language: String, value: String, range: SourceRange) {
            self.table = table
            self.key = key
            self.language = language
            self.value = value
            self.range = range
        }
    }

    /// A key a file holds, with or without translations (what stale entries are judged by).
    public struct Key: Sendable, Hashable {
        public var table: String
        public var key: String
        /// The entry in its file.
        public var range: SourceRange

        public init(table: String, key: String, range: SourceRange) {
            self.table = table
            self.key = key
            self.range = range
        }
    }

    /// Every translation, in file order.
    public private(set) var entries: [Entry] = []
    /// Every key the files hold, in file order.
    public private(set) var keys: [Key] = []
    /// The source languages the files name.
    public private(set) var sourceLanguages: [String] = []
    /// Table, key and language (joined by NUL) → index in ``entries``: a huge file adds in linear time.
    private var index: [String: Int] = [:]
    private var languageSet: Set<String> = []

    public init() {}

    /// Adds `entry`; a later entry for the same table, key and language replaces an earlier one.
    public mutating func add(_ entry: Entry) {
        let id = entry.table + "\u{0}" + entry.key + "\u{0}" + entry.language
        if let i = index[id] {
            entries[i] = entry
        } else {
            index[id] = entries.count
            entries.append(entry)
            languageSet.insert(entry.language)
        }
    }

    /// Records that a file holds `key`.
    public mutating func add(_ key: Key) { keys.append(key) }

    /// Records a file's source language.
    public mutating func add(sourceLanguage: String) {
        if !sourceLanguages.contains(sourceLanguage) { sourceLanguages.append(sourceLanguage) }
    }

    /// Everything of `other` added after this.
    public mutating func merge(_ other: Translations) {
        for entry in other.entries { add(entry) }
        for key in other.keys { add(key) }
        for language in other.sourceLanguages { add(sourceLanguage: language) }
    }

    /// The languages translated, sorted.
    public var languages: [String] {
        languageSet.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Language → text for `key` of `table`.
    public func values(table: String, key: String) -> [String: String] {
        var out: [String: String] = [:]
        for language in languageSet {
            if let i = index[table + "\u{0}" + key + "\u{0}" + language] { out[language] = entries[i].value }
        }
        return out
    }
}

/// A translation file that does not read: E600, saying where and why.
public struct UnreadableTranslationFile: Error, Sendable {
    public var diagnostic: Diagnostic

    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
}
