import Testing

@testable import OursSync

/// FNV-1a decides hand edits and conflict ids on every device, so its values are pinned to
/// the published test vectors.
@Suite struct DigestTests {
    @Test(arguments: [("", UInt64(0xcbf2_9ce4_8422_2325)), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8)])
    func publishedVectors(text: String, value: UInt64) {
        #expect(Digest.of(Array(text.utf8)) == value)
    }

    @Test func incrementalEqualsOneShot() {
        var digest = Digest()
        digest.update(Array("foo".utf8))
        digest.update(Array("bar".utf8))
        #expect(digest.value == Digest.of(Array("foobar".utf8)))
    }

    @Test func hexIsZeroPaddedAndTruncated() {
        #expect(Digest.hex(Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(Digest.hex(Array("a".utf8), length: 8) == "af63dc4c")
        // Find an input whose digest has a leading zero nibble, to see the padding.
        let padded = (0..<1_000).lazy.map { Array(String($0).utf8) }.first { Digest.of($0) < 1 << 60 }!
        #expect(Digest.hex(padded).count == 16 && Digest.hex(padded).hasPrefix("0"))
    }
}
