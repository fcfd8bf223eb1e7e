/// Finding input files in directory trees someone else controls: the one search that
/// `tipc` (catalogs named on the command line) and the language server (catalogs in a
/// workspace folder) share, so both find the same files and refuse the same trees with the
/// same words. It lives next to ``InputFile``, which reads what it finds, and uses the same
/// platform layer; it knows nothing of `.tips` beyond the suffix it is given.
///
/// The rule: below a root, the first directory on the way down holding files with the
/// suffix itself is a *group* (a catalog), and every such file below it belongs to it;
/// a directory holding none is searched the same way. Names starting with `.` are skipped;
/// names are visited in byte-wise order, so results never depend on the file system.
///
/// What makes it safe on any tree: symbolic links are followed, but every directory is
/// entered once (by device and inode, whatever path reaches it); a link back to a directory
/// being searched, or to one above the root (an SDK's `sysroot` pointing at `/`), is
/// reported instead of followed; file systems that are the kernel's views rather than files
/// (`/proc`, `/sys`, ...) are not entered; and a search examines at most
/// ``Limits/entries`` directory entries and goes at most ``Limits/depth`` directories
/// deep, reporting where it stopped. So a search ends after a bounded amount of work.
public enum InputTree {
    /// A file's identity: device and inode.
    public struct Identity: Hashable, Sendable {
        public var device: UInt64
        public var inode: UInt64

        public init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// How much one search may look at.
    public struct Limits: Sendable, Hashable {
        /// Directory entries examined in all (each costs a `stat`).
        public var entries: Int
        /// Directories below the root.
        public var depth: Int

        public init(entries: Int, depth: Int) {
            self.entries = entries
            self.depth = depth
        }

        /// 100,000 entries (a fraction of a second; a catalog has tens of files) and 64 levels.
        public static let standard = Limits(entries: 100_000, depth: 64)
    }

    /// A file found, by the path it was reached through.
    public struct File: Sendable, Hashable {
        public var path: String
        public var identity: Identity
    }

    /// A directory holding files with the suffix, and every such file below it.
    public struct Group: Sendable, Hashable {
        public var directory: String
        public var files: [File]
    }

    /// Something in the tree that was not searched or not read, and why.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        public enum Reason: Sendable, Hashable {
            /// The path is a symbolic link loop (ELOOP: a link to itself).
            case loop
            /// A directory link leads back to a directory being searched.
            case leadsBack
            /// A directory link leads to a directory holding the root (`/`, a parent).
            case leadsAbove(target: String)
            /// A link with the suffix leads nowhere.
            case brokenLink
            /// `stat` failed with this errno.
            case unreadable(Int32)
            /// A directory could not be listed (errno).
            case unreadableDirectory(Int32)
            /// The directory is on the kernel's file system of this name.
            case specialFileSystem(String)
            /// The search stopped here: it had examined this many entries.
            case tooManyEntries(limit: Int)
            /// Not searched below: this many directories deep already.
            case tooDeep(limit: Int)
        }

        public var path: String
        public var reason: Reason

        /// What to tell the user, naming the path (`tipc` prints it after `error: `).
        public var description: String {
            switch reason {
            case .loop: "symbolic link loop: \(path)"
            case .leadsBack: "symbolic link loop: \(path) leads back to a directory being searched"
            case .leadsAbove(let target):
                "symbolic link loop: \(path) leads to \(target), which holds the directory being searched"
            case .brokenLink: "broken symbolic link: \(path)"
            case .unreadable(let code): "cannot read \(path): \(JournalPlatform.errorText(code))"
            case .unreadableDirectory(let code): "cannot read directory \(path): \(JournalPlatform.errorText(code))"
            case .specialFileSystem(let name):
                "not searching \(path): it is a \(name) file system (the kernel's data, not files)"
            case .tooManyEntries(let limit):
                "stopped searching at \(path): more than \(limit) entries examined (name the catalog's own directory)"
            case .tooDeep(let limit): "not searching below \(path): more than \(limit) directories deep"
            }
        }
    }

    /// The groups found and the problems met, in the order met.
    public struct Result: Sendable {
        public var groups: [Group] = []
        public var problems: [Problem] = []
    }

    /// The groups below `root` (itself one when it holds files with `suffix`).
    public static func groups(under root: String, suffix: String, limits: Limits = .standard) -> Result {
        var search = Search(root: root, suffix: suffix, limits: limits)
        search.start(grouping: false)
        return search.result
    }

    /// Every file with `suffix` below `directory`, as one group, whether or not the
    /// directory holds such a file itself.
    public static func group(_ directory: String, suffix: String, limits: Limits = .standard) -> Result {
        var search = Search(root: directory, suffix: suffix, limits: limits)
        search.start(grouping: true)
        return search.result
    }

    /// Whether `directory` holds a visible entry named `*suffix` that is not a directory
    /// (a file, or a link, even a broken one: it was meant to be part of the group).
    public static func holdsFiles(_ directory: String, suffix: String) -> Bool {
        guard case .success(let listing) = JournalPlatform.directoryEntries(directory, limit: Limits.standard.entries) else {
            return false
        }
        return listing.names.contains { name in
            guard name.hasSuffix(suffix), !name.hasPrefix(".") else { return false }
            if case .success(let st) = JournalPlatform.status(path: join(directory, name)), st.kind == .directory { return false }
            return true
        }
    }

    /// `directory/name`, without a leading `./` for the current directory.
    public static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// A directory entry with what `stat` said about it.
    private struct Entry {
        var name: String
        var path: String
        var status: Swift.Result<(kind: JournalPlatform.FileKind, device: UInt64, inode: UInt64), JournalPlatform.PlatformError>
        var identity: Identity? {
            guard case .success(let st) = status else { return nil }
            return Identity(device: st.device, inode: st.inode)
        }
    }

    private struct Search {
        let root: String
        let suffix: String
        let limits: Limits
        var result = Result()
        /// Every directory entered so far.
        var visited: Set<Identity> = []
        /// Every file taken so far (two links to one file give it once).
        var taken: Set<Identity> = []
        /// The directories holding the root (from `/` down to its parent).
        var above: Set<Identity> = []
        var examined = 0
        var stopped = false
        let special = JournalPlatform.SpecialFileSystems()

        init(root: String, suffix: String, limits: Limits) {
            self.root = root
            self.suffix = suffix
            self.limits = limits
        }

        mutating func start(grouping: Bool) {
            let status = JournalPlatform.status(path: root)
            guard case .success(let st) = status, st.kind == .directory else {
                if case .failure(let e) = status { problem(root, .unreadableDirectory(e.code)) }
                return
            }
            if let name = special.name(path: root, device: st.device) {
                problem(root, .specialFileSystem(name))
                return
            }
            // The real path's ancestors, so a link to one of them (which holds the root) is a loop.
            var ancestor = ""
            for component in ["/"] + JournalPlatform.resolvedPath(root).split(separator: "/").dropLast().map(String.init) {
                ancestor = ancestor.isEmpty ? component : join(ancestor, component)
                if case .success(let a) = JournalPlatform.status(path: ancestor) {
                    above.insert(Identity(device: a.device, inode: a.inode))
                }
            }
            let identity = Identity(device: st.device, inode: st.inode)
            above.remove(identity)
            visited.insert(identity)
            guard let entries = list(root) else { return }
            if grouping || entries.contains(where: holds) {
                result.groups.append(Group(directory: root, files: []))
                walk(root, entries: entries, device: st.device, chain: [identity], depth: 0)
            } else {
                discover(root, entries: entries, device: st.device, chain: [identity], depth: 0)
            }
        }

        mutating func problem(_ path: String, _ reason: Problem.Reason) {
            result.problems.append(Problem(path: path, reason: reason))
        }

        /// Whether an entry makes its directory a group.
        func holds(_ entry: Entry) -> Bool {
            guard entry.name.hasSuffix(suffix) else { return false }
            if case .success(let st) = entry.status, st.kind == .directory { return false }
            return true
        }

        /// The sorted, visible entries of `directory` with their status, or `nil` (reported)
        /// if it cannot be listed or the search has examined all it may.
        mutating func list(_ directory: String) -> [Entry]? {
            guard !stopped else { return nil }
            let listing: (names: [String], truncated: Bool)
            switch JournalPlatform.directoryEntries(directory, limit: limits.entries - examined) {
            case .failure(let e):
                problem(directory, .unreadableDirectory(e.code))
                return nil
            case .success(let l): listing = l
            }
            examined += listing.names.count
            if listing.truncated {
                stopped = true
                problem(directory, .tooManyEntries(limit: limits.entries))
                return nil
            }
            // Byte-wise order, independent of locale and of the file system's listing order.
            return listing.names.filter { !$0.hasPrefix(".") }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                .map { name in
                    let path = join(directory, name)
                    return Entry(name: name, path: path, status: JournalPlatform.status(path: path))
                }
        }

        /// Whether to enter the directory `entry` (reporting why not), given the chain of
        /// directories being searched and the device of its parent.
        mutating func mayEnter(_ entry: Entry, identity: Identity, device: UInt64, chain: [Identity], depth: Int) -> Bool {
            if chain.contains(identity) {
                problem(entry.path, .leadsBack)
                return false
            }
            if above.contains(identity) {
                problem(entry.path, .leadsAbove(target: JournalPlatform.resolvedPath(entry.path)))
                return false
            }
            // Reached before through another path (two links to one directory): its files are taken.
            guard !visited.contains(identity) else { return false }
            if depth + 1 > limits.depth {
                problem(entry.path, .tooDeep(limit: limits.depth))
                return false
            }
            // A mount point: see what is mounted (a directory on the parent's device is on its file system).
            if identity.device != device, let name = special.name(path: entry.path, device: identity.device) {
                problem(entry.path, .specialFileSystem(name))
                return false
            }
            visited.insert(identity)
            return true
        }

        /// Looks for groups below a directory that is not one.
        mutating func discover(_ directory: String, entries: [Entry], device: UInt64, chain: [Identity], depth: Int) {
            for entry in entries {
                guard !stopped else { return }
                switch entry.status {
                case .failure(let e):
                    // Outside a group only loops matter: a dangling link to anything is not an input.
                    if JournalPlatform.isLoop(e.code) { problem(entry.path, .loop) }
                case .success(let st) where st.kind == .directory:
                    let identity = Identity(device: st.device, inode: st.inode)
                    guard mayEnter(entry, identity: identity, device: device, chain: chain, depth: depth),
                          let children = list(entry.path) else { continue }
                    if children.contains(where: holds) {
                        result.groups.append(Group(directory: entry.path, files: []))
                        walk(entry.path, entries: children, device: st.device, chain: chain + [identity], depth: depth + 1)
                    } else {
                        discover(entry.path, entries: children, device: st.device, chain: chain + [identity], depth: depth + 1)
                    }
                case .success:
                    break
                }
            }
        }

        /// Adds every file with the suffix below `directory` to the last group.
        mutating func walk(_ directory: String, entries: [Entry], device: UInt64, chain: [Identity], depth: Int) {
            for entry in entries {
                guard !stopped else { return }
                switch entry.status {
                case .failure(let e):
                    if JournalPlatform.isLoop(e.code) {
                        problem(entry.path, .loop)
                    } else if JournalPlatform.isMissing(e.code) {
                        // A dangling link only matters if it was meant to be part of the group.
                        if entry.name.hasSuffix(suffix) { problem(entry.path, .brokenLink) }
                    } else {
                        problem(entry.path, .unreadable(e.code))
                    }
                case .success(let st):
                    let identity = Identity(device: st.device, inode: st.inode)
                    switch st.kind {
                    case .directory:
                        guard mayEnter(entry, identity: identity, device: device, chain: chain, depth: depth),
                              let children = list(entry.path) else { continue }
                        walk(entry.path, entries: children, device: st.device, chain: chain + [identity], depth: depth + 1)
                    case .regular:
                        if entry.name.hasSuffix(suffix), taken.insert(identity).inserted {
                            result.groups[result.groups.count - 1].files.append(File(path: entry.path, identity: identity))
                        }
                    default:
                        // A FIFO or device is never an input (reading it could block or have effects).
                        break
                    }
                }
            }
        }
    }
}
