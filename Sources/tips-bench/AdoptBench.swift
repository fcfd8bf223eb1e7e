import Foundation
import TipsBenchSupport
import TipsBytecode
import TipsCompile
import TipsDriver
import TipsRuntime
import TipsSignature

/// runtime.adopt.notes-app / .1k: opening an in-memory store and adopting a checked update
/// (the compatibility rules, the swap, re-evaluation), against opening it alone; and
/// runtime.launch.adopted: opening a journal's store whose adopted catalog is kept beside
/// it (read, checked again: digest, signature, verification), against the same open with a
/// `LiveCatalog` and nothing stored.
enum AdoptBench {
    static let key: Ed25519.PrivateKey = {
        do { return try Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32)) } catch { fatal("\(error)") }
    }()
    static var keys: [String: Ed25519.PublicKey] { ["bench": key.publicKey] }

    static func update(_ bytes: [UInt8], version: UInt64) -> CatalogUpdate {
        do {
            let format = Int(try BundleLoader.load(bytes).bundle.formatVersion)
            let manifest = try CatalogManifest.signed(bundleBytes: bytes, catalog: "bench", version: version, minimumReaderFormat: format,
                                                      bundle: "bench-\(version).tipsb", key: key, keyID: "bench").encoded()
            return try CatalogUpdate.check(manifest: manifest, bundle: bytes, trustedKeys: keys, catalog: "bench", runningVersion: 1)
        } catch {
            fatal("runtime.adopt: \(error)")
        }
    }

    static func notesApp() -> [UInt8] {
        let path = CLIBench.repository.appendingPathComponent("Definitions/notes-app").path
        guard case .success(let sources) = CatalogLoader.loadSingle(path),
              let bytes = CheckedCatalog(sources).compile(catalogRelativePaths: true).bytes else {
            fatal("runtime.adopt: Definitions/notes-app does not compile")
        }
        return bytes
    }

    static let adopt = Benchmark(
        name: "runtime.adopt",
        summary: "open an in-memory TipStore + adopt a checked update (notes-app, 1,000-tip catalog), vs the open alone"
    ) { context in
        let catalogs: [(String, [UInt8])] = [
            ("notes-app", notesApp()),
            ("1k", Compiler.encode(BenchSupport.catalogWorkload(tips: 1000, donationsPerEvent: 0).bundle)),
        ]
        var rows: [BenchResult] = []
        for (name, bytes) in catalogs {
            let checked = update(bytes, version: 2)
            let clock = ManualClock(start: BenchSupport.now)
            let openAndAdopt = { () -> Int in
                do {
                    let store = try TipStore(bundle: bytes, clock: clock)
                    try store.adopt(checked)
                    return store.tipNames.count
                } catch { fatal("runtime.adopt.\(name): \(error)") }
            }
            let openOnly = { () -> Int in
                do { return try TipStore(bundle: bytes, clock: clock).tipNames.count } catch { fatal("runtime.adopt.\(name): \(error)") }
            }
            let times = context.runner.nanosecondsPerOperation([.init(operation: openAndAdopt), .init(operation: openOnly)])
            var row = BenchResult(name: "runtime.adopt.\(name)", nsPerOp: times[0], baseline: "open", baselineNsPerOp: times[1])
            row.note = "open + adopt vs open; the adoption alone is the difference"
            rows.append(row)
        }
        return rows
    }

    static let launch = Benchmark(
        name: "runtime.launch.adopted",
        summary: "open a journal's TipStore with the notes-app catalog adopted and kept beside it, vs with nothing kept"
    ) { context in
        let bytes = notesApp()
        let clock = ManualClock(start: BenchSupport.now)
        let live = LiveCatalog(catalog: "bench", embeddedVersion: 1, trustedKeys: keys, maxUnconfirmedLaunches: Int.max)
        let adopted = URL(fileURLWithPath: context.scratch + "/launch-adopted.jsonl")
        let embedded = URL(fileURLWithPath: context.scratch + "/launch-embedded.jsonl")
        do {
            let store = try TipStore(bundle: bytes, journalURL: adopted, live: live, clock: clock, durability: .synced)
            try store.adopt(update(bytes, version: 2))
            try store.close()
        } catch { fatal("runtime.launch.adopted: \(error)") }
        func launch(_ url: URL, expectAdopted: Bool) -> () -> Int {
            {
                do {
                    let store = try TipStore(bundle: bytes, journalURL: url, live: live, clock: clock, durability: .synced)
                    if case .adopted = store.liveCatalogLaunch {} else if expectAdopted { fatal("runtime.launch.adopted: \(store.liveCatalogLaunch)") }
                    store.markLaunchSucceeded()
                    let n = store.tipNames.count
                    try store.close()
                    return n
                } catch { fatal("runtime.launch.adopted: \(error)") }
            }
        }
        let times = context.runner.nanosecondsPerOperation([.init(operation: launch(adopted, expectAdopted: true)),
                                                            .init(operation: launch(embedded, expectAdopted: false))])
        var row = BenchResult(name: "runtime.launch.adopted", nsPerOp: times[0], baseline: "embedded", baselineNsPerOp: times[1])
        row.note = "journal open + stored catalog read and re-checked vs journal open with the embedded bundle"
        return [row]
    }
}
