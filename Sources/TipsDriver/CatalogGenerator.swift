import TipsSource

/// Generates large, realistic, valid catalogs for benchmarks and scale tests.
///
/// The output mixes every kind of declaration the way a big app would: parameters of each
/// type, events with and without payloads and limits, tips with one to four rules drawn from
/// the whole expression language (event queries with filters, windows and grouping,
/// optionals, sets, enums, strings), actions with effects, reusable tips, and groups. It is
/// deterministic for a given configuration (its own random generator, no global state), and
/// every declared parameter and event is used, so the lints stay quiet.
public struct CatalogGenerator: Sendable {
    /// The size and shape of a catalog.
    public struct Configuration: Sendable, Hashable {
        /// The number of tips.
        public var tips: Int
        /// Tips per generated file.
        public var tipsPerFile: Int
        /// Seed of the random choices.
        public var seed: UInt64

        public init(tips: Int = 10_000, tipsPerFile: Int = 100, seed: UInt64 = 0x5EED_71F5) {
            self.tips = tips
            self.tipsPerFile = tipsPerFile
            self.seed = seed
        }

        /// Parameters declared: one for every ten tips, at least one of each kind.
        public var parameters: Int { max(ParamKind.allCases.count, tips / 10) }
        /// Events declared: one for every twenty tips, at least one of each kind.
        public var events: Int { max(EventKind.allCases.count, tips / 20) }
    }

    /// The configuration this generator follows.
    public var configuration: Configuration

    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The catalog as `(path, text)` pairs, paths under `Generated/`.
    public func files() -> [(path: String, text: String)] {
        var state = State(configuration: configuration)
        return state.files()
    }

    /// The catalog as a ``SourceSet``, ready for the checker.
    public func sources() -> SourceSet {
        var set = SourceSet()
        for file in files() { set.add(path: file.path, text: file.text) }
        return set
    }

    /// How many groups the catalog has (for tests comparing against the checked model).
    public func groupCount() -> Int {
        var state = State(configuration: configuration)
        _ = state.files()
        return state.groupCount
    }

    enum ParamKind: Int, CaseIterable {
        case flag, launches, score, userName, tags, plan, lastSeen, sessionActive
    }

    enum EventKind: Int, CaseIterable {
        case opened, viewed, shared, searched
    }

    /// The running state of one generation: the random source and per-kind cursors that make
    /// rules walk through every declared parameter and event.
    private struct State {
        let configuration: Configuration
        var random: SeededGenerator
        var paramCursor: [Int]
        var eventCursor: [Int]
        var groupCount = 0

        init(configuration: Configuration) {
            self.configuration = configuration
            self.random = SeededGenerator(seed: configuration.seed)
            self.paramCursor = Array(repeating: 0, count: ParamKind.allCases.count)
            self.eventCursor = Array(repeating: 0, count: EventKind.allCases.count)
        }

        mutating func files() -> [(path: String, text: String)] {
            var files: [(path: String, text: String)] = []
            files.append(("Generated/catalog.tips", header()))
            let perFile = 250
            var start = 0
            while start < configuration.parameters {
                let end = min(configuration.parameters, start + perFile)
                files.append((path("params", start / perFile), (start..<end).map(param).joined()))
                start = end
            }
            start = 0
            while start < configuration.events {
                let end = min(configuration.events, start + perFile)
                files.append((path("events", start / perFile), (start..<end).map(event).joined()))
                start = end
            }
            let tipsPerFile = max(1, configuration.tipsPerFile)
            start = 0
            while start < configuration.tips {
                let end = min(configuration.tips, start + tipsPerFile)
                files.append((path("tips", start / tipsPerFile), tips(start..<end)))
                start = end
            }
            return files
        }

        func path(_ kind: String, _ index: Int) -> String {
            "Generated/\(kind)-\(pad(index, 4)).tips"
        }

        func header() -> String {
            """
            // Generated catalog: \(configuration.tips) tips, \(configuration.parameters) parameters, \
            \(configuration.events) events.
            config {
                displayFrequency daily
                donationLimit 1000
                donationMaxAge 365d
            }

            enum Category { books, music, movies, games }
            enum Plan { free, plus, pro }
            enum Source { search, browse, share, widget }

            """
        }

        // MARK: Declarations

        /// The `index`-th parameter; kinds cycle so each has `parameters / 8` members.
        func paramName(_ index: Int) -> String {
            let kind = ParamKind(rawValue: index % ParamKind.allCases.count) ?? .flag
            return "\(kind)\(index)"
        }

        func param(_ index: Int) -> String {
            let name = paramName(index)
            switch ParamKind(rawValue: index % ParamKind.allCases.count) ?? .flag {
            case .flag: return "param \(name): Bool = \(index % 3 == 0 ? "true" : "false")\n"
            case .launches: return "param \(name): Int = 0\n"
            case .score: return "param \(name): Double = 0.5\n"
            case .userName: return "param \(name): String = \"guest\"\n"
            case .tags: return "param \(name): Set<String> = [\"beta\", \"ios\"]\n"
            case .plan: return "param \(name): Plan = .free\n"
            case .lastSeen: return "param \(name): Date?\n"
            case .sessionActive: return "transient param \(name): Bool = false\n"
            }
        }

        func eventName(_ index: Int) -> String {
            let kind = EventKind(rawValue: index % EventKind.allCases.count) ?? .opened
            return "\(kind)\(index)"
        }

        func event(_ index: Int) -> String {
            let name = eventName(index)
            switch EventKind(rawValue: index % EventKind.allCases.count) ?? .opened {
            case .opened: return "event \(name)\n"
            case .viewed: return "event \(name)(category: Category, price: Double) limit 500\n"
            case .shared: return "event \(name)(source: Source, premium: Bool, items: Int) maxAge 90d\n"
            case .searched: return "event \(name)(query: String, items: Int)\n"
            }
        }

        /// The next parameter of `kind`, round-robin, so every parameter is referenced.
        mutating func next(_ kind: ParamKind) -> String {
            let kinds = ParamKind.allCases.count
            let perKind = max(1, (configuration.parameters - kind.rawValue + kinds - 1) / kinds)
            let k = paramCursor[kind.rawValue] % perKind
            paramCursor[kind.rawValue] += 1
            return paramName(k * kinds + kind.rawValue)
        }

        /// The next event of `kind`, round-robin.
        mutating func next(_ kind: EventKind) -> String {
            let kinds = EventKind.allCases.count
            let perKind = max(1, (configuration.events - kind.rawValue + kinds - 1) / kinds)
            let k = eventCursor[kind.rawValue] % perKind
            eventCursor[kind.rawValue] += 1
            return eventName(k * kinds + kind.rawValue)
        }

        /// One rule, from templates covering the expression language.
        mutating func rule() -> String {
            switch random.below(17) {
            case 0: return next(.flag)
            case 1: return "!\(next(.flag))"
            case 2: return "\(next(.launches)) >= \(1 + random.below(20))"
            case 3: return "\(next(.score)) > 0.75 && \(next(.launches)) < 100"
            case 4:
                let name = next(.userName)
                return "\(name).hasPrefix(\"a\") || \(name).isEmpty"
            case 5: return "\(next(.tags)).contains(\"beta\")"
            case 6: return random.chance(50) ? "\(next(.plan)) == .pro" : "\(next(.plan)) != Plan.free"
            case 7:
                let name = next(.lastSeen)
                return "\(name) == nil || now - (\(name) ?? now) > 3d"
            case 8: return next(.sessionActive)
            case 9: return "count(\(next(.opened)) within \(1 + random.below(14))d) >= \(1 + random.below(5))"
            case 10:
                return "count(\(next(.viewed)) where category == .books && price > 9.99 within 30d) >= 2"
            case 11: return "largestGroup(\(next(.viewed)) by category within 14d) >= 3"
            case 12: return "count(\(next(.shared)) where premium within 1d) == 0"
            case 13: return "(first(\(next(.opened))) ?? now) < now - 1d"
            case 14: return "count(\(next(.opened))) + count(\(next(.searched)) where items > 2) > 5"
            case 15: return "min(\(next(.launches)), 10) >= 2"
            default: return "smallestGroup(\(next(.shared)) by source within 7d) >= 1"
            }
        }

        /// An action with one or two effects.
        mutating func action(_ index: Int) -> String {
            var effects: [String] = []
            switch random.below(4) {
            case 0: effects.append("invalidate")
            case 1: effects.append("set \(next(.flag)) = true")
            case 2:
                let launches = next(.launches)
                effects.append("set \(launches) = \(launches) + 1")
            default:
                effects.append("donate \(next(.viewed))(category: .music, price: 1.5)")
                effects.append("invalidate reason tipClosed")
            }
            var text = "    action \"open-\(index)\" {\n        title \"Open\"\n"
            for effect in effects { text += "        \(effect)\n" }
            return text + "    }\n"
        }

        mutating func tips(_ range: Range<Int>) -> String {
            var text = ""
            var groupable: [String] = []
            for index in range {
                let reusable = random.chance(5)
                let name = (reusable ? "Item" : "Tip") + pad(index, 5)
                if reusable {
                    text += "tip \(name)(itemID: String) {\n"
                    text += "    id \"item\(pad(index, 5))-\\(itemID)\"\n"
                    text += "    title \"New: \\(itemID)\"\n"
                } else {
                    // Four plain tips in ten join a group: big apps group some tips, not all.
                    if index % 10 < 4 { groupable.append(name) }
                    text += "tip \(name) {\n"
                    text += "    title \"Try feature \(index)\"\n"
                }
                if random.chance(80) { text += "    message \"Learn how feature \(index) saves you time.\"\n" }
                if random.chance(50) { text += "    image \"star\"\n" }
                for _ in 0...random.below(4) { text += "    rule \(rule())\n" }
                // Grouped tips always end somehow, or later members of ordered groups never show.
                if random.chance(30) || groupable.last == name {
                    text += "    maxDisplayCount \(1 + random.below(5))\n"
                }
                if random.chance(20) { text += "    invalidate when \(next(.opened))\n" }
                if random.chance(20) { text += action(index) }
                text += "}\n\n"
                // Once 3 to 5 candidates are waiting, declare their group.
                if groupable.count >= 3 + random.below(3) {
                    let priority = random.chance(50) ? " ordered" : ""
                    // Generated rules are arbitrary, so a member may never show; the generated app is
                    // taken to invalidate members it skips (W141 would say so otherwise).
                    let ignore = priority.isEmpty ? "" : " // lint-ignore W141"
                    text += "group Group\(pad(index, 5))\(priority) { \(groupable.joined(separator: ", ")) }\(ignore)\n\n"
                    groupCount += 1
                    groupable.removeAll()
                }
            }
            return text
        }

        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }
}
