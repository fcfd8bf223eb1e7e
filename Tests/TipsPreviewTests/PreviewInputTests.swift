import Foundation
import Testing
import TipsPreview
import TipsSource

/// Options and files that are wrong: each says where and why, and lists what is valid.
@Suite struct PreviewInputTests {
    static func failure(_ body: () throws(PreviewBuild.Failure) -> Void) -> String? {
        do throws(PreviewBuild.Failure) {
            try body()
            return nil
        } catch {
            if case .usage(let message) = error { return message }
            return "\(error)"
        }
    }

    @Test(arguments: [
        (["iphon"], "unknown width 'iphon'; the widths are iphone, ipad, mac; did you mean 'iphone'?"),
        (["ipad", "tablet"], "unknown width 'tablet'; the widths are iphone, ipad, mac"),
    ]) func unknownWidth(_ options: [String], _ message: String) {
        let got = Self.failure { () throws(PreviewBuild.Failure) in _ = try PreviewBuild.widths(options) }
        #expect(got == message)
    }

    @Test func widthsInTheirOrderAnyCase() throws {
        #expect(try PreviewBuild.widths(["MAC", "iphone"]).map(\.name) == ["iPhone", "Mac"])
        #expect(try PreviewBuild.widths([]).map(\.name) == ["iPhone", "iPad", "Mac"])
    }

    @Test(arguments: [
        ("fr", "no catalog has locale 'fr'; the locales are en, de, ja"),
        ("jp", "no catalog has locale 'jp'; the locales are en, de, ja; did you mean 'ja'?"),
    ]) func unknownLocale(_ locale: String, _ message: String) {
        let got = Self.failure { () throws(PreviewBuild.Failure) in
            _ = try PreviewBuild.make(folder: PreviewFixture.recipes, options: .init(locales: [locale]))
        }
        #expect(got == message)
    }

    @Test func chosenLocalesOnly() throws {
        let preview = try PreviewFixture.build(PreviewFixture.recipes, options: .init(locales: ["de"])).previews[0]
        #expect(preview.locales == ["de"])
        #expect(Set(preview.cards.map(\.locale)) == ["de"])
        #expect(preview.availableLocales == ["en", "de", "ja"])
    }

    static let timerTip = """
        event timerStarted

        tip TimerTip {
            title "Cook With Timers"
            image asset "Timer"
            rule count(timerStarted) == 0
        }

        """

    /// An asset's file that is there but is no image, or cannot be read: E500 at the image,
    /// naming the file and why; the card shows the placeholder.
    @Test(arguments: [
        ("Timer.png", "not an image", "is not a PNG, JPEG, GIF, WebP or SVG image"),
        ("Timer.png/inside", "a folder where the file should be", "cannot read the file of image asset 'Timer'"),
    ]) func unreadableImage(_ file: String, _ why: String, _ message: String) throws {
        let folder = try PreviewFixture.folder(["a.tips": Self.timerTip, "Assets/" + file: "hello"])
        let preview = try PreviewFixture.build(folder, options: .init(assets: folder + "/Assets")).previews[0]
        let errors = preview.diagnostics.filter { $0.code == "E500" }
        try #require(errors.count == 1, "\(why): \(preview.diagnostics.map(\.message))")
        #expect(errors[0].severity == .error)
        #expect(errors[0].message.contains(message) && errors[0].message.contains(folder + "/Assets/Timer.png"), "\(errors[0].message)")
        let at = preview.sources[errors[0].range.file]
        #expect(at.path.hasSuffix("a.tips") && at.location(of: errors[0].range.start).line == 5)
        #expect(preview.cards.allSatisfy { $0.image?.dataURL == nil && $0.image?.isAsset == true })
    }

    /// No file for the asset, or no --assets: the placeholder, and nothing to report.
    @Test(arguments: [true, false]) func missingImageIsAPlaceholder(_ withFolder: Bool) throws {
        let folder = try PreviewFixture.folder(["a.tips": Self.timerTip, "Assets/Other.png": "x"])
        let preview = try PreviewFixture.build(folder, options: .init(assets: withFolder ? folder + "/Assets" : nil)).previews[0]
        #expect(preview.diagnostics.isEmpty)
        #expect(preview.cards.allSatisfy { $0.image == PreviewImage(name: "Timer", isAsset: true) })
    }

    /// An Xcode asset catalog's `NAME.imageset/` holds the file.
    @Test func imageSet() throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: PreviewFixture.assets + "/Timer.png"))
        let folder = try PreviewFixture.folder(["a.tips": Self.timerTip, "Assets/Timer.imageset/Contents.json": "{}"])
        try png.write(to: URL(fileURLWithPath: folder + "/Assets/Timer.imageset/timer@2x.png"))
        let preview = try PreviewFixture.build(folder, options: .init(assets: folder + "/Assets")).previews[0]
        #expect(preview.cards.first?.image?.dataURL == "data:image/png;base64," + png.base64EncodedString())
        #expect(preview.cards.first?.image?.file?.hasSuffix("Timer.imageset/timer@2x.png") == true)
    }

    /// A catalog with errors is not previewed: its diagnostics come back to be printed.
    @Test func catalogWithErrors() throws {
        let folder = try PreviewFixture.folder(["a.tips": "tip T {\n    rule nope\n}\n"])
        do throws(PreviewBuild.Failure) {
            _ = try PreviewBuild.make(folder: folder, options: .init())
            Issue.record("previewed a catalog with errors")
        } catch {
            guard case .catalog(let diagnostics, _) = error else { Issue.record("\(error)"); return }
            #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0.severity == .error })
        }
    }

    /// Every preview code is emitted by an input above or in PreviewLintsTests.
    @Test func everyCodeIsEmitted() throws {
        let folder = try PreviewFixture.folder(["a.tips": Self.timerTip, "Assets/Timer.png": "hello"])
        var codes = Set(try PreviewFixture.build(folder, options: .init(assets: folder + "/Assets")).previews[0].diagnostics.map(\.code))
        let preview = PreviewLintsTests.preview
        let lints = PreviewLints.lint(PreviewMeasurements(PreviewLintsTests.rows.flatMap(\.measurements)), preview)
        codes.formUnion(lints.diagnostics.map(\.code))
        #expect(codes == Set(DiagnosticCode.previewCodes.map(\.text)))
    }
}

/// `--png` without a browser to run, or into no folder: said, not crashed.
@Suite struct PreviewScreenshotInputTests {
    @Test func browserLookup() throws {
        #expect(PreviewScreenshots.browser(environment: ["TIPS_CHROMIUM": "/opt/c/chrome", "PATH": ""]) == "/opt/c/chrome")
        #expect(PreviewScreenshots.browser(environment: ["PATH": "/nonexistent"]) == nil)
        let folder = try PreviewFixture.folder(["bin/chromium": "#!/bin/sh\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/bin/chromium")
        #expect(PreviewScreenshots.browser(environment: ["PATH": "/nonexistent:" + folder + "/bin"]) == folder + "/bin/chromium")
    }

    @Test func noSuchFolder() throws {
        let preview = try PreviewFixture.recipePreview(widths: [PreviewSetting.widths[0]])
        do throws(PreviewScreenshots.Failure) {
            _ = try PreviewScreenshots.write([preview], to: "/nonexistent/png", browser: "/bin/false")
            Issue.record("wrote into a missing folder")
        } catch {
            #expect(error.message == "--png /nonexistent/png: no such directory")
        }
    }

    /// A browser that fails says so, with its exit status.
    @Test func failingBrowser() throws {
        let preview = try PreviewFixture.recipePreview(widths: [PreviewSetting.widths[0]])
        let folder = try PreviewFixture.folder(["png/.keep": ""])
        do throws(PreviewScreenshots.Failure) {
            _ = try PreviewScreenshots.write([preview], to: folder + "/png", browser: "/bin/false")
            Issue.record("no failure from /bin/false")
        } catch {
            #expect(error.message.hasPrefix("/bin/false failed (exit 1)"), "\(error.message)")
        }
    }
}
