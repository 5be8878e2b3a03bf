import Foundation
import OursHousehold
import OursSync
import Testing

/// Simulated devices on the real file system, sharing one folder.
struct SharedFolderWorld {
    let temp = TemporaryDirectory("household-world")
    let shared: String

    /// 2025-03-14T10:00:00.000Z, a Friday.
    static let friday: Int64 = 1_741_946_400_000

    init() { shared = temp.sub("shared") }

    func device(_ name: String, clock: any WallClock = SystemWallClock()) throws -> Device {
        let device = Device(home: temp.sub("home-\(name)"), clock: clock)
        _ = try device.initialize(name: name, email: nil)
        return device
    }

    /// One device's private data, with a clock the test moves, in UTC.
    func privateLife(
        _ name: String = "Sarah", at millis: Int64 = SharedFolderWorld.friday
    ) throws -> (Household, ManualWallClock) {
        let clock = ManualWallClock(millis: millis)
        let device = try device(name, clock: clock)
        return (Household(try device.zone(), timeZone: TimeZone(identifier: "UTC")!), clock)
    }

    /// Sarah creates a household, Mike joins with a code.
    func couple() throws -> (sarah: Zone, mike: Zone) {
        let sarah = try device("Sarah").createZone(name: "Sarah & Mike's Home", folder: shared)
        let code = try sarah.invite(readOnly: false)
        let mike = try device("Mike").join(code: code.code, folder: shared).zone
        try sarah.sync()
        return (sarah, mike)
    }
}

extension OursError {
    /// Runs `body`, returning the `OursError` it throws (or `nil`).
    static func caught(_ body: () throws -> Void) -> OursError? {
        do { try body() } catch let error as OursError { return error } catch { Issue.record("not an OursError: \(error)") }
        return nil
    }
}
