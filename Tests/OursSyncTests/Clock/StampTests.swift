import Testing

@testable import OursSync

/// Stamps are compared as plain strings by people, tools and file listings, so the written
/// form must be fixed width and sort exactly like the stamps themselves.
@Suite struct StampTests {
    static let device = DeviceID("k3j9x2qf")!

    @Test func writtenFormIsFixedAndReadable() {
        let stamp = Stamp(millis: Fixture.t0 + 123, counter: 0, device: Self.device)
        #expect(stamp.description == "2026-11-22T10:15:00.123Z-0000-k3j9x2qf")
        #expect(Stamp(millis: 0, counter: 0xabc, device: Self.device).description == "1970-01-01T00:00:00.000Z-0abc-k3j9x2qf")
        #expect(Stamp(millis: 1, counter: .max, device: Self.device).description == "1970-01-01T00:00:00.001Z-ffff-k3j9x2qf")
    }

    @Test func randomStampsAre38CharactersAndParseBack() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let stamp = randomStamp(&rng)
            let text = stamp.description
            #expect(text.utf8.count == 38)
            #expect(Stamp(text) == stamp)
        }
    }

    @Test func stringOrderIsStampOrder() {
        var rng = SplitMix64(seed: 2026)
        for _ in 0..<2_000 {
            let a = randomStamp(&rng)
            // Often share millis or counter, so the later parts decide the order too.
            var b = randomStamp(&rng)
            if rng.chance(0.4) { b.millis = a.millis }
            if rng.chance(0.4) { b.counter = a.counter }
            if rng.chance(0.1) { b.device = a.device }
            let byText = a.description.utf8.lexicographicallyPrecedes(b.description.utf8)
            #expect(byText == (a < b), "\(a) vs \(b)")
            #expect((a.description == b.description) == (a == b))
        }
    }

    @Test func orderComparesMillisThenCounterThenDevice() {
        let a = DeviceID("00000000")!
        let z = DeviceID("zzzzzzzz")!
        let hand = DeviceID("_0000000")!
        #expect(Stamp(millis: 1, counter: 9, device: z) < Stamp(millis: 2, counter: 0, device: a))
        #expect(Stamp(millis: 1, counter: 1, device: z) < Stamp(millis: 1, counter: 2, device: a))
        #expect(Stamp(millis: 1, counter: 1, device: a) < Stamp(millis: 1, counter: 1, device: z))
        // '_' sits between digits and letters in byte order.
        #expect(Stamp(millis: 1, device: DeviceID("9zzzzzzz")!) < Stamp(millis: 1, device: hand))
        #expect(Stamp(millis: 1, device: hand) < Stamp(millis: 1, device: DeviceID("a0000000")!))
    }

    @Test(arguments: [
        "2026-11-22T10:15:00.123Z-0000-k3j9x2q",  // device too short
        "2026-11-22T10:15:00.123Z-0000-k3j9x2qff",  // device too long
        "2026-11-22T10:15:00.123Z-000-k3j9x2qf",  // counter too short
        "2026-11-22T10:15:00.123Z-00000-k3j9x2q",  // counter too long
        "2026-11-22T10:15:00.12Z-0000-k3j9x2qff",  // millis too short
        "2026-11-22T10:15:00Z-0000-k3j9x2qf",
        "2026-13-22T10:15:00.123Z-0000-k3j9x2qf",  // month 13
        "2026-00-22T10:15:00.123Z-0000-k3j9x2qf",
        "2026-02-30T10:15:00.123Z-0000-k3j9x2qf",  // 30 February
        "2025-02-29T10:15:00.123Z-0000-k3j9x2qf",  // not a leap year
        "2026-11-22T24:15:00.123Z-0000-k3j9x2qf",
        "2026-11-22T10:60:00.123Z-0000-k3j9x2qf",
        "2026-11-22T10:15:60.123Z-0000-k3j9x2qf",
        "2026-11-22T10:15:00.123Z-00A0-k3j9x2qf",  // uppercase hex
        "2026-11-22T10:15:00.123Z-00g0-k3j9x2qf",
        "2026-11-22T10:15:00.123Z-+0ff-k3j9x2qf",  // sign accepted by UInt16(radix:)
        "2026-11-22T10:15:00.123Z-0000-K3J9X2QF",  // uppercase device
        "2026-11-22T10:15:00.123Z-0000-k3j9x2ql",  // 'l' is not in the alphabet
        "2026-11-22T10:15:00.123Z-0000-k3j9x2q-",
        "2026-11-22T10:15:00.123Z-0000-k3j9x2q_",  // '_' only as the first character
        "2026-11-22T10:15:00.123Z-0000-________",
        "2026-11-22T10:15:00.123Z-0000-k3j9x2qé",
        "2026-11-22T10:15:00.123Z_0000-k3j9x2qf",  // wrong separator
        "2026-11-22T10:15:00.123Z-0000_k3j9x2qf",
        "2026-11-22t10:15:00.123Z-0000-k3j9x2qf",
        "2026-11-22T10:15:00.123z-0000-k3j9x2qf",
        " 026-11-22T10:15:00.123Z-0000-k3j9x2qf",
        "",
    ])
    func rejectsMalformedStamps(text: String) {
        #expect(Stamp(text) == nil)
    }

    @Test func acceptsHandEditDevices() throws {
        let stamp = try #require(Stamp("2026-11-22T10:15:00.123Z-0001-_k3j9x2q"))
        #expect(stamp.device.isHandEdit)
        #expect(stamp.counter == 1)
        #expect(stamp.millis == Fixture.t0 + 123)
    }

    @Test(arguments: ["k3j9x2qf", "00000000", "zzzzzzzz", "_0000000", "_abcdefg"])
    func validDeviceIDs(text: String) {
        #expect(DeviceID(text)?.rawValue == text)
        #expect(DeviceID(text)?.isHandEdit == text.hasPrefix("_"))
    }

    @Test(arguments: [
        "", "k3j9x2q", "k3j9x2qff", "K3J9X2QF", "k3j9x2qi", "k3j9x2qo", "k3j9x2qu", "__000000", "0000000_", "k3j9 2qf",
    ])
    func invalidDeviceIDs(text: String) {
        #expect(DeviceID(text) == nil)
    }

    @Test func randomDevicesAreValidAndDistinct() {
        let ids = (0..<100).map { _ in DeviceID.random() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { !$0.isHandEdit && DeviceID($0.rawValue) == $0 })
    }

    @Test func handEditDeviceDependsOnlyOnTheBytes() {
        let a = DeviceID.handEdit(digestOf: Array("item/milk name".utf8))
        #expect(a == DeviceID.handEdit(digestOf: Array("item/milk name".utf8)))
        #expect(a != DeviceID.handEdit(digestOf: Array("item/milk note".utf8)))
        #expect(a.isHandEdit)
        #expect(DeviceID(a.rawValue) == a)
        // Pinned: every version must derive the same pseudo-device from the same edit.
        #expect(DeviceID.handEdit(digestOf: [UInt8]()).rawValue == "_5s8422j")
        #expect(a.rawValue == "_qjd42de")
    }

    private func randomStamp(_ rng: inout SplitMix64) -> Stamp {
        // Up to the end of year 9999, the last instant the fixed-width form can hold.
        Stamp(millis: rng.int64(0...253_402_300_799_999), counter: UInt16(rng.int(0...0xFFFF)), device: rng.deviceID())
    }
}
