import Foundation
import Testing
import TipsBytecode
import TipsDriver
import TipsSignature
import TipsSource
import TipsTestSupport

/// The app check of `tipc publish --app`: each way a new catalog can take away what an app
/// version's typed Swift names, the declared renames that keep it, and the publisher's
/// refusal and override. The catalogs are small and written here, so each case says what
/// changed.
@Suite struct AppCompatibilityTests {
    /// The catalog an app shipped with.
    static let app = """
        enum Source { button, swipe }
        param itemCount: Int = 0
        event detailViewed
        event itemFavorited(source: Source)
        tip FavoriteTip {
            title "Favorite This Item"
            rule count(detailViewed) >= 2
            action "learn-more" { title "Learn More" }
        }
        tip ItemTip(item: String) {
            id "item-\\(item)"
            title "An item"
        }
        tip SwipeTip { title "Swipe" }
        group ListTips { SwipeTip }

        """

    /// One catalog file in a folder of its own.
    static func catalog(_ text: String, in folder: TemporaryDirectory, _ name: String) throws -> SourceSet {
        _ = try folder.write(name + "/tips.tips", text)
        guard case .success(let sources) = CatalogLoader.loadSingle(folder.path + "/" + name) else { throw CocoaError(.fileReadUnknown) }
        return sources
    }

    static func findings(_ new: String) throws -> [AppFinding] {
        let folder = try TemporaryDirectory()
        let appSources = try catalog(app, in: folder, "app")
        let newSources = try catalog(new, in: folder, "new")
        let app = try #require(AppCatalog(path: "app", sources: appSources))
        let newCatalog = try #require(AppCatalog(path: "new", sources: newSources), "the new catalog has errors")
        return AppCompatibility.findings(app: app, new: newCatalog.schema, newSources: newSources)
    }

    /// Each edit of the app's catalog and the codes it must give (and nothing else).
    static let cases: [(String, edit: @Sendable (String) -> String, codes: [DiagnosticCode])] = [
        ("unchanged", { $0 }, []),
        ("text and rule changed", { $0.replacingOccurrences(of: "\"Favorite This Item\"", with: "\"Keep it\"")
            .replacingOccurrences(of: ">= 2", with: ">= 3") }, []),
        ("tip removed", { $0.replacingOccurrences(of: "tip SwipeTip { title \"Swipe\" }\ngroup ListTips { SwipeTip }", with: "") },
         [.appTipGone, .appGroupGone]),
        ("tip renamed with renamedFrom", { $0.replacingOccurrences(of: "tip FavoriteTip {", with: "tip HeartTip renamedFrom FavoriteTip {") }, []),
        ("tip renamed, id kept", { $0.replacingOccurrences(of: "tip FavoriteTip {", with: "tip HeartTip {\n    id \"FavoriteTip\"") },
         [.appTipGone]),
        ("event removed", { $0.replacingOccurrences(of: "event detailViewed\n", with: "")
            .replacingOccurrences(of: "count(detailViewed)", with: "count(itemFavorited)") }, [.appEventGone]),
        ("event renamed with renamedFrom", { $0.replacingOccurrences(of: "event detailViewed", with: "event detailOpened renamedFrom detailViewed")
            .replacingOccurrences(of: "count(detailViewed)", with: "count(detailOpened)") }, []),
        ("event renamed, key kept", { $0.replacingOccurrences(of: "event detailViewed", with: "event detailOpened key \"detailViewed\"")
            .replacingOccurrences(of: "count(detailViewed)", with: "count(detailOpened)") }, [.appEventGone]),
        ("parameter removed", { $0.replacingOccurrences(of: "param itemCount: Int = 0\n", with: "") }, [.appParameterGone]),
        ("parameter renamed with renamedFrom", { $0.replacingOccurrences(of: "param itemCount: Int = 0", with: "param rows: Int = 0 renamedFrom itemCount") }, []),
        ("parameter retyped", { $0.replacingOccurrences(of: "param itemCount: Int = 0", with: "param itemCount: Double = 0.0") }, [.appParameterRetyped]),
        ("case removed", { $0.replacingOccurrences(of: "enum Source { button, swipe }", with: "enum Source { button }") }, [.appCaseGone]),
        ("case renamed with renamedFrom", { $0.replacingOccurrences(of: "enum Source { button, swipe }", with: "enum Source { button, drag renamedFrom swipe }") }, []),
        ("enum removed", { $0.replacingOccurrences(of: "enum Source { button, swipe }", with: "enum Origin { button, swipe }")
            .replacingOccurrences(of: "source: Source", with: "source: Origin") }, [.appCaseGone, .appPayloadChanged]),
        ("field added", { $0.replacingOccurrences(of: "event itemFavorited(source: Source)", with: "event itemFavorited(source: Source, count: Int)") },
         [.appFieldAdded]),
        ("field removed", { $0.replacingOccurrences(of: "event itemFavorited(source: Source)", with: "event itemFavorited") }, [.appPayloadChanged]),
        ("arguments changed", { $0.replacingOccurrences(of: "tip ItemTip(item: String) {", with: "tip ItemTip(item: Int) {") },
         [.appArgumentsChanged]),
        ("group removed", { $0.replacingOccurrences(of: "group ListTips { SwipeTip }", with: "") }, [.appGroupGone]),
        ("action removed", { $0.replacingOccurrences(of: "    action \"learn-more\" { title \"Learn More\" }\n", with: "") }, [.appActionGone]),
    ]

    @Test(arguments: 0..<cases.count) func eachChange(_ index: Int) throws {
        let (name, edit, codes) = Self.cases[index]
        let new = edit(Self.app)
        #expect(new != Self.app || codes.isEmpty, "\(name): the edit changed nothing")
        let found = try Self.findings(new)
        #expect(found.map(\.code).sorted() == codes.sorted(), "\(name): \(found.map(\.text))")
        for finding in found {
            #expect(finding.severity == (finding.code == .appActionGone ? .warning : .error), "\(name)")
            #expect(finding.message.contains("app built from app"), "\(name): \(finding.message)")
            #expect(finding.location != nil, "\(name): \(finding.code) has no place")
        }
    }

    /// Every code of the check is emitted by some case above.
    @Test func everyCodeIsEmitted() {
        let emitted = Set(Self.cases.flatMap(\.codes))
        #expect(emitted == Set(DiagnosticCode.publishCodes), "not emitted: \(Set(DiagnosticCode.publishCodes).subtracting(emitted))")
    }

    /// What is gone points into the app's catalog; what changed, into the new one; the
    /// text is the diagnostic format.
    @Test func findingsPointAtTheirDeclarations() throws {
        let found = try Self.findings(Self.app
            .replacingOccurrences(of: "tip SwipeTip { title \"Swipe\" }\ngroup ListTips { SwipeTip }", with: "")
            .replacingOccurrences(of: "event itemFavorited(source: Source)", with: "\n\nevent itemFavorited(source: Source, count: Int)"))
        let gone = try #require(found.first { $0.code == .appTipGone })
        #expect(gone.location?.path.hasSuffix("app/tips.tips") == true)
        #expect(gone.location?.line == 14 && gone.location?.column == 5)
        #expect(gone.text.hasPrefix("\(gone.location!.path):14:5: error: tip 'SwipeTip' of the app built from app is not in the new catalog"))
        #expect(gone.text.hasSuffix("[E700]"))
        let added = try #require(found.first { $0.code == .appFieldAdded })
        #expect(added.location?.path.hasSuffix("new/tips.tips") == true)
        #expect(added.location?.line == 6 && added.location?.column == 7)
        #expect(added.message.contains("'count: Int'"))
        // Errors first, then by kind: the event before the tip, the tip before the group.
        #expect(found.map(\.code) == [.appFieldAdded, .appTipGone, .appGroupGone])
    }

    /// An app catalog given as a bundle: the same findings, without a place on its side.
    @Test func aBundleAppCatalogHasNoPlaceForWhatIsGone() throws {
        let folder = try TemporaryDirectory()
        let appSources = try Self.catalog(Self.app, in: folder, "app")
        let bytes = try #require(CheckedCatalog(appSources).compile(catalogRelativePaths: true).bytes)
        let app = AppCatalog(path: "app.tipsb", schema: CatalogSchema(try BundleLoader.load(bytes).bundle))
        let newSources = try Self.catalog(Self.app.replacingOccurrences(of: "param itemCount: Int = 0\n", with: ""), in: folder, "new")
        let new = try #require(AppCatalog(path: "new", sources: newSources))
        let found = AppCompatibility.findings(app: app, new: new.schema, newSources: newSources)
        #expect(found.map(\.code) == [.appParameterGone])
        #expect(found.first?.location == nil)
        #expect(found.first?.text.hasPrefix("error: parameter 'itemCount' of the app built from app.tipsb") == true)
    }

    /// The publisher refuses, names every app catalog, and publishes with the override,
    /// carrying the findings so the command shows them as overridden; several app catalogs
    /// are each checked.
    @Test func publishingRefusesUnlessForcedForApps() throws {
        let folder = try TemporaryDirectory()
        let old = try Self.catalog(Self.app, in: folder, "v1")
        let older = try Self.catalog(Self.app + "tip OldTip { title \"Old\" }\n", in: folder, "v0")
        let newSources = try Self.catalog(Self.app.replacingOccurrences(of: "tip SwipeTip { title \"Swipe\" }\ngroup ListTips { SwipeTip }", with: ""),
                                          in: folder, "v2")
        let bytes = try #require(CheckedCatalog(newSources).compile(catalogRelativePaths: true).bytes)
        let apps = [try #require(AppCatalog(path: "v1", sources: old)), try #require(AppCatalog(path: "v0", sources: older))]
        let site = folder.path + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let key = Ed25519.PrivateKey()
        func request(force: Bool) -> CatalogPublisher.Request {
            .init(bundle: bytes, catalog: "com.example.list", version: nil, key: key, keyID: "k", force: false,
                  apps: apps, forceApps: force, sources: newSources)
        }
        do {
            _ = try CatalogPublisher.plan(request(force: false), into: site)
            Issue.record("published what the app catalogs cannot honour")
        } catch {
            guard case .appIncompatible(let findings) = error else { Issue.record("\(error)"); return }
            #expect(findings.map { "\($0.app) \($0.code)" } == ["v1 E700", "v1 E704", "v0 E700", "v0 E700", "v0 E704"])
            #expect(error.description.contains("v0, v1") && error.description.contains("--force-app"))
            #expect(error.description.hasPrefix("5 things"))
        }
        let forced = try CatalogPublisher.plan(request(force: true), into: site)
        #expect(forced.appFindings.count == 5)
        #expect(forced.manifest.version == 1)
        // Against its own catalog, the new one has nothing to find.
        let own = try #require(AppCatalog(path: "v2", sources: newSources))
        let clean = try CatalogPublisher.plan(.init(bundle: bytes, catalog: "com.example.list", version: nil, key: key, keyID: "k",
                                                    force: false, apps: [own]), into: site)
        #expect(clean.appFindings.isEmpty)
    }
}
