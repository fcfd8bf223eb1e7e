// libFuzzer target for what a downloaded catalog update brings: arbitrary manifest and
// bundle bytes through `CatalogManifest.decode` and `CatalogUpdate.check`, and arbitrary key
// file bytes through `SigningKeyFile.decode` (scripts/fuzz-update.sh builds and runs it).
//
// Input format (the first byte picks the mode):
//   flags (1 byte) with bit 7 clear: an update.
//     then the manifest's length N (4 bytes, little-endian), then N manifest bytes (fewer if
//     the input ends first), then the bundle bytes (all the rest).
//     flags bits 0-1: the running version passed to check: 0, 1, 2 or UInt64.max;
//     flags bit 2: the app's catalog is "com.example.other" instead of "com.example.notes";
//     flags bit 3: a second, unrelated key ("other") is trusted too.
//   flags with bit 7 set: a key file: all the bytes after the first.
//
// The trusted key is the public key of Fuzz/CatalogUpdate/Genuine, whose manifest.json and
// bundle were made by `tipc keygen --key-id fuzz-seed-key` and `tipc publish` on
// Definitions/notes-app; the private key was never kept. The seeds start from that genuine
// pair, so mutations start from an update that is accepted.
//
// Invariants beyond "does not trap" (and libFuzzer's timeout: "does not hang"):
//  - a manifest that decodes passes `validate`, and its `encoded()` form decodes to it;
//  - `check` accepts or throws a `CatalogUpdateError` (typed throws), and the kind it throws
//    is the one `decode` and `verify`, called on their own, say: the manifest checks come
//    first and are not skipped;
//  - anything accepted verifies under the trusted key, its bundle's size and SHA-256 are the
//    manifest's, it is the app's catalog and newer than the running version;
//  - without the private key, nothing but the genuine update can pass: whatever `verify`
//    passes (checked before the bundle is read, whose own checksum would hide a hole in
//    the digest check) and whatever `check` accepts signs exactly the genuine manifest's
//    fields, with the genuine signature bytes, and its bundle has the genuine bundle's
//    SHA-256 (checked against constants below, which `sha256sum` of the bundle confirms);
//  - a key file that decodes is ed25519 with a valid id, its keys decode, a private key
//    belongs to the public key written beside it (a signature made with it verifies), and
//    it survives `encoded()` and `decode` unchanged, as does its public-only form.
import TipsDriver
import TipsRuntime
import TipsSignature

/// A failed invariant: stops with its message, which `precondition` would not print in
/// an optimized build (the reproducer alone would not say which invariant broke).
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

/// The genuine update of Fuzz/CatalogUpdate/Genuine: its public key, what its manifest
/// signs, its signature, and its bundle's SHA-256 (regenerating the pair means updating these).
enum Genuine {
    static let keyID = "fuzz-seed-key"
    static let publicKey = "bf2c2e624cbe444168bd8933acbec77c11287c0a6ca202d18c95d1c81b065906"
    static let signedText = """
        tips-catalog-manifest 1
        catalog com.example.notes
        version 1
        minimum-reader-format 5
        bundle com.example.notes-1.tipsb
        size 18601
        sha256 56667b4392620ec867d86bccd53f336d6d0f680831dda294c970e8f6facedde3
        key-id fuzz-seed-key

        """
    static let signature = "2e0fd7a360cce167db35b2023601bb78f62671f7b43b49a3c8bd106d0cb91aaab84fce5dd37282a3cf775cae79aaa472949287b5b9eaea7dab478b39dfb9280c"
    static let sha256 = "56667b4392620ec867d86bccd53f336d6d0f680831dda294c970e8f6facedde3"
}

/// A second trusted key when flags bit 3 is set (made by `tipc keygen`, private key
/// discarded; not the one of KeyFiles/), so a manifest naming it reaches the signature check.
let otherKeyID = "other"

func publicKey(_ hex: String) -> Ed25519.PublicKey {
    guard let bytes = Hex.decode(hex), let key = try? Ed25519.PublicKey(rawRepresentation: bytes) else {
        fatalError("the harness's key \(hex) is not an Ed25519 public key")
    }
    return key
}

let genuineKey = publicKey(Genuine.publicKey)
let otherKey = publicKey("fe8a299b8a5d831b22d851d53bb247a4b3e643b61daf7554acae121b8171644b")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalogUpdate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let flags = bytes.first else { return 0 }
    if flags & 0x80 != 0 {
        fuzzKeyFile(Array(bytes[1...]))
        return 0
    }
    var rest = bytes[1...]
    var length = 0
    for shift in stride(from: 0, to: 32, by: 8) {
        guard let byte = rest.first else { break }
        length |= Int(byte) << shift
        rest = rest.dropFirst()
    }
    let manifest = Array(rest.prefix(length))
    let bundle = Array(rest.dropFirst(length))
    fuzzUpdate(manifest: manifest, bundle: bundle, flags: flags)
    return 0
}

func fuzzUpdate(manifest manifestBytes: [UInt8], bundle: [UInt8], flags: UInt8) {
    let runningVersion: UInt64 = [0, 1, 2, .max][Int(flags & 3)]
    let catalog = flags & 4 == 0 ? "com.example.notes" : "com.example.other"
    var trustedKeys = [Genuine.keyID: genuineKey]
    if flags & 8 != 0 { trustedKeys[otherKeyID] = otherKey }

    // What decode and verify say on their own: the kind check must throw, if any of theirs.
    var expected: CatalogUpdateError.Kind?
    var decoded: CatalogManifest?
    do throws(CatalogManifest.Failure) {
        let manifest = try CatalogManifest.decode(manifestBytes)
        decoded = manifest
        do throws(CatalogManifest.Failure) { try manifest.validate() } catch {
            require(false, "a decoded manifest fails validate: \(error)")
        }
        let again = try? CatalogManifest.decode(manifest.encoded())
        require(again == manifest, "the manifest's encoded() form decodes to \(String(describing: again)), not \(manifest)")
        do throws(CatalogManifest.Failure) {
            try manifest.verify(bundle: bundle, trustedKeys: trustedKeys)
            // Before the bundle is even read (its own checksum would refuse most changes).
            requireGenuine(manifest, bundle, "verify passed")
        } catch {
            switch error {
            case .unknownKey: expected = .untrustedKey
            case .badSignature: expected = .badSignature
            case .sizeMismatch: expected = .sizeMismatch
            case .digestMismatch: expected = .digestMismatch
            case .malformed, .unsupportedFormat, .invalidField: require(false, "verify refused a decoded manifest's form: \(error)")
            }
        }
    } catch {
        expected = manifestBytes.count > CatalogManifest.maxByteCount ? .tooLarge : .malformedManifest
    }
    if bundle.count > TipStore.bundleLimit.bytes { expected = .tooLarge }

    let update: CatalogUpdate
    do throws(CatalogUpdateError) {
        update = try CatalogUpdate.check(manifest: manifestBytes, bundle: bundle, trustedKeys: trustedKeys,
                                         catalog: catalog, runningVersion: runningVersion)
    } catch {
        if let expected {
            require(error.kind == expected, "check threw \(error.kind) (\(error.message)); decode and verify say \(expected)")
        } else {
            // The signature and the digest passed: only the adopter's checks may refuse.
            require([.otherCatalog, .notNewer, .unreadableFormat, .invalidBundle].contains(error.kind),
                    "check threw \(error.kind) (\(error.message)) for an update that verifies")
        }
        return
    }
    require(expected == nil, "check accepted what decode and verify refuse (\(String(describing: expected)))")
    let manifest = update.manifest
    require(decoded == manifest, "check's manifest is not the decoded one")
    require(update.bundle == bundle, "check's bundle is not the bytes it was given")
    do throws(CatalogManifest.Failure) { try manifest.verify(bundle: update.bundle, trustedKeys: [Genuine.keyID: genuineKey]) } catch {
        require(false, "an accepted update does not verify under the trusted key: \(error)")
    }
    require(manifest.size == update.bundle.count && Hex.encode(SHA256.hash(update.bundle)) == manifest.sha256,
            "an accepted bundle's size or SHA-256 is not the manifest's")
    require(manifest.catalog == catalog && manifest.version > runningVersion, "accepted another catalog or an old version")
    requireGenuine(manifest, update.bundle, "check accepted")
}

/// The fuzzer has no private key: only the genuine manifest and bundle can pass `verify`.
func requireGenuine(_ manifest: CatalogManifest, _ bundle: [UInt8], _ what: String) {
    require(manifest.signedBytes == Array(Genuine.signedText.utf8), "\(what) for a manifest that signs other fields:\n\(manifest)")
    require(Hex.decode(manifest.signature) == Hex.decode(Genuine.signature), "\(what) for another signature: \(manifest.signature)")
    require(Hex.encode(SHA256.hash(bundle)) == Genuine.sha256, "\(what) for a bundle that is not the genuine one")
}

func fuzzKeyFile(_ bytes: [UInt8]) {
    let file: SigningKeyFile
    do throws(SigningKeyFile.Failure) { file = try SigningKeyFile.decode(bytes) } catch { return }
    require(file.algorithm == "ed25519" && CatalogManifest.isValidName(file.keyID), "decoded a key file with a bad algorithm or id")
    let publicKey: Ed25519.PublicKey, privateKey: Ed25519.PrivateKey?
    do throws(SigningKeyFile.Failure) {
        publicKey = try file.verifyingKey()
        privateKey = try file.signingKey()
    } catch {
        require(false, "a decoded key file's keys do not decode: \(error)")
        return
    }
    if let privateKey {
        require(privateKey.publicKey == publicKey, "a decoded private key is not the public key's")
        let message = Array("fuzz".utf8)
        require(publicKey.isValidSignature(privateKey.signature(for: message), for: message), "a signature with the decoded key does not verify")
    }
    require((try? SigningKeyFile.decode(file.encoded())) == file, "a key file does not survive encoded() and decode")
    let publicOnly = file.publicOnly
    require(publicOnly.privateKey == nil && (try? SigningKeyFile.decode(publicOnly.encoded())) == publicOnly,
            "a key file's public-only form does not survive encoded() and decode")
}
