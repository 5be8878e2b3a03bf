extension SyncContext {
    /// A device whose membership ended (it left, or was removed) syncs no more, but what it
    /// holds from its time as a member still goes out: every other device keeps changes stamped
    /// before the end. When it has just learnt of the end (`learntNow`), every record the folder
    /// lacks something of — its own changes, a hand edit only it read, a file a person deleted —
    /// is delivered; afterwards, whatever still waits in its outbox (the folder was away, the
    /// file broken), its own changes the folder lost since (a device that had not yet learnt it
    /// was removed itself may have judged them a stranger's and written the file without them:
    /// no one else holds them), and what the household's documents lack of what it knows. Nothing else is
    /// merged into its read-only copy, and nothing goes to a dissolved household. A read-only
    /// member's device has no record changes to deliver, but its person's departure is theirs
    /// to deliver like anyone's: without it every other device would keep them active.
    func deliverAfterMembershipEnded(learntNow: Bool) throws(OursError) {
        guard let membership, membership.status == .left || membership.status == .removed,
            let layout = try? requireFolder()
        else { return }
        let readWrite = membership.permission == .readWrite
        guard readWrite || !learntNow else { return }
        try device.withLock { () throws(OursError) in
            if !learntNow {
                // Learns who joined since, and a dissolution; and writes back what the folder's
                // documents lack of what it knows, its person's join and departure among them: a
                // file put back (or removed) without them would have every device hold this
                // one's changes back for good, as a stranger's.
                var report = SyncReport()
                try DocumentSync(context: self, layout: layout, canWriteFolder: fileSystem.isWritableDirectory(layout.zone))
                    .run(into: &report)
                guard readWrite else { return }
            }
            if try zoneInfo()?.dissolvedAt != nil { return }
            // Just learnt: everything the folder lacks. Later: what it lacks of this device's own
            // changes that every device admits (not those made after the end, before it learnt).
            var counts: (Stamp) -> Bool = { _ in true }
            if !learntNow {
                guard let own = try device.identity()?.deviceID else { return }
                let manifest = try manifest()
                counts = { $0.device == own && Admission.recordVerdict($0, manifest: manifest) == .accept }
            }
            for key in try replica.keys() where try folderLacks(key, layout: layout, counting: counts) {
                try replica.markPending(key)
            }
            try writeThrough(try replica.pendingKeys(), afterMembershipEnded: true)
        }
    }

    /// Whether the folder's file of a record misses a write this replica holds (or is missing,
    /// or cannot be read as it stands), of the writes `counting` picks.
    private func folderLacks(_ key: RecordKey, layout: ZoneLayout, counting: (Stamp) -> Bool) throws(OursError) -> Bool {
        guard let state = try replica.load(key) else { return false }
        let stamps = state.allStamps.filter(counting)
        guard !stamps.isEmpty else { return false }
        let path = layout.path(of: key)
        guard let modified = try? fileSystem.stat(path)?.modifiedMillis,
            let bytes = try? fileSystem.read(path, limit: RecordFile.maximumSize),
            let folder = SyncContext.decodeFolderRecord(bytes, key: key, modifiedMillis: modified)
        else { return true }
        let entries = folder.fields.values.flatMap(\.entries)
        return stamps.contains { stamp in
            !entries.contains { $0.stamp == stamp || $0.supersedes(stamp) }
                && !folder.deletions.contains { $0.stamp == stamp || $0.supersedes(stamp) }
        }
    }
}
