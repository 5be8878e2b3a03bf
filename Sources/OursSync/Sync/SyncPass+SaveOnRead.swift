/// A first sync reads a whole household and writes it all to the replica. Read first and
/// written after, each half keeps the cores busy only for its own part, and every decoded file
/// waits in memory in between. So in a sweep, a record of a type the replica held none of when
/// the pass began is merged and saved by the thread that read its file, as soon as it is
/// decoded (`FolderScanner.saveOnRead`); the pass takes it in afterwards, before the files left
/// to it.
///
/// Nothing is lost by merging early: the replica holds no copy of such a record (its type's
/// folder did not exist), so the merge is the file's admitted state, whatever else the scan
/// finds; a conflict copy of the record is a file of its own, left to the pass, which merges it
/// into what was saved. A file that waits for an unknown writer, or is empty once admitted, or
/// too large, is left to the pass too. Nearly every file is saved with the very bytes it was
/// read with (`PreparedMerge.keepsAsRead`): the folder already holds such a record as merged,
/// so the pass keeps only what it reports of it, not its state (`PassState.savedAsRead`). The
/// type's summary log is written whole once the merge is done (`writeNewSummaries`): until
/// then it has none, and a reader that finds none builds it from the records, as after a crash.
extension SyncPass {
    typealias SaveOnRead = @Sendable (FolderScanner.DecodedFile, _ bytes: [UInt8], _ digest: UInt64) -> SavedOnRead?

    /// What the scanning thread did with a file it merged and saved.
    enum SavedOnRead: Sendable {
        /// Saved as it was read: what the pass keeps of it.
        case asRead(AsRead)
        /// Saved as merged (a hand edit stamped, a change the manifest ignores left out): the
        /// pass takes it in as any other merge.
        case merged(FolderScanner.DecodedFile, PreparedMerge)
    }

    /// A record saved with the bytes it was read with: what the pass reports and counts of it.
    struct AsRead: Sendable {
        var key: RecordKey
        var stamps: NotedStamps
        var change: RecordChange?
        /// Neither deleted nor empty.
        var isLive: Bool
        /// Its line in its type's summary log.
        var summary: [UInt8]
        /// Its line in the attachment references' log; empty when it holds none.
        var attachmentRefs: [UInt8] = []
    }

    /// The types the replica holds records of as the pass begins; `saveOnRead` saves the others.
    func heldTypes() throws(OursError) -> Set<String> {
        Set(try context.replica.types())
    }

    /// Merges and saves on the scanning thread a record of a type not in `held` (see above).
    /// - Parameter horizon: stamps later than this are far ahead of the clock, as the scan
    ///   begins; each record is judged again against the pass's own horizon when taken in.
    func saveOnRead(held: Set<String>, _ pass: PassState, horizon: Int64) -> SaveOnRead? {
        guard mode == .sweep else { return nil }
        let (replica, manifest, keeping) = (context.replica, pass.manifest, pass.keptDevice)
        let (fileSystem, written) = (context.fileSystem, Locked(0))
        return { file, bytes, digest in
            let key = file.file.state.key
            guard !held.contains(key.type) else { return nil }
            var prepared = PreparedMerge(
                file, into: nil, manifest: manifest, keeping: keeping, horizon: horizon, read: (bytes, digest))
            guard let saving = prepared.saving, saving.bytes.count <= RecordFile.maximumSize else { return nil }
            do { try replica.saveNew(saving.bytes, of: key) } catch { return nil }  // the pass tries again, and reports
            // The disk starts on what was written meanwhile: the flush at the end waits for little.
            if written.withLock({ count in
                count += 1
                return count % Merging.batchSize == 0
            }) {
                fileSystem.beginFlush(replica.directory)
            }
            guard saving.asRead else {
                prepared.saving?.bytes = []  // written: not held until the pass takes it in
                return .merged(file, prepared)
            }
            let state = saving.state
            let refs = AttachmentRef.references(in: state)
            return .asRead(
                AsRead(
                    key: key, stamps: prepared.folding.stamps, change: saving.change,
                    isLive: !state.isDeleted && !state.isEmpty, summary: SummaryIndex.line(state),
                    attachmentRefs: refs.isEmpty ? [] : AttachmentRefsLog.line(key, refs)))
        }
    }

    /// Takes in a record saved as it was read.
    func takeIn(_ record: AsRead, into pass: inout PassState) {
        note(record.stamps, into: &pass)
        pass.report.recordsMerged += 1
        pass.unflushed = true
        if let change = record.change { pass.report.changes.append(change) }
        pass.savedAsRead[record.key] = record.isLive
        pass.newSummaries[record.key.type, default: []] += record.summary
        pass.newAttachmentRefs += record.attachmentRefs
    }

    /// Writes the summary log of each type the replica held none of before this pass: the
    /// lines of the records saved as read, then those of the records the pass holds merged
    /// (later lines stand for the same record, see `SummaryLog`).
    func writeNewSummaries(_ pass: PassState, held: Set<String>) {
        var merged: [String: [RecordKey]] = [:]
        for key in pass.states.keys where !held.contains(key.type) { merged[key.type, default: []].append(key) }
        for type in Set(merged.keys).union(pass.newSummaries.keys) {
            let states = (merged[type] ?? []).sorted().compactMap { key in pass.states[key].flatMap { $0.isEmpty ? nil : $0 } }
            context.replica.writeSummaries(ofType: type, lines: pass.newSummaries[type] ?? [], states)
            for state in states {
                let refs = AttachmentRef.references(in: state)
                if !refs.isEmpty { context.replica.appendAttachmentRefs(AttachmentRefsLog.line(state.key, refs)) }
            }
        }
        context.replica.appendAttachmentRefs(pass.newAttachmentRefs)
    }
}
