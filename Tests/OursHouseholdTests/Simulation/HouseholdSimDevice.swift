import Foundation
import OursHousehold
import OursTestSupport

@testable import OursSync

/// One device of the household simulation: a real `Device` on its own in-memory disk and
/// clock, with a deterministic identity (so a seed replays the same run), and what the
/// simulation knows of it.
final class HouseholdSimDevice {
    static let home = "/home"
    static let names = ["Sarah", "Mike", "Ana", "Tom"]
    static let shortIDs = ["ABCDEFG", "HJKLMNP", "QRSTUVW", "XYZ2345"]

    let index: Int
    let name: String
    let fileSystem: InMemoryFileSystem
    let clock: ManualWallClock
    let identity: DeviceIdentity
    let device: Device
    var joined = false
    /// Removed by the owner; the device learns it at a later sync.
    var removed = false
    var readOnly = false
    /// A read-only member who made their own device state say read-write.
    var tampered = false
    /// Left the household (a `leave` step).
    var left = false

    init(index: Int, seed: UInt64, epoch: Int64) {
        var random = SplitMix64(seed: seed ^ (UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15))
        self.index = index
        name = HouseholdSimDevice.names[index]
        clock = ManualWallClock(millis: epoch + random.int64(-30_000...30_000))
        fileSystem = InMemoryFileSystem(clock: clock)
        // The first character tells the devices apart, so no two ids are ever the same.
        let deviceID = String(RandomID.alphabet[index]) + String((0..<7).map { _ in random.pick(RandomID.alphabet) })
        let participant = "p" + String((0..<11).map { _ in random.pick(RandomID.alphabet) })
        identity = DeviceIdentity(
            deviceID: DeviceID(deviceID)!, participantID: participant, name: name, email: nil,
            createdAt: UTCTime.iso8601(millis: clock.nowMillis()))
        device = Device(home: HouseholdSimDevice.home, fileSystem: fileSystem, clock: clock)
        try! device.writeState(stateFileBytes(identity.document), to: device.identityFile)
        try! fileSystem.createDirectory(SimSyncTool.root)
    }

    var isActive: Bool { joined && !removed && !left }

    /// Whether every other device ignores what this device writes from now on.
    var isIgnoredWriter: Bool { removed || tampered || left }

    func household(_ id: String) throws(OursError) -> Household {
        Household(try device.zone(id), timeZone: TimeZone(identifier: "UTC")!)
    }
}
