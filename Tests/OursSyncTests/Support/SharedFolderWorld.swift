import Foundation

@testable import OursSync

/// Two or more simulated devices sharing one folder on the real file system.
struct SharedFolderWorld {
    let temp = TemporaryDirectory("world")
    let shared: String

    init() { shared = temp.sub("shared") }

    func device(_ name: String, clock: any WallClock = SystemWallClock()) throws -> Device {
        let device = Device(home: temp.sub("home-\(name)"), clock: clock)
        _ = try device.initialize(name: name, email: nil)
        return device
    }

    /// Sarah creates a household, invites Mike with a code of the given kind, Mike joins.
    func couple(readOnlyMike: Bool = false) throws -> (sarah: Zone, mike: Zone) {
        let sarahDevice = try device("Sarah")
        let mikeDevice = try device("Mike")
        let sarah = try sarahDevice.createZone(name: "Sarah & Mike's Home", folder: shared)
        let code = try sarah.invite(readOnly: readOnlyMike)
        let mike = try mikeDevice.join(code: code.code, folder: shared).zone
        try sarah.sync()
        return (sarah, mike)
    }

    /// Every file under the shared folder (relative path → bytes), for byte-level comparisons.
    func files() -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: shared)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = joinPath(shared, relative)
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = Array(FileManager.default.contents(atPath: full) ?? Data())
            }
        }
        return result
    }
}
