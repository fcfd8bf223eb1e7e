import TipsCheck
import TipsSource

/// Checks several catalogs, each on its own, and gathers their results for one report.
///
/// Diagnostics of different catalogs point into different ``SourceSet``s; to render them
/// together (one sorted list, one cap, one JSON document) every file is also added to one
/// combined set and each diagnostic's ranges are moved to that set's file ids.
public struct CatalogCheck: Sendable {
    /// All files of all catalogs, in catalog order.
    public var sources = SourceSet()
    /// Every diagnostic, catalogs in order, each catalog's sorted for output.
    public var diagnostics: [Diagnostic] = []
    /// Each catalog checked, with its own result (its model, diagnostics in its own file
    /// ids), in order: what compiling or generating continues from without checking again.
    public var checked: [CheckedCatalog] = []
    /// Totals over all catalogs.
    public var summary = CheckSummary(files: 0, tips: 0, events: 0, parameters: 0, groups: 0, errors: 0, warnings: 0)

    /// With `translations`, the String Catalogs beside each catalog without errors
    /// (``StringCatalogFiles``) are checked against it too (`tipc check`); their files follow
    /// the catalog's in ``sources``, and their findings count in the summary.
    public init(_ catalogs: [SourceSet], translations: Bool = false) {
        for catalog in catalogs {
            let offset = Int32(sources.files.count)
            for file in catalog.files { sources.add(path: file.path, bytes: file.bytes) }
            let one = CheckedCatalog(catalog)
            checked.append(one)
            var found = one.result.diagnostics
            summary.add(CheckSummary(files: catalog.files.count, result: one.result))
            // The model is complete only without errors; texts of a broken catalog are not compared.
            if translations, one.errors.isEmpty {
                let beside = StringCatalogFiles.beside(one)
                // `beside.sources` is the catalog's files, then the String Catalogs: same ids here.
                for file in beside.sources.files.dropFirst(catalog.files.count) { sources.add(path: file.path, bytes: file.bytes) }
                found += beside.diagnostics
                let errors = beside.diagnostics.errorCount
                summary.errors += errors
                summary.warnings += beside.diagnostics.count - errors
            }
            diagnostics += found.sortedForOutput().map { $0.movingFiles(by: offset) }
            // Files the catalog left out for their name's sake: not read, so empty here.
            for missed in NearMissFiles.beside(catalog) {
                diagnostics.append(NearMissFiles.diagnostic(missed, file: sources.add(path: missed.path, bytes: [])))
                summary.warnings += 1
            }
        }
    }
}
