import Foundation
import TipsBytecode
import TipsDriver
import TipsSignature

/// signature.verify.notes-app: what checking a downloaded catalog's signature adds to
/// loading it: the SHA-256 of the notes-app bundle and one Ed25519 verification, against
/// `BundleLoader.load` (decode and verify) of the same bytes in the same run.
enum SignatureBench {
    static let verify = Benchmark.timed(
        "signature.verify.notes-app",
        "SHA-256 + Ed25519 verification of the notes-app bundle, vs BundleLoader.load of it"
    ) { _ in
        let path = CLIBench.repository.appendingPathComponent("Definitions/notes-app").path
        guard case .success(let sources) = CatalogLoader.loadSingle(path),
              let bytes = CheckedCatalog(sources).compile(catalogRelativePaths: true).bytes else {
            fatal("signature.verify.notes-app: Definitions/notes-app does not compile")
        }
        let key: Ed25519.PrivateKey
        do { key = try Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32)) } catch { fatal("\(error)") }
        let digest = SHA256.hash(bytes)
        let signature = key.signature(for: digest)
        let publicKey = key.publicKey
        check(publicKey.isValidSignature(signature, for: digest), "signature.verify.notes-app: the signature does not verify")
        let verify = { () -> Int in
            let ok = ConstantTime.equal(SHA256.hash(bytes), digest) && publicKey.isValidSignature(signature, for: digest)
            return ok ? bytes.count : 0
        }
        let load = { () -> Int in
            guard let verified = try? BundleLoader.load(bytes) else { fatal("signature.verify.notes-app: the bundle does not load") }
            return verified.bundle.tips.count
        }
        return .init(workload: .init(operation: verify), baselines: [("load", .init(operation: load))])
    }
}
