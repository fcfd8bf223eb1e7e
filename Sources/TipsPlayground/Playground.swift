import Foundation
import TipsCheck
import TipsDriver
import TipsRuntime
import TipsScenario
import TipsSource
import TipsText
import TipsTime

/// The playground of a catalog: the page, and the JSON API it talks to, over one live
/// session of the real runtime (Docs/playground.md). `handle(_:)` answers one request and
/// is what the server calls; tests call it directly. Requests are served one at a time.
public final class Playground: Sendable {
    /// A catalog that cannot be played: it does not load, or it has errors.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// True when the catalog has errors (`tipc` exits 1); false when it cannot be read
        /// or the port cannot be listened on (exit 2).
        public var isCatalogProblem = false

        public init(description: String, isCatalogProblem: Bool = false) {
            self.description = description
            self.isCatalogProblem = isCatalogProblem
        }
    }

    /// The catalog's folder, as named.
    public let catalogPath: String
    private let state: RuntimeLock<PlaygroundState>
    private let folder: URL

    /// A playground of the catalog at `catalogPath`: checked once, compiled, its String
    /// Catalogs read for the locales; a scratch folder holds the session's journal.
    public convenience init(catalogPath: String) throws(Failure) {
        switch CatalogLoader.loadSingle(catalogPath) {
        case .failure(let f): throw Failure(description: f.messages(for: catalogPath).joined(separator: "\n"))
        case .success(let sources): try self.init(catalogPath: catalogPath, sources: sources)
        }
    }

    /// A playground of the catalog made of `sources`.
    public init(catalogPath: String, sources: SourceSet) throws(Failure) {
        self.catalogPath = catalogPath
        let checked = CheckedCatalog(sources)
        let compiled = CompiledCatalog(path: catalogPath, checked: checked)
        guard compiled.bundle != nil else {
            let first = compiled.errors.first.map { ": \($0.message)" } ?? ""
            throw Failure(description: "catalog '\(catalogPath)' has errors\(first); run 'tipc check \(catalogPath)'",
                          isCatalogProblem: true)
        }
        let translations = StringCatalogFiles.beside(checked).translations
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tips-playground-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            state = RuntimeLock(try PlaygroundState(catalog: compiled, translations: translations, sourceLanguage: "en", folder: folder))
        } catch let error as ScenarioSession.OpenFailure {
            throw Failure(description: "cannot open the store: \(error.message)")
        } catch {
            throw Failure(description: "cannot make a scratch folder for the journal: \(error.localizedDescription)")
        }
    }

    /// Closes the store and removes the scratch journal.
    public func close() {
        state.withLock { $0.session.close() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The answer to `request` (already past the server's `LoopbackPolicy`).
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let routes: [String: (method: String, run: (HTTPRequest) -> HTTPResponse)] = [
            "/": ("GET", { _ in .html(PlaygroundPage.html) }),
            "/api/catalog": ("GET", { [self] _ in .json(state.withLock { $0.catalogJSON }) }),
            "/api/state": ("GET", { [self] _ in .json(state.withLock { $0.stateJSON }) }),
            "/api/step": ("POST", { [self] in step($0) }),
            "/api/locale": ("POST", { [self] in locale($0) }),
            "/api/restart": ("POST", { [self] _ in restart() }),
            "/api/scenario": ("POST", { [self] in scenario($0) }),
        ]
        guard let route = routes[request.path] else { return .error(404, "no such page: \(request.path)") }
        let allowed = route.method == "GET" ? ["GET", "HEAD"] : [route.method]
        guard allowed.contains(request.method) else {
            var r = HTTPResponse.error(405, "\(request.path) takes \(route.method), not \(request.method)")
            r.headers.append(HTTPHeader("Allow", allowed.joined(separator: ", ")))
            return r
        }
        return route.run(request)
    }

    /// A POST's body, or the answer refusing it.
    enum Body {
        case success(JSON)
        case failure(HTTPResponse)
    }

    /// The JSON body of a POST: only `application/json`, which a cross-site form cannot send.
    func body(_ request: HTTPRequest) -> Body {
        let type = request.header("content-type")?.lowercased() ?? ""
        guard type == "application/json" || type.hasPrefix("application/json;") else {
            return .failure(HTTPResponse.error(415, "send the body as application/json"))
        }
        if request.body.isEmpty { return .success(JSON.object([])) }
        do {
            return .success(try JSON.parse(request.body))
        } catch {
            return .failure(HTTPResponse.error(400, "the body is not JSON: \(error)"))
        }
    }

    func step(_ request: HTTPRequest) -> HTTPResponse {
        let json: JSON
        switch body(request) {
        case .failure(let r): return r
        case .success(let j): json = j
        }
        return state.withLock { s in
            let line: String
            do throws(PlaygroundStep.Refusal) {
                line = try PlaygroundStep.line(for: json, in: s.catalog.model)
            } catch {
                return .error(422, error.message)
            }
            let result = s.perform(line)
            let messages = s.history.last?.messages ?? []
            return .json(.object(["accepted": .bool(result.accepted), "line": .string(line),
                                  "messages": .array(messages.map { .string($0) }), "state": s.stateJSON]))
        }
    }

    func locale(_ request: HTTPRequest) -> HTTPResponse {
        let json: JSON
        switch body(request) {
        case .failure(let r): return r
        case .success(let j): json = j
        }
        return state.withLock { s in
            guard let wanted = json["locale"]?.string, s.locales.contains(wanted) else {
                return .error(422, "unknown locale; the catalog has: \(s.locales.joined(separator: ", "))")
            }
            s.locale = wanted
            return .json(s.stateJSON)
        }
    }

    func restart() -> HTTPResponse {
        state.withLock { s in
            do throws(ScenarioSession.OpenFailure) {
                try s.restart()
            } catch {
                return .error(500, "cannot open the store: \(error.message)")
            }
            return .json(s.stateJSON)
        }
    }

    func scenario(_ request: HTTPRequest) -> HTTPResponse {
        let json: JSON
        switch body(request) {
        case .failure(let r): return r
        case .success(let j): json = j
        }
        let title = json["title"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? "playground session"
        return state.withLock { s in
            .json(.object(["scenario": .string(s.scenarioText(title: title)), "fileName": "playground.scenario"]))
        }
    }
}
