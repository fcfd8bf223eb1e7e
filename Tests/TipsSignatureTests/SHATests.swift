import Testing
import TipsBenchSupport
import TipsSignature

/// SHA-256 and SHA-512 against the FIPS 180 example messages, and streaming against one-shot.
@Suite struct SHATests {
    /// (message, SHA-256, SHA-512): the NIST examples (empty, "abc", the two-block 448-bit
    /// and 896-bit messages).
    static let examples: [(String, String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
         "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
         "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
         "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
         "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"),
    ]

    @Test(arguments: examples) func fipsExamples(_ example: (String, String, String)) {
        let message = Array(example.0.utf8)
        #expect(Hex.encode(SHA256.hash(message)) == example.1)
        #expect(Hex.encode(SHA512.hash(message)) == example.2)
    }

    /// A million "a"s, fed in uneven pieces: the long-message example, and lengths that
    /// cross block boundaries everywhere.
    @Test func aMillionAs() {
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        var sha256 = SHA256(), sha512 = SHA512()
        var fed = 0
        var size = 1
        while fed < 1_000_000 {
            let n = min(size, 1_000_000 - fed, chunk.count)
            sha256.update(Array(chunk[0..<n]))
            sha512.update(Array(chunk[0..<n]))
            fed += n
            size = size % 997 + 13
        }
        #expect(Hex.encode(sha256.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(Hex.encode(sha512.finalize())
                == "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b")
    }

    /// Every split of messages around the padding boundaries gives the one-shot digest.
    @Test func streamingEqualsOneShot() {
        var generator = SeededGenerator(seed: 7)
        for length in [0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 255, 256, 300] {
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let whole256 = SHA256.hash(message), whole512 = SHA512.hash(message)
            for split in Set([0, length / 3, length / 2, length]) {
                var a = SHA256(), b = SHA512()
                a.update(Array(message[0..<split])); a.update(Array(message[split...]))
                b.update(Array(message[0..<split])); b.update(Array(message[split...]))
                #expect(a.finalize() == whole256, "SHA-256 of \(length) bytes split at \(split)")
                #expect(b.finalize() == whole512, "SHA-512 of \(length) bytes split at \(split)")
            }
        }
    }

    @Test func hexRoundTripsAndRejectsNonHex() {
        let bytes: [UInt8] = [0, 1, 0x7f, 0x80, 0xab, 0xff]
        #expect(Hex.encode(bytes) == "00017f80abff")
        #expect(Hex.decode("00017F80ABff") == bytes)
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("zz") == nil)
        #expect(Hex.decode("") == [])
    }
}
