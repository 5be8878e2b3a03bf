/// SHA-256 (FIPS 180-4), HMAC (RFC 2104) and PBKDF2 (RFC 8018), for the household's recovery
/// code: Foundation on Linux has no cryptographic hash, and Ours takes no dependencies.
enum SHA256 {
    fileprivate static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    static func hash(_ message: [UInt8]) -> [UInt8] {
        var hasher = Hasher()
        hasher.update(message)
        return hasher.finish()
    }

    /// SHA-256 over bytes given a piece at a time (a file read in chunks), never holding them all.
    struct Hasher: Sendable {
        private var state: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        private var pending: [UInt8] = []
        private var schedule = [UInt32](repeating: 0, count: 64)
        /// How many bytes were given so far.
        private(set) var count: UInt64 = 0

        init() { pending.reserveCapacity(64) }

        mutating func update(_ bytes: [UInt8]) { update(bytes[...]) }

        mutating func update(_ bytes: ArraySlice<UInt8>) {
            count += UInt64(bytes.count)
            var rest = bytes
            if !pending.isEmpty {
                let take = min(64 - pending.count, rest.count)
                pending += rest.prefix(take)
                rest = rest.dropFirst(take)
                guard pending.count == 64 else { return }
                let block = pending
                pending.removeAll(keepingCapacity: true)
                block.withUnsafeBufferPointer { compress($0, at: 0) }
            }
            let whole = rest.count / 64 * 64
            rest.withUnsafeBufferPointer { buffer in
                for start in stride(from: 0, to: whole, by: 64) { compress(buffer, at: start) }
            }
            pending += rest.dropFirst(whole)
        }

        /// The digest; the hasher is spent.
        mutating func finish() -> [UInt8] {
            let bits = count &* 8
            var tail = pending
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
            pending = []
            tail.withUnsafeBufferPointer { buffer in
                for start in stride(from: 0, to: buffer.count, by: 64) { compress(buffer, at: start) }
            }
            return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
        }

        private mutating func compress(_ block: UnsafeBufferPointer<UInt8>, at base: Int) {
            for i in 0..<16 {
                let j = base + i * 4
                schedule[i] =
                    UInt32(block[j]) << 24 | UInt32(block[j + 1]) << 16 | UInt32(block[j + 2]) << 8 | UInt32(block[j + 3])
            }
            for i in 16..<64 {
                let s0 = SHA256.rotate(schedule[i - 15], 7) ^ SHA256.rotate(schedule[i - 15], 18) ^ (schedule[i - 15] >> 3)
                let s1 = SHA256.rotate(schedule[i - 2], 17) ^ SHA256.rotate(schedule[i - 2], 19) ^ (schedule[i - 2] >> 10)
                schedule[i] = schedule[i - 16] &+ s0 &+ schedule[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
            for i in 0..<64 {
                let s1 = SHA256.rotate(e, 6) ^ SHA256.rotate(e, 11) ^ SHA256.rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let t1 = h &+ s1 &+ choice &+ SHA256.k[i] &+ schedule[i]
                let s0 = SHA256.rotate(a, 2) ^ SHA256.rotate(a, 13) ^ SHA256.rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
            }
            for (i, value) in [a, b, c, d, e, f, g, h].enumerated() { state[i] = state[i] &+ value }
        }
    }

    static func hmac(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        let (inner, outer) = pads(key)
        return hash(outer + hash(inner + message))
    }

    /// The key XORed with the inner and outer pads of HMAC.
    private static func pads(_ key: [UInt8]) -> ([UInt8], [UInt8]) {
        var key = key.count > 64 ? hash(key) : key
        key += [UInt8](repeating: 0, count: 64 - key.count)
        return (key.map { $0 ^ 0x36 }, key.map { $0 ^ 0x5c })
    }

    /// PBKDF2-HMAC-SHA256, one block (32 bytes).
    static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        let (inner, outer) = pads(password)
        var u = hash(outer + hash(inner + salt + [0, 0, 0, 1]))
        var result = u
        for _ in 1..<max(iterations, 1) {
            u = hash(outer + hash(inner + u))
            for i in 0..<result.count { result[i] ^= u[i] }
        }
        return result
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    fileprivate static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
}
