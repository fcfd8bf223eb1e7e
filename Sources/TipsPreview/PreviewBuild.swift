import TipsDriver
import TipsSource

/// The previews of every catalog under a folder, from the options as a command line gives
/// them: what `tipc preview` renders and lints, and what the playground is meant to serve
/// (`PreviewPage.html(build.previews)`).
public struct PreviewBuild: Sendable {
    /// Why nothing could be previewed.
    public enum Failure: Error, Sendable {
        /// A value the options do not take, with the valid ones in the message.
        case usage(String)
        /// Files that do not read, or no catalog found.
        case input([String])
        /// A catalog with errors: its diagnostics, rendered against its sources.
        case catalog([Diagnostic], SourceSet)
        /// A catalog checked but not previewable.
        case preview(String)
    }

    /// One per catalog, in the order found.
    public var previews: [CatalogPreview]

    /// The widths `--width` names (`iphone`, `ipad`, `mac`, any case), in the order of
    /// ``PreviewSetting/widths``; none given: all. An unknown one lists the valid ones.
    public static func widths(_ options: [String]) throws(Failure) -> [PreviewSetting.Width] {
        guard !options.isEmpty else { return PreviewSetting.widths }
        let valid = PreviewSetting.widths.map(\.option)
        for option in options where PreviewSetting.width(option: option) == nil {
            var message = "unknown width '\(DiagnosticRenderer.quoted(option))'; the widths are \(valid.joined(separator: ", "))"
            if let guess = Suggestion.closest(to: option.lowercased(), among: valid) { message += "; did you mean '\(guess)'?" }
            throw .usage(message)
        }
        return PreviewSetting.widths.filter { w in options.contains { $0.lowercased() == w.option } }
    }

    /// Previews of the catalogs under `folder` (as `tipc check` finds them), with `options`;
    /// `options.locales` must each be a locale of at least one catalog (the source language,
    /// or one its String Catalogs translate into), else the valid ones are listed.
    public static func make(folder: String, options: CatalogPreview.Options) throws(Failure) -> PreviewBuild {
        let loaded = CatalogLoader.load([folder])
        guard loaded.failures.isEmpty else { throw .input(loaded.failures.map(\.message)) }
        guard !loaded.catalogs.isEmpty else { throw .input(["no .tips files found in \(folder)"]) }
        var previews: [CatalogPreview] = []
        var available: [String] = []
        for sources in loaded.catalogs {
            let checked = CheckedCatalog(sources)
            guard checked.errors.isEmpty else { throw .catalog(checked.errors, sources) }
            do throws(CatalogPreview.Failure) {
                let preview = try CatalogPreview(checked, options: options)
                previews.append(preview)
            } catch {
                throw .preview(error.message)
            }
        }
        for preview in previews {
            for locale in preview.availableLocales where !available.contains(locale) { available.append(locale) }
        }
        for locale in options.locales where !available.contains(locale) {
            var message = "no catalog has locale '\(DiagnosticRenderer.quoted(locale))'; the locales are \(available.joined(separator: ", "))"
            if let guess = Suggestion.closest(to: locale, among: available) { message += "; did you mean '\(guess)'?" }
            throw .usage(message)
        }
        return PreviewBuild(previews: previews)
    }

    /// Every diagnostic found while rendering, with the sources each renders against.
    public var diagnostics: [(diagnostics: [Diagnostic], sources: SourceSet)] {
        previews.filter { !$0.diagnostics.isEmpty }.map { ($0.diagnostics.sortedForOutput(), $0.sources) }
    }
}
