import TipsSource

/// Translations read back from String Catalogs and XLIFF files: per table and key, each
/// language's text, and where in its file each was written (for diagnostics).
public struct Translations: Sendable {
    /// One translated text.
    public struct Entry: Sendable, Hashable {
        public var table: String
        public var key: String
        public var language: String
        /// The text, `\(name)` for arguments as in the `.tips` source. With ``variations``,
        /// the one shown when no device and no count decide (``text(device:plural:)`` with nil, nil).
        public var value: String
        /// The value (or its entry) in the translation file.
        public var range: SourceRange
        /// A String Catalog's device and plural variations, in file order; empty for a single
        /// `stringUnit` (and for XLIFF).
        public var variations: [Variation]

        public init(table: String, key: String, language: String, value: String, range: SourceRange,
                    variations: [Variation] = []) {
            self.table = table
            self.key = key
            self.language = language
            self.value = value
            self.range = range
            self.variations = variations
        }

        /// The text for a platform's `device` (a ``Variation/devices`` name) and a count's
        /// plural category (``PluralRules``): the variations of that device, else of `other`;
        /// among them the form of `plural`, else `other`. Without variations, ``value``.
        public func text(device: String?, plural: String?) -> String {
            variation(device: device, plural: plural)?.value ?? value
        }

        /// The variation ``text(device:plural:)`` shows; nil without variations, or when
        /// no device matches and none is `other` (then ``value`` shows).
        public func variation(device: String?, plural: String?) -> Variation? {
            guard !variations.isEmpty else { return nil }
            let devices = variations.compactMap(\.device)
            var chosen: String?
            if !devices.isEmpty {
                if let device, devices.contains(device) { chosen = device }
                else if devices.contains("other") { chosen = "other" }
                else { return nil }
            }
            let forms = variations.filter { $0.device == chosen }
            return forms.first { $0.plural != nil && $0.plural == plural }
                ?? forms.first { $0.plural == "other" }
                ?? forms.first { $0.plural == nil }
                ?? forms.first
        }
    }

    /// One variant of a String Catalog entry: `variations.device.NAME` and/or
    /// `variations.plural.CATEGORY` (device, then plural, when nested).
    public struct Variation: Sendable, Hashable {
        /// `iphone`, `ipad`, ... (``devices``), when it varies by device.
        public var device: String?
        /// `zero`, `one`, `two`, `few`, `many`, `other`, when it varies by plural.
        public var plural: String?
        public var value: String
        /// The variation's name in the file.
        public var range: SourceRange

        public init(device: String?, plural: String?, value: String, range: SourceRange) {
            self.device = device
            self.plural = plural
            self.value = value
            self.range = range
        }

        /// The device names Xcode's String Catalogs use; `other` is any device not named.
        public static let devices = ["iphone", "ipod", "ipad", "mac", "appletv", "applewatch", "applevision", "other"]

        /// The device variation shown on a platform (`TipPlatform`'s raw value: `iOS`,
        /// `iPadOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`); nil for another name.
        public static func device(platform: String) -> String? {
            switch platform {
            case "iOS": "iphone"
            case "iPadOS": "ipad"
            case "macOS": "mac"
            case "tvOS": "appletv"
            case "watchOS": "applewatch"
            case "visionOS": "applevision"
            default: nil
            }
        }

        /// How diagnostics name it: `device 'ipad', plural 'one'`.
        public var name: String {
            [device.map { "device '\($0)'" }, plural.map { "plural '\($0)'" }].compactMap { $0 }.joined(separator: ", ")
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

    /// The entry for `key` of `table` in `language`.
    public func entry(table: String, key: String, language: String) -> Entry? {
        index[table + "\u{0}" + key + "\u{0}" + language].map { entries[$0] }
    }

    /// Language → text for `key` of `table` (with variations, each entry's ``Entry/value``).
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
