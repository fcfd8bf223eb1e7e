import Foundation
import Testing
import TipsBenchSupport
import TipsSignature

/// Ed25519 against RFC 8032's vectors, Wycheproof's, the edge cases of "Taming the many
/// EdDSAs", and a seeded sign/verify property.
@Suite struct Ed25519Tests {
    struct RFCVector: Sendable, CustomTestStringConvertible {
        let name: String, secret: String, publicKey: String, message: String, signature: String
        var testDescription: String { name }
    }

    /// RFC 8032 section 7.1 (TEST 1, 2, 3, 1024, SHA(abc)).
    static let rfc: [RFCVector] = [
        .init(name: "TEST 1", secret: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
              publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", message: "",
              signature: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
        .init(name: "TEST 2", secret: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
              publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", message: "72",
              signature: "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
        .init(name: "TEST 3", secret: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
              publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", message: "af82",
              signature: "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
        .init(name: "TEST 1024", secret: "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
              publicKey: "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
              message: "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d879de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4feba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbefefd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed185ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f27088d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b0707e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128bab27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51addd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429ec96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb751fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34dff7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e488acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a32ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5fb93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b50d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380db2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0",
              signature: "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"),
        .init(name: "TEST SHA(abc)", secret: "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
              publicKey: "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
              message: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
              signature: "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
    ]

    static func bytes(_ hex: String) -> [UInt8] { Hex.decode(hex) ?? [] }

    @Test(arguments: rfc) func rfc8032(_ vector: RFCVector) throws {
        let key = try Ed25519.PrivateKey(rawRepresentation: Self.bytes(vector.secret))
        #expect(Hex.encode(key.publicKey.rawRepresentation) == vector.publicKey)
        let message = Self.bytes(vector.message)
        #expect(Hex.encode(key.signature(for: message)) == vector.signature)
        let publicKey = try Ed25519.PublicKey(rawRepresentation: Self.bytes(vector.publicKey))
        #expect(publicKey.isValidSignature(Self.bytes(vector.signature), for: message))
        // The message is part of the signature: the SHA(abc) message is also "abc"'s digest.
        #expect(vector.name != "TEST SHA(abc)" || Hex.encode(SHA512.hash(Array("abc".utf8))) == vector.message)
    }

    /// Whether `signature` verifies under the public key `key` (false when the key itself is refused).
    static func verifies(key: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool {
        guard let publicKey = try? Ed25519.PublicKey(rawRepresentation: key) else { return false }
        return publicKey.isValidSignature(signature, for: message)
    }

    static func vectors(_ name: String) throws -> [[String: Any]] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors"))
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
    }

    /// All 151 Wycheproof tests: valid signatures verify; invalid ones (malleable S, bad
    /// encodings, truncations, garbage, special values) do not.
    @Test func wycheproof() throws {
        let tests = try Self.vectors("wycheproof-ed25519")
        #expect(tests.count == 151)
        for test in tests {
            let id = test["tcId"] as? Int ?? -1
            let expected = test["result"] as? String == "valid"
            let got = Self.verifies(key: Self.bytes(test["pk"] as? String ?? ""), message: Self.bytes(test["msg"] as? String ?? ""),
                                    signature: Self.bytes(test["sig"] as? String ?? ""))
            #expect(got == expected, "Wycheproof tcId \(id) (\(test["comment"] ?? "")): expected \(expected)")
        }
    }

    /// The 15 vectors of "Taming the many EdDSAs", with what the strict rules decide and why.
    /// Only vector 6 (mixed-order A and R meeting the cofactorless equation) is a signature.
    static let speccheck: [(accepted: Bool, why: String)] = [
        (false, "0: S = 0, small-order A and R"),
        (false, "1: S = 0, small-order A and R"),
        (false, "2: small-order A, mixed R"),
        (false, "3: small-order A, mixed R (most libraries accept)"),
        (false, "4: small-order R, mixed A"),
        (false, "5: small-order R, mixed A (most libraries accept)"),
        (true, "6: mixed A and R, both equations hold"),
        (false, "7: only the cofactored equation holds"),
        (false, "8: only a pre-reduced cofactored equation holds"),
        (false, "9: S > L"),
        (false, "10: S far above L"),
        (false, "11: non-canonical R (negative zero)"),
        (false, "12: non-canonical R (negative zero)"),
        (false, "13: non-canonical A (negative zero)"),
        (false, "14: non-canonical A (negative zero; most libraries accept)"),
    ]

    @Test func tamingTheManyEdDSAs() throws {
        let vectors = try Self.vectors("speccheck-ed25519")
        #expect(vectors.count == Self.speccheck.count)
        for (vector, expectation) in zip(vectors, Self.speccheck) {
            let got = Self.verifies(key: Self.bytes(vector["pub_key"] as? String ?? ""),
                                    message: Self.bytes(vector["message"] as? String ?? ""),
                                    signature: Self.bytes(vector["signature"] as? String ?? ""))
            #expect(got == expectation.accepted, "vector \(expectation.why)")
        }
    }

    @Test func keysAreRefusedWithAReason() {
        #expect(throws: Ed25519.KeyError.wrongLength(31)) { try Ed25519.PublicKey(rawRepresentation: [UInt8](repeating: 1, count: 31)) }
        #expect(throws: Ed25519.KeyError.wrongLength(33)) { try Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: 33)) }
        // The identity and the point of order 2 are small-order keys.
        #expect(throws: Ed25519.KeyError.smallOrder) { try Ed25519.PublicKey(rawRepresentation: Self.bytes("0100000000000000000000000000000000000000000000000000000000000000")) }
        #expect(throws: Ed25519.KeyError.smallOrder) { try Ed25519.PublicKey(rawRepresentation: Self.bytes("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")) }
        // y = p + 1 (the identity written non-canonically), y = 2 (not on the curve).
        #expect(throws: Ed25519.KeyError.notAPoint) { try Ed25519.PublicKey(rawRepresentation: Self.bytes("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")) }
        #expect(throws: Ed25519.KeyError.notAPoint) { try Ed25519.PublicKey(rawRepresentation: Self.bytes("0200000000000000000000000000000000000000000000000000000000000000")) }
    }

    /// S + L verifies the same equation, so only the canonical-S rule refuses it.
    @Test func malleatedSIsRefused() throws {
        let key = try Ed25519.PrivateKey(rawRepresentation: Self.bytes(Self.rfc[0].secret))
        let message = Array("catalog".utf8)
        let signature = key.signature(for: message)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        let order = Self.bytes("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
        var malleated = signature
        var carry = 0
        for i in 0..<32 {
            let sum = Int(malleated[32 + i]) + Int(order[i]) + carry
            malleated[32 + i] = UInt8(sum & 0xff)
            carry = sum >> 8
        }
        #expect(carry == 0)
        #expect(!key.publicKey.isValidSignature(malleated, for: message))
    }

    /// Seeded property: for random keys and messages, the signature verifies, and flipping
    /// any one bit of the message, the signature or the key makes it fail.
    @Test func signVerifyRoundTripAndEveryBitFlipFails() throws {
        var generator = SeededGenerator(seed: 2026)
        for round in 0..<4 {
            let seed = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let key = try Ed25519.PrivateKey(rawRepresentation: seed)
            let length = [0, 1, 63, 200][round]
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let signature = key.signature(for: message)
            #expect(key.publicKey.isValidSignature(signature, for: message), "round \(round)")
            // Every bit of the first signature, every third of the others (debug builds are slow).
            for bit in stride(from: 0, to: signature.count * 8, by: round == 0 ? 1 : 3) {
                var flipped = signature
                flipped[bit / 8] ^= 1 << UInt8(bit % 8)
                #expect(!key.publicKey.isValidSignature(flipped, for: message), "round \(round), signature bit \(bit)")
            }
            for bit in stride(from: 0, to: message.count * 8, by: max(1, message.count / 8)) {
                var flipped = message
                flipped[bit / 8] ^= 1 << UInt8(bit % 8)
                #expect(!key.publicKey.isValidSignature(signature, for: flipped), "round \(round), message bit \(bit)")
            }
            for bit in stride(from: 0, to: 256, by: 7) {
                var flipped = key.publicKey.rawRepresentation
                flipped[bit / 8] ^= 1 << UInt8(bit % 8)
                #expect(!Self.verifies(key: flipped, message: message, signature: signature), "round \(round), key bit \(bit)")
            }
        }
    }

    @Test func generatedKeysDiffer() {
        let a = Ed25519.PrivateKey(), b = Ed25519.PrivateKey()
        #expect(a.rawRepresentation != b.rawRepresentation)
        let message = Array("hello".utf8)
        #expect(a.publicKey.isValidSignature(a.signature(for: message), for: message))
        #expect(!b.publicKey.isValidSignature(a.signature(for: message), for: message))
    }

    @Test func constantTimeEquality() {
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2]))
        #expect(ConstantTime.equal([], []))
    }
}
