@testable import OursSync

/// A shared folder, "/shared", on an in-memory file system, with one clock moved by hand:
/// devices set up on it are the members of small stories.
struct InMemoryFolder {
    let clock = ManualWallClock(millis: 1_800_000_000_000)
    let fileSystem: InMemoryFileSystem

    init() throws {
        fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
    }

    /// A device whose home is `/homes/<name>`, set up for a person called `name` unless it is
    /// to stay fresh (as a device about to recover or be linked is).
    func device(_ name: String, setUp: Bool = true) throws -> Device {
        let device = Device(home: "/homes/" + name, fileSystem: fileSystem, clock: clock)
        if setUp { _ = try device.initialize(name: name, email: nil) }
        return device
    }
}
