import Foundation

/// Where an app keeps its journal.
extension TipStore {
    /// The journal's usual place, created if missing: `<data>/<app>/<fileName>`, where
    /// `<data>` is the application-support directory on Apple platforms (inside the
    /// sandbox container for a sandboxed app) and `$XDG_DATA_HOME` (default
    /// `~/.local/share`) elsewhere, and `<app>` the main bundle's identifier (else the
    /// process name), so two apps sharing a directory don't share a journal.
    public static func defaultJournalURL(fileName: String = "tips.jsonl") throws(TipStoreError) -> URL {
        #if canImport(Darwin)
        let base: URL
        do {
            base = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask,
                                               appropriateFor: nil, create: true)
        } catch {
            throw TipStoreError(.journal, "no application-support directory: \(error.localizedDescription)")
        }
        #else
        let base = dataHome(environment: ProcessInfo.processInfo.environment,
                            home: FileManager.default.homeDirectoryForCurrentUser)
        #endif
        let app = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
        return try journalURL(in: base.appendingPathComponent(app, isDirectory: true), fileName: fileName)
    }

    /// The journal in the shared container of app group `identifier`, created if missing:
    /// `<container>/Library/Application Support/<fileName>`, so the app and its
    /// extensions (widgets, intents) share one journal (the journal's file lock keeps
    /// their writes apart). Needs the App Groups entitlement; throws `journal` when the
    /// system gives no container for `identifier` and, on platforms without app groups
    /// (Linux), always.
    public static func sharedJournalURL(appGroup identifier: String, fileName: String = "tips.jsonl") throws(TipStoreError) -> URL {
        #if canImport(Darwin)
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier) else {
            throw TipStoreError(.journal, "no container for app group '\(identifier)' (is the App Groups entitlement set?)")
        }
        let directory = container.appendingPathComponent("Library/Application Support", isDirectory: true)
        return try journalURL(in: directory, fileName: fileName)
        #else
        throw TipStoreError(.journal, "app group '\(identifier)': app-group containers exist only on Apple platforms")
        #endif
    }

    /// `$XDG_DATA_HOME` when it is an absolute path (the XDG rule), else `~/.local/share`.
    static func dataHome(environment: [String: String], home: URL) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg, isDirectory: true) }
        return home.appendingPathComponent(".local/share", isDirectory: true)
    }

    /// `directory/fileName`, creating `directory` (and its parents) if missing.
    static func journalURL(in directory: URL, fileName: String) throws(TipStoreError) -> URL {
        guard !fileName.isEmpty, !fileName.contains("/"), fileName != ".", fileName != ".." else {
            throw TipStoreError(.journal, "journal file name '\(fileName)' must be a plain file name")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw TipStoreError(.journal, "cannot create '\(directory.path)': \(error.localizedDescription)")
        }
        return directory.appendingPathComponent(fileName, isDirectory: false)
    }
}
