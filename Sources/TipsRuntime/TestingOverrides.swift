import Foundation

/// Testing overrides: show or hide tips whatever their state. Never persisted.
///
/// Precedence (semantics contract): a specific `show`, then a specific `hide`, then
/// `showAll`, then `hideAll`. A shown tip reports `available` whatever its rules, the
/// cooldown or its invalidation; a hidden tip that is not invalidated reports `pending`.
/// Entries name a tip's declared name or an instance id (`NewTemplateTip-t42`).
public struct TestingOverrides: Hashable, Sendable {
    /// Tips shown whatever their state.
    public var show: Set<String>
    /// Tips hidden (unless also in `show`).
    public var hide: Set<String>
    /// Show every tip not in `hide`.
    public var showAll: Bool
    /// Hide every tip not in `show` (loses to `showAll`).
    public var hideAll: Bool
    /// Reset the whole store when it opens (`TIPS_RESET_STORE=1`): a fresh start for a
    /// test run. This one *does* write to the journal (a `resetStore` record).
    public var resetStoreOnOpen: Bool
    /// Forced experiment variants: tip name → variant name (or `holdout`). Events of a tip
    /// whose variant is forced are marked `testing`. Environment `TIPS_VARIANT=Tip=variant,...`,
    /// argument `--tips-variant=Tip=variant,...`.
    public var variants: [String: String] = [:]
    /// Whether opening a catalog with an experiment draws and records an install identifier
    /// when neither the app nor the journal has one (the runtime's default). Tools that
    /// explain a copy of an app's journal (`tipc explain`, `tipc status`) turn it off: they
    /// answer for the journal's identifier, or before it has one for the empty identifier's
    /// side, never for one drawn afresh at each run.
    public var recordsInstallIdentifier = true

    /// No overrides.
    public static let none = TestingOverrides()

    /// Overrides as given.
    public init(show: Set<String> = [], hide: Set<String> = [], showAll: Bool = false, hideAll: Bool = false,
                resetStoreOnOpen: Bool = false) {
        self.show = show
        self.hide = hide
        self.showAll = showAll
        self.hideAll = hideAll
        self.resetStoreOnOpen = resetStoreOnOpen
    }

    /// Overrides read from environment variables, so a scheme, a CI job or a shell can
    /// switch them on without a code change:
    ///
    /// | Variable | Meaning |
    /// |---|---|
    /// | `TIPS_SHOW=id1,id2` | show these tips (names or instance ids) |
    /// | `TIPS_HIDE=id1,id2` | hide these tips |
    /// | `TIPS_SHOW_ALL=1` | show every tip |
    /// | `TIPS_HIDE_ALL=1` | hide every tip |
    /// | `TIPS_RESET_STORE=1` | reset the store when it opens |
    ///
    /// Flags are on for `1`, `true` or `yes` (any case). Lists are comma-separated;
    /// spaces around entries are ignored. Call it explicitly and pass the result to
    /// `TipStore`: a release build that doesn't call it can't be switched by accident.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> TestingOverrides {
        func flag(_ name: String) -> Bool {
            guard let v = environment[name]?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
            return v == "1" || v == "true" || v == "yes"
        }
        func list(_ name: String) -> Set<String> {
            guard let v = environment[name] else { return [] }
            return Set(v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        var o = TestingOverrides(show: list("TIPS_SHOW"), hide: list("TIPS_HIDE"), showAll: flag("TIPS_SHOW_ALL"),
                                 hideAll: flag("TIPS_HIDE_ALL"), resetStoreOnOpen: flag("TIPS_RESET_STORE"))
        o.variants = pairs(list("TIPS_VARIANT"))
        return o
    }

    /// Overrides read from command-line arguments (for a terminal app, or an Xcode scheme's
    /// "Arguments Passed On Launch"): `--tips-show=id1,id2`, `--tips-hide=id1,id2`,
    /// `--tips-show-all`, `--tips-hide-all`, `--tips-reset-store`. Other arguments are
    /// ignored. Like `fromEnvironment`, it acts only when called.
    public static func fromArguments(_ arguments: [String] = CommandLine.arguments) -> TestingOverrides {
        var o = TestingOverrides()
        func list(_ v: Substring) -> Set<String> {
            Set(v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        for a in arguments {
            switch a {
            case "--tips-show-all": o.showAll = true
            case "--tips-hide-all": o.hideAll = true
            case "--tips-reset-store": o.resetStoreOnOpen = true
            default:
                if a.hasPrefix("--tips-show=") { o.show.formUnion(list(a.dropFirst("--tips-show=".count))) }
                if a.hasPrefix("--tips-hide=") { o.hide.formUnion(list(a.dropFirst("--tips-hide=".count))) }
                if a.hasPrefix("--tips-variant=") {
                    o.variants.merge(pairs(list(a.dropFirst("--tips-variant=".count)))) { _, new in new }
                }
            }
        }
        return o
    }

    /// Both sources together: every list and flag from either.
    public func merging(_ other: TestingOverrides) -> TestingOverrides {
        var o = TestingOverrides(show: show.union(other.show), hide: hide.union(other.hide), showAll: showAll || other.showAll,
                                 hideAll: hideAll || other.hideAll, resetStoreOnOpen: resetStoreOnOpen || other.resetStoreOnOpen)
        o.variants = variants.merging(other.variants) { _, new in new }
        o.recordsInstallIdentifier = recordsInstallIdentifier && other.recordsInstallIdentifier
        return o
    }

    /// `Tip=variant` items as a map (an item without `=` is ignored).
    static func pairs(_ items: Set<String>) -> [String: String] {
        var out: [String: String] = [:]
        for item in items.sorted() {
            guard let eq = item.firstIndex(of: "=") else { continue }
            let tip = item[..<eq].trimmingCharacters(in: .whitespaces)
            let variant = item[item.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if !tip.isEmpty, !variant.isEmpty { out[tip] = variant }
        }
        return out
    }

    /// True when any override is set (reset excluded).
    public var isActive: Bool { !show.isEmpty || !hide.isEmpty || showAll || hideAll }

    /// What the overrides decide for a tip with this id and declared name.
    func decision(id: String, name: String) -> OverrideDecision {
        if show.contains(id) || show.contains(name) { return .show }
        if hide.contains(id) || hide.contains(name) { return .hide }
        if showAll { return .show }
        if hideAll { return .hide }
        return .none
    }
}

/// The outcome of the overrides for one tip.
enum OverrideDecision {
    case show, hide, none
}
