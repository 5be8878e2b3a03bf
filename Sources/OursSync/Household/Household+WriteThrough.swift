extension Household {
    /// Writes records changed here straight to the folder when it is there, so another device
    /// sees a change after one poll. The folder's current file is merged first: write-through
    /// never overwrites a change this device has not seen, nor a file a person broke.
    /// Whatever cannot be written stays in the outbox for the next sync.
    func writeThrough(_ keys: [RecordKey], progress: ((Int, Int) -> Void)? = nil) throws(OursError) {
        guard let membership, membership.canWrite, !keys.isEmpty else { return }
        guard let layout = try? requireFolder(), fileSystem.isWritableDirectory(layout.zone) else { return }
        try device.withLock { () throws(OursError) in
            let manifest = try manifest()
            var written = false
            for (done, key) in keys.enumerated() {
                if done % 500 == 0, done > 0 { progress?(done, keys.count) }
                guard var state = try replica.load(key) else { continue }
                let path = layout.path(of: key)
                let existing = try? fileSystem.read(path, limit: RecordFile.maximumSize)
                if let existing {
                    guard let folderState = Household.decodeFolderRecord(existing, key: key) else { continue }
                    let admission = Admission.admitRecord(folderState, manifest: manifest)
                    guard admission.unknown.isEmpty else { continue }
                    let merged = state.merging(admission.admitted)
                    if merged != state {
                        state = merged
                        try replica.save(state, durability: .deferred)
                    }
                }
                let bytes = RecordFile.encode(state)
                if bytes != existing {
                    do {
                        if try fileSystem.stat(parentPath(path)) == nil { try fileSystem.createDirectory(parentPath(path)) }
                        try fileSystem.writeAtomically(path, bytes, durability: keys.count == 1 ? .immediate : .deferred)
                    } catch { continue }
                    written = true
                }
                try replica.clearPending(key)
            }
            if written, keys.count > 1 {
                try flush(layout.zone)
            }
        }
    }

    /// Reads the folder's file of a record; `nil` when it does not parse or holds another record.
    static func decodeFolderRecord(_ bytes: [UInt8], key: RecordKey) -> RecordState? {
        guard let decoded = try? RecordFile.decode(bytes, fallbackType: key.type, fallbackID: key.id, modifiedMillis: 0),
            decoded.state.key == key, decoded.handEditedFields.isEmpty
        else { return nil }
        return decoded.state
    }
}
