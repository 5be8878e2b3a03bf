extension SyncContext {
    /// Writes records changed here straight to the folder when it is there, so another device
    /// sees a change after one poll. The folder's current file is merged first: write-through
    /// never overwrites a change this device has not seen, nor a file a person broke.
    /// Whatever cannot be written stays in the outbox for the next sync.
    /// - Parameters:
    ///   - afterMembershipEnded: deliver changes made before this device left or was removed.
    ///   - madeWhileWriting: deliver changes made before this device's person became read-only
    ///     (every one of this device's writes in them is admitted), from a sync pass.
    func writeThrough(
        _ keys: [RecordKey], progress: ((Int, Int) -> Void)? = nil, afterMembershipEnded: Bool = false,
        madeWhileWriting: Bool = false
    ) throws(OursError) {
        guard let membership, !keys.isEmpty else { return }
        guard membership.canWrite || madeWhileWriting || (afterMembershipEnded && membership.permission == .readWrite)
        else { return }
        guard let layout = try? requireFolder(), fileSystem.isWritableDirectory(layout.zone) else { return }
        try device.withLock { () throws(OursError) in
            let manifest = try manifest()
            let durability: Durability = keys.count == 1 ? .immediate : .deferred
            var written = false
            var delivered: [RecordKey] = []
            for (done, key) in keys.enumerated() {
                if done % 500 == 0, done > 0 { progress?(done, keys.count) }
                guard
                    let wrote = try deliver(
                        key, layout: layout, manifest: manifest, durability: durability,
                        rulesJustRead: afterMembershipEnded || madeWhileWriting)
                else { continue }
                written = written || wrote
                delivered.append(key)
            }
            if written, keys.count > 1 {
                try flush(layout.zone)
            }
            // Out of the outbox only once the folder's copies are durable; the next pass confirms them.
            for key in delivered { try replica.markDelivered(key) }
        }
    }

    /// Writes one record's file, merged with what the folder's file holds.
    /// - Returns: whether it was written (`false`: the file held it already); `nil` when the
    ///   change waits in the outbox.
    /// - Parameter rulesJustRead: the household's documents were merged just before (a device
    ///   whose membership ended delivers after reading them): a file holding changes its rules
    ///   ignore may be written over, as a sync pass would.
    private func deliver(
        _ key: RecordKey, layout: ZoneLayout, manifest: ParticipantManifest, durability: Durability, rulesJustRead: Bool
    ) throws(OursError) -> Bool? {
        // One too large to write (an earlier version let it grow) waits; sync passes report it.
        guard let state = try replica.loadIfReadable(key) else { return nil }
        let path = layout.path(of: key)
        // A link on the way would lead out of the shared folder: the change waits, and the
        // next sync reports it.
        guard (try? fileSystem.requireNoLinks(path, under: layout.zone, creating: true)) != nil else { return nil }
        let existing: [UInt8]?
        var modifiedMillis: Int64 = 0
        do throws(FileSystemError) {
            modifiedMillis = try fileSystem.stat(path)?.modifiedMillis ?? 0
            existing = try fileSystem.read(path, limit: RecordFile.maximumSize)
        } catch {
            // Only a missing file is written without merging: one that could not be read
            // may hold a change this device has not seen. The change waits in the outbox.
            guard error.reason == .notFound else { return nil }
            existing = nil
        }
        var bytes: [UInt8]
        if let existing {
            guard let folderState = SyncContext.decodeFolderRecord(existing, key: key, modifiedMillis: modifiedMillis),
                case let admission = Admission.admitRecord(folderState, manifest: manifest), admission.unknown.isEmpty,
                // A file holding changes this device's rules ignore is left to a sync pass, which
                // reads the household's documents first: the rules here may be behind them, and
                // writing over the file would drop those changes for every device.
                admission.rejections.isEmpty || rulesJustRead
            else { return nil }
            let merged: RecordState
            (merged, bytes) = state.merging(admission.admitted).shedding()
            // Past the size limit even without history: the change waits; sync reports it.
            guard bytes.count <= RecordFile.maximumSize else { return nil }
            if merged != state {
                // Another device's edit arrives with this write: a change watchers should see.
                if let change = RecordChange.between(state, merged, manifest: manifest) { noteChanges([change], origin: .folder) }
                try replica.save(bytes, of: key, durability: .deferred)
            }
        } else {
            bytes = RecordFile.encode(state)
        }
        guard bytes != existing else { return false }
        do { try fileSystem.writeAtomically(path, bytes, durability: durability) } catch { return nil }
        return true
    }

    /// Reads the folder's file of a record; `nil` when it does not parse or holds another record.
    /// A hand edit in it is stamped from the file's modification time, as every device that
    /// reads the file stamps it.
    static func decodeFolderRecord(_ bytes: [UInt8], key: RecordKey, modifiedMillis: Int64) -> RecordState? {
        guard
            let decoded = try? RecordFile.decode(
                bytes, fallbackType: key.type, fallbackID: key.id, modifiedMillis: modifiedMillis),
            decoded.state.key == key
        else { return nil }
        return decoded.state
    }
}
