import TipsJournal

/// The one search for catalogs on disk: ``CatalogLoader`` (what `tipc` reads, and
/// `tips-demo` through it) and the language server's workspace folders all find `.tips`
/// files here, so they find the same files and refuse the same trees in the same words.
///
/// It is `InputTree` (TipsJournal, beside the bounded reader of the files it finds) with
/// `.tips` as the suffix: below a root, the first directory on the way down holding `.tips`
/// files of its own is a catalog, and every `.tips` file below it belongs to it; names
/// starting with `.` are skipped and names are visited in byte-wise order; every directory
/// is entered once, links back to or above a directory being searched are reported instead
/// of followed, the kernel's file systems are not entered, and a search is bounded in
/// entries and depth (Docs/cli.md).
package enum CatalogSearch {
    /// What makes a file part of a catalog.
    package static let suffix = ".tips"

    /// The catalogs below `root` (`root` itself when it holds `.tips` files), with their
    /// files and the problems met.
    package static func catalogs(under root: String) -> InputTree.Result {
        InputTree.groups(under: root, suffix: suffix)
    }

    /// Every `.tips` file below `directory`, as one catalog whether or not `directory`
    /// holds any itself, with the problems met.
    package static func catalog(_ directory: String) -> InputTree.Result {
        InputTree.group(directory, suffix: suffix)
    }

    /// Whether `directory` holds a `.tips` file itself, so is a catalog.
    package static func holdsTips(_ directory: String) -> Bool {
        InputTree.holdsFiles(directory, suffix: suffix)
    }

    /// `directory/name`, without a leading `./` for the current directory.
    package static func join(_ directory: String, _ name: String) -> String {
        InputTree.join(directory, name)
    }
}
