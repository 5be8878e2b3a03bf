@testable import OursSync

/// Named devices and instants, so scenarios read like the story they tell.
enum Fixture {
    static let alice = DeviceID("aaaaaaaa")!
    static let bob = DeviceID("bbbbbbbb")!
    static let carol = DeviceID("cccccccc")!

    /// 2026-11-22T10:15:00.000Z.
    static let t0: Int64 = 1_795_342_500_000
    static let day: Int64 = 86_400_000

    static let key = try! RecordKey(type: "item", id: "milk")

    static func stamp(_ offset: Int64, _ counter: UInt16 = 0, _ device: DeviceID = alice) -> Stamp {
        Stamp(millis: t0 + offset, counter: counter, device: device)
    }

    static func state(_ writes: [String: JSONValue?] = [:], at stamp: Stamp? = nil) -> RecordState {
        var state = RecordState(key: key)
        if let stamp, !writes.isEmpty { state.write(writes, at: stamp) }
        return state
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
