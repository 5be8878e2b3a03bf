/// The device's own state files (`device.json`, `households.json`, …): read with a limit, and
/// never written larger than that limit.
extension Device {
    /// The most bytes the device's own state files (`device.json`, `households.json`, …) are
    /// read with, and so the most any of them is written with.
    package static let stateFileLimit = 64 * 1024 * 1024

    func readIfPresent(_ path: String, limit: Int = Device.stateFileLimit) throws(OursError) -> [UInt8]? {
        // The identity and the memberships are read by nearly every call: once per lock.
        let held = path == identityFile || path == membershipsFile
        if held, let bytes = heldFile(path), bytes.map({ $0.count <= limit }) ?? true { return bytes }
        let bytes: [UInt8]?
        do { bytes = try fileSystem.read(path, limit: limit) } catch {
            guard error.reason == .notFound || error.reason == .notADirectory else { throw .io(error) }
            bytes = nil
        }
        if held { holdFile(path, bytes) }
        return bytes
    }

    /// Writes one of the device's state files, refusing one it could not read back.
    func writeState(_ bytes: [UInt8], to path: String, durability: Durability = .immediate) throws(OursError) {
        guard bytes.count <= Device.stateFileLimit else {
            throw .failed(
                "\(path) was not written: it would be \(RecordState.describe(size: bytes.count)), more than this "
                    + "device reads back (\(RecordState.describe(size: Device.stateFileLimit)))")
        }
        forgetHeldFiles()
        do {
            if try fileSystem.stat(parentPath(path)) == nil { try fileSystem.createDirectory(parentPath(path)) }
            try fileSystem.writeAtomically(path, bytes, durability: durability)
        } catch { throw .io(error) }
    }
}
