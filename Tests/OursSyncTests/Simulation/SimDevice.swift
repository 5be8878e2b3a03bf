@testable import OursSync

/// One simulated device: a real `Device` on its own in-memory disk (its state directory and
/// its copy of the shared folder), with its own clock, and what the simulation knows of it.
final class SimDevice {
    static let home = "/home"
    static let names = ["Sarah", "Mike", "Ana", "Tom", "Lea", "Noor"]
    static let shortIDs = ["ABCDEFG", "HJKLMNP", "QRSTUVW", "XYZ2345", "6789ABC", "DEFGHJK"]

    enum Unmounted {
        /// The folder was renamed away (an unmounted drive); renamed back later.
        case renamed
        /// The folder was removed; its files (with their times) come back later.
        case removed([(path: String, bytes: [UInt8], modifiedNanos: Int64)])
    }

    let index: Int
    let name: String
    let fileSystem: InMemoryFileSystem
    let clock: ManualWallClock
    /// Its own at first; a person's once it is linked to them or recovers their household.
    var identity: DeviceIdentity
    var device: Device

    /// Has a membership (joined or created the household).
    var joined = false
    var left = false
    /// Removed by the owner (the device learns it at a later sync).
    var removed = false
    var readOnly = false
    /// A share code made for this device, not used yet.
    var pendingCode: String?
    var unmounted: Unmounted?
    var dayAhead = false
    /// A read-only member who made their own device state say read-write.
    var tampered = false
    /// Taken off its person's list by another of their devices, or by a recovery (generator v3).
    var deviceRemoved = false
    /// A link code made for this device on one of its person's devices, not claimed yet.
    var pendingLink: String?
    /// Became a person's device by a link or a recovery.
    var linked = false

    init(index: Int, seed: UInt64, epoch: Int64, takenIDs: Set<String>) {
        var random = SplitMix64(seed: seed ^ (UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15))
        self.index = index
        name = SimDevice.names[index]
        clock = ManualWallClock(millis: epoch + random.int64(-30_000...30_000))
        fileSystem = InMemoryFileSystem(clock: clock)
        var deviceID = ""
        repeat { deviceID = String((0..<8).map { _ in random.pick(RandomID.alphabet) }) } while takenIDs.contains(deviceID)
        let participant = "p" + String((0..<11).map { _ in random.pick(RandomID.alphabet) })
        identity = DeviceIdentity(
            deviceID: DeviceID(deviceID)!, participantID: participant, name: name, email: nil,
            createdAt: UTCTime.iso8601(millis: clock.nowMillis()))
        device = Device(home: SimDevice.home, fileSystem: fileSystem, clock: clock)
        try! device.writeState(stateFileBytes(identity.document), to: device.identityFile)
        try! fileSystem.createDirectory(SimSyncTool.root)
    }

    /// In the household, as far as anyone knows: joined, and neither left nor removed.
    var isActive: Bool { joined && !left && !removed && !deviceRemoved }

    /// Drops the `Device` and makes a new one on the same state directory: an app restart.
    func restart() {
        device = Device(home: SimDevice.home, fileSystem: fileSystem, clock: clock)
    }

    func zone(_ id: String) throws(OursError) -> Zone {
        try device.zone(id)
    }
}
