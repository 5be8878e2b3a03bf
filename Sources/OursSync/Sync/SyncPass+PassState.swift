extension SyncPass {
    /// What the phases of one pass hand on to each other. Always passed `inout`, so the folder
    /// index and the merged states are never copied between phases.
    struct PassState {
        let layout: ZoneLayout
        let canWriteFolder: Bool
        /// Whether this device writes record files (a read-only one never does).
        let canWriteRecords: Bool

        /// The device whose changes stay in the replica whatever the manifest rejects: this
        /// one while it may not write records (a removed or read-only member keeps what its
        /// person typed). A device that writes records keeps none of its own changes that
        /// every device ignores (made while away, before it came back): it would write them
        /// to the folder on every pass, and show what no one else does.
        var keptDevice: DeviceID? { canWriteRecords ? nil : me }
        /// The first pass that may write records after one that could not (read-only, a linked
        /// device not yet listed, a read-only mount).
        var startsWriting: Bool { canWriteRecords && syncState.wroteRecords == false }
        let manifest: ParticipantManifest
        /// This device's id.
        let me: DeviceID
        var report: SyncReport
        /// The wall-clock time the scan ended (or began, if the clock went back meanwhile: it
        /// never goes back from the time files were first judged by); far-future stamps are
        /// measured from it.
        var now: Int64 = 0
        var scan = FolderScanner.Result()
        /// The sync state the last pass saved; saved again, updated, at the end.
        var syncState = SyncState()
        /// The manifest's rejection rules (`Admission.rejectionPolicy`, as the sync state keeps
        /// them: `SyncState.storedPolicy`), and whether they differ from those the replica was
        /// last filtered by.
        var policy = ""
        var policyChanged = false
        /// Records merged (or refiltered) in this pass, as they now are in the replica.
        var states: [RecordKey: RecordState] = [:]
        /// Digests of the bytes saved in the replica for `states`: the folder's file is compared to them.
        var digests: [RecordKey: UInt64] = [:]
        /// Records changed by a device the manifest does not list (yet): neither merged nor written.
        var blocked: Set<RecordKey> = []
        /// The folder's `participants.json` could not be read in this pass (half-synced, broken,
        /// from a newer version): the rules this device holds may be behind it, so a file holding
        /// changes they would ignore is neither merged nor overwritten, and is read again next
        /// time. Overwriting it would drop those changes for every device, and the rules that
        /// admit them may be in the very file that could not be read.
        var holdsRejected = false
        /// Records new to this replica in this pass: nothing of theirs to restore.
        var arrived: Set<RecordKey> = []
        /// Records a sweep saved with the bytes their folder file holds (`SyncPass.saveOnRead`),
        /// and whether each is live (neither deleted nor empty): neither merged state nor digest
        /// is kept, as their files need no writing. One merged again later in the pass is in
        /// `states` too, which then stands for it.
        var savedAsRead: [RecordKey: Bool] = [:]
        /// Summary lines of the records saved as read, by type (`SyncPass.writeNewSummaries`).
        var newSummaries: [String: [UInt8]] = [:]
        /// The attachment references' log lines of the records saved as read (see `saveOnRead`).
        var newAttachmentRefs: [UInt8] = []
        var farFuture: [SyncState.FarFutureStamp] = []
        /// The latest merged stamp the clock may absorb (a far-future one may not).
        var latest: Stamp?
        /// Whether records were saved in the replica and not flushed yet.
        var unflushed = false
        /// Whether a flush of the replica was left for after the pass (`SyncPass.defersFlush`).
        var flushDeferred = false
        /// The files the scan decoded, by path: built the first time write-back asks.
        var decodedPaths: Set<String>?
        /// In a sweep, the record types the replica held as it began: the others' records were
        /// saved as they were read (`SyncPass.saveOnRead`), and their summary logs are written
        /// whole. `nil` in other passes.
        var heldTypes: Set<String>?

        /// Whether the scan read and decoded this file in this pass (asked by passes that are
        /// not sweeps, whose decoded files all wait in `scan.decoded`).
        mutating func wasRead(_ relativePath: String) -> Bool {
            if decodedPaths == nil { decodedPaths = Set(scan.decoded.map(\.relativePath)) }
            return decodedPaths?.contains(relativePath) ?? false
        }

        /// A file's path as problems show it: from the shared folder's root.
        func shown(_ relativePath: String) -> String { layout.directoryName + "/" + relativePath }
    }
}
