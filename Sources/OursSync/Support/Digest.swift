/// FNV-1a, 64 bit: a small, stable, platform-independent digest. Not cryptographic; it tells
/// apart values and file contents, it does not defend against an attacker (see the threat
/// model in docs/THREAT-MODEL.md).
package struct Digest: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        // Contiguous bytes (arrays, native strings' UTF-8) are hashed from a buffer: iterating
        // a `String.UTF8View` byte by byte costs several times more.
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            for byte in buffer { mix(byte) }
        }
        if done == nil { for byte in bytes { mix(byte) } }
    }

    @inline(__always)
    private mutating func mix(_ byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x0000_0100_0000_01B3
    }

    package var value: UInt64 { state }

    package static func of<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var digest = Digest()
        digest.update(bytes)
        return digest.value
    }

    /// The digest as lowercase hex, `length` characters (at most 16).
    package static func hex<Bytes: Sequence>(_ bytes: Bytes, length: Int = 16) -> String where Bytes.Element == UInt8 {
        let value = of(bytes)
        let count = max(0, min(length, 16))
        return String(unsafeUninitializedCapacity: count) { buffer in
            for at in 0..<count { buffer[at] = hexDigit(Int(value >> UInt64(60 - 4 * at) & 0xF)) }
            return count
        }
    }

    /// The lowercase hex digit of a value from 0 to 15, as a byte.
    @inline(__always)
    package static func hexDigit(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value < 10 ? 0x30 + value : 0x57 + value)
    }
}
