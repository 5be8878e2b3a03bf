@testable import OursSync

/// A tiny seeded generator, so every property test replays exactly from its seed.
///
/// SplitMix64 (Steele, Lea, Flood 2014): fast, good enough statistically, and trivially
/// identical on every platform, unlike `SystemRandomNumberGenerator`.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    mutating func int64(_ range: ClosedRange<Int64>) -> Int64 { Int64.random(in: range, using: &self) }

    /// A device id from the stamp alphabet; unless told otherwise every tenth one is a
    /// hand-edit pseudo-device, so the `_` prefix takes part in ordering tests.
    mutating func deviceID(handEdits: Bool = true) -> DeviceID {
        let body = (0..<7).map { _ in pick(RandomID.alphabet) }
        let first: Character = handEdits && chance(0.1) ? "_" : pick(RandomID.alphabet)
        return DeviceID(String([first] + body))!
    }
}
