/// The device's own state files (`device.json`, `households.json`, …): read with a limit, and
/// never written larger than that limit.
extension Device {
    /// The most bytes the device's own state files (`device.json`, `households.json`, …) are
    /// read with, and so the most any of them is written with.
    package static let stateFileLimit = 64 * 1024 * 1024

    func readIfPresent(_ path: String, limit: Int = Device.stateFileLimit) throws(OursError) -> [UInt8]? {
        do { return try fileSystem.read(path, limit: limit) } catch {
            if error.reason == .notFound || error.reason == .notADirectory { return nil }
            throw .io(error)
        }
    }

    /// Writes one of the device's state files, refusing one it could not read back.
    func writeState(_ bytes: [UInt8], to path: String, durability: Durability = .immediate) throws(OursError) {
        guard bytes.count <= Device.stateFileLimit else {
            throw .failed(
                "\(path) was not written: it would be \(RecordState.describe(size: bytes.count)), more than this "
                    + "device reads back (\(RecordState.describe(size: Device.stateFileLimit)))")
        }
        do {
            if try fileSystem.stat(parentPath(path)) == nil { try fileSystem.createDirectory(parentPath(path)) }
            try fileSystem.writeAtomically(path, bytes, durability: durability)
        } catch { throw .io(error) }
    }
}
