extension SyncPass {
    /// What folding one decoded file into the replica's copy of its record comes to, worked
    /// out from the file, that copy and the manifest alone. Nothing of the pass is touched, so
    /// files are folded on any core; the pass then takes each in (`record(_:of:into:)`), in
    /// the files' order.
    struct Folding: Sendable {
        /// What the manifest admits of the file, the reasons for what it rejects, and the
        /// writers it does not list (yet).
        var admitted: RecordState
        var rejections: [String]
        var unknown: Set<DeviceID>
        /// The replica's copy, less what the manifest now rejects, merged with what it admits;
        /// `nil` while the file waits for an unknown writer.
        var merged: RecordState?
        /// The admitted stamps far ahead of the clock, and the latest one it may absorb.
        var stamps: NotedStamps

        /// - Parameters:
        ///   - before: the replica's copy as the pass holds it; `nil` when it holds none.
        ///   - keeping: the device whose changes stay whatever the manifest rejects.
        ///   - horizon: stamps later than this are far-future ones.
        init(
            _ file: FolderScanner.DecodedFile, into before: RecordState?, manifest: ParticipantManifest,
            keeping: DeviceID?, horizon: Int64
        ) {
            (admitted, rejections, unknown) = Admission.admitRecord(file.file.state, manifest: manifest)
            stamps = NotedStamps(horizon: horizon)
            guard unknown.isEmpty else { return }
            // What the manifest now rejects leaves the replica too (merged before a removal was known).
            let kept = before.map { Admission.withoutRejected($0, manifest: manifest, keeping: keeping) }
            merged = kept.map { $0.merging(admitted) } ?? admitted
            stamps = NotedStamps(admitted, horizon: horizon)
        }
    }

    /// The stamps of what a file brought that are later than a horizon (far ahead of the
    /// clock: `ours status` shows them) and the latest one up to it (the clock absorbs it).
    struct NotedStamps: Sendable {
        var horizon: Int64
        /// The fields' stamps later than `horizon`.
        var farFuture: [SyncState.FarFutureStamp] = []
        /// Every stamp later than `horizon`, fields' or not.
        var ahead: [Stamp] = []
        var latest: Stamp?

        init(horizon: Int64) { self.horizon = horizon }

        init(_ admitted: RecordState, horizon: Int64) {
            self.horizon = horizon
            for (field, register) in admitted.fields {
                for entry in register.entries where entry.stamp.millis > horizon {
                    farFuture.append(
                        SyncState.FarFutureStamp(record: admitted.key.description, field: field, stamp: entry.stamp))
                }
            }
            for stamp in admitted.allStamps {
                if stamp.millis > horizon {
                    ahead.append(stamp)
                } else if latest.map({ stamp > $0 }) ?? true {
                    latest = stamp
                }
            }
        }

        /// The same stamps judged against a later horizon (a file folded while the scan still
        /// ran, taken in once it has ended): those it overtook are no longer far ahead, and
        /// the clock may absorb them.
        func settled(at later: Int64) -> NotedStamps {
            guard later > horizon else { return self }  // never earlier: see `PassState.now`
            var settled = self
            settled.horizon = later
            settled.farFuture = farFuture.filter { $0.stamp.millis > later }
            settled.ahead = ahead.filter { $0.millis > later }
            if let overtaken = ahead.filter({ $0.millis <= later }).max(), latest.map({ overtaken > $0 }) ?? true {
                settled.latest = overtaken
            }
            return settled
        }
    }

    /// A file folded and made ready to save, worked out on any core: the merged record with
    /// history shed to fit (`RecordState.shedding`), its bytes and their digest, and the change
    /// it makes. `saving` is `nil` when there is nothing to save: the file waits, or the merge
    /// changed nothing, or left the record empty.
    struct PreparedMerge: Sendable {
        var folding: Folding
        var saving: Saving?

        struct Saving: Sendable {
            var state: RecordState
            var bytes: [UInt8]
            var digest: UInt64
            /// The visible change; `nil` when none (or when the record is too large to save).
            var change: RecordChange?
            /// `bytes` are the file's own, as read (`keepsAsRead`).
            var asRead = false
        }

        /// - Parameter read: the file's bytes and their digest, when the pass still has them:
        ///   a record the replica holds no copy of is then saved with the very bytes it was
        ///   read with, when they are what the merge comes to (`keepsAsRead`).
        init(
            _ file: FolderScanner.DecodedFile, into before: RecordState?, manifest: ParticipantManifest,
            keeping: DeviceID?, horizon: Int64, read: (bytes: [UInt8], digest: UInt64)? = nil
        ) {
            folding = Folding(file, into: before, manifest: manifest, keeping: keeping, horizon: horizon)
            guard let merged = folding.merged, merged != before, !merged.isEmpty else { return }
            if let read, before == nil, PreparedMerge.keepsAsRead(file, folding, size: read.bytes.count) {
                saving = Saving(
                    state: merged, bytes: read.bytes, digest: read.digest,
                    change: RecordChange.between(nil, merged, manifest: manifest), asRead: true)
                return
            }
            let (state, bytes) = merged.shedding()
            let fits = bytes.count <= RecordFile.maximumSize
            saving = Saving(
                state: state, bytes: bytes, digest: fits ? Digest.of(bytes) : 0,
                change: fits ? RecordChange.between(before, state, manifest: manifest) : nil)
        }

        /// Whether a file merged into no copy at all comes to exactly what it holds, so that its
        /// own bytes are the record's, byte for byte as the folder holds it: the manifest
        /// admitted every change it holds as it is, no field was edited by hand (a hand edit
        /// is stamped in the merge), and it names its own record. Its bytes need not be the
        /// canonical ones (another tool may have laid them out): they decode to the same state,
        /// and write-back, finding the folder's file the same, leaves it alone. Only files up to
        /// `keptAsReadUpTo` qualify: the canonical form of one of those is far below the size
        /// limit, so history never needs shedding to fit.
        static func keepsAsRead(_ file: FolderScanner.DecodedFile, _ folding: Folding, size: Int) -> Bool {
            size <= keptAsReadUpTo && file.file.isSelfDescribing && file.file.handEditedFields.isEmpty
                && folding.rejections.isEmpty && folding.unknown.isEmpty
        }

        /// The largest file `keepsAsRead` takes. Written canonically, a record nests at most
        /// 64 levels (the parser's limit) plus a few of metadata, so each of its bytes can
        /// become a line of at most about 150 (indentation, a hash beside a value): 8 KiB
        /// stays under 2 MB, half the size limit.
        static let keptAsReadUpTo = 8 * 1024
    }

    /// Takes a folding into the pass: reports what the manifest rejected or waits for, notes
    /// its stamps, and makes the merged record the record's state in this pass.
    /// - Returns: the merged record; `nil` while the file waits for an unknown writer (it is
    ///   read again next time).
    func record(_ folding: Folding, of file: FolderScanner.DecodedFile, into pass: inout PassState) -> RecordState? {
        let key = file.file.state.key
        guard let merged = folding.merged else {
            pass.blocked.insert(key)
            pass.scan.index.setEntry(nil, at: file.relativePath)  // read again next time
            let devices = folding.unknown.map(\.rawValue).sorted().joined(separator: ", ")
            pass.report.problems.append(
                Problem(
                    .unknownWriter, path: pass.shown(file.relativePath),
                    "changed by device \(devices), not in the participant manifest (yet); waiting before merging it"))
            return nil
        }
        if pass.holdsRejected, let why = folding.rejections.first {
            pass.blocked.insert(key)
            pass.scan.index.setEntry(nil, at: file.relativePath)  // read again next time
            pass.report.problems.append(
                Problem(
                    .ignoredChange, path: pass.shown(file.relativePath),
                    "change not merged (\(why)) while \(pass.layout.directoryName)/participants.json cannot be read: "
                        + "it may say otherwise; the file is left as it is"))
            return nil
        }
        for why in folding.rejections {
            pass.report.problems.append(Problem(.ignoredChange, path: pass.shown(file.relativePath), "change ignored: \(why)"))
        }
        pass.report.handEdits += file.file.handEditedFields.isEmpty ? 0 : 1
        note(folding.stamps, into: &pass)
        pass.states[key] = merged
        return merged
    }

    /// Notes the stamps far ahead of the clock (for `ours status`) and the latest one the
    /// clock may absorb.
    func note(_ stamps: NotedStamps, into pass: inout PassState) {
        let settled = stamps.settled(at: pass.horizon)
        pass.farFuture += settled.farFuture
        if let top = settled.latest, pass.latest.map({ top > $0 }) ?? true { pass.latest = top }
    }

    /// The merge step every file read from the folder goes through, whether the scan decoded
    /// it or write-back read it just before replacing it: what the manifest admits of it,
    /// merged into `before` (the replica's copy as this pass holds it). The result becomes the
    /// record's state in this pass. `nil` while the file waits for an unknown writer.
    func fold(_ file: FolderScanner.DecodedFile, into before: RecordState?, _ pass: inout PassState) -> RecordState? {
        let folding = Folding(file, into: before, manifest: pass.manifest, keeping: pass.keptDevice, horizon: pass.horizon)
        return record(folding, of: file, into: &pass)
    }
}

extension SyncPass.PassState {
    /// Stamps later than this are far ahead of the clock.
    var horizon: Int64 { now + HybridLogicalClock.maximumDriftMillis }
}
