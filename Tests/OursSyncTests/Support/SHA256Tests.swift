import Testing

@testable import OursSync

/// The published test vectors: FIPS 180-4 examples, RFC 4231 (HMAC), RFC 7914 section 11 (PBKDF2).
@Suite struct SHA256Tests {
    @Test func knownDigests() {
        #expect(SHA256.hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(SHA256.hash(long)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func hmacAndPBKDF2() {
        let mac = SHA256.hmac(key: Array("Jefe".utf8), Array("what do ya want for nothing?".utf8))
        #expect(SHA256.hex(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let derived = SHA256.pbkdf2(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1)
        #expect(SHA256.hex(derived) == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
    }
}

@Suite("SHA-256 given a piece at a time")
struct SHA256HasherTests {
    /// Any split of the input gives the one-shot digest (FIPS 180-4's vectors above, and a long
    /// input split at every awkward length around the 64-byte block).
    @Test func anySplitGivesTheSameDigest() {
        let message = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = SHA256.hash(message)
        for piece in [1, 3, 55, 56, 63, 64, 65, 127, 128, 999] {
            var hasher = SHA256.Hasher()
            var start = 0
            while start < message.count {
                hasher.update(message[start..<min(start + piece, message.count)])
                start += piece
            }
            #expect(hasher.count == 1000)
            #expect(hasher.finish() == whole, "pieces of \(piece)")
        }
    }

    /// FIPS 180-4's one-million-"a" vector, fed in 4 KiB pieces.
    @Test func aMillionAs() {
        var hasher = SHA256.Hasher()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 4000)
        for _ in 0..<250 { hasher.update(piece) }
        #expect(SHA256.hex(hasher.finish()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
