@testable import OursSync

extension SplitMix64 {
    /// A device id from the stamp alphabet; unless told otherwise every tenth one is a
    /// hand-edit pseudo-device, so the `_` prefix takes part in ordering tests.
    mutating func deviceID(handEdits: Bool = true) -> DeviceID {
        let body = (0..<7).map { _ in pick(RandomID.alphabet) }
        let first: Character = handEdits && chance(0.1) ? "_" : pick(RandomID.alphabet)
        return DeviceID(String([first] + body))!
    }
}
