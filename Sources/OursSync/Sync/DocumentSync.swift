/// Merges `zone.json` and `participants.json` between the folder and the replica, with the
/// rules of who may change them (`Admission.admitDocuments`), and merges any sync tool's
/// conflict copies of them.
///
/// Every write either document holds — in the replica, the folder's files and their copies —
/// is judged afresh on every run, so the outcome depends only on the writes, not on the order
/// this device learnt them in. A document of another household, one that does not parse, or
/// one a newer version wrote is a person's bytes: reported, never overwritten.
struct DocumentSync {
    typealias Document = AdmittedDocuments.Document

    let context: SyncContext
    let layout: ZoneLayout
    let canWriteFolder: Bool

    /// What a run leaves for a change of the documents that follows it.
    struct Outcome {
        /// Manifest writes that wait for a share code file (see `AdmittedDocuments.waiting`).
        var waiting: RecordState?
        /// Documents this device must not write: broken, unreadable, from a newer version or
        /// from another household.
        var untouchable: Set<Document> = []
        /// This device's own writes every device sets aside, that some copy still holds: an
        /// action another one it had not seen came before (see `DocumentFold+Races`).
        var ownRefusals: [AdmittedDocuments.Refusal] = []
        /// Devices only a refused write listed (see `SetAsideDevices`), for an owner's device to
        /// remove (`SetAsideMarking`).
        var setAside: [DeviceID: String] = [:]
    }

    /// The folder's copy of a document: its bytes and state (both `nil` when there is none).
    struct FolderCopy {
        var bytes: [UInt8]?
        var state: RecordState?
    }

    @discardableResult
    func run(into report: inout SyncReport) throws(OursError) -> Outcome {
        var outcome = Outcome()
        var folder: [Document: FolderCopy] = [:]
        for document in [Document.zone, .manifest] {
            guard var copy = readFolderCopy(document, into: &report) else {
                outcome.untouchable.insert(document)
                continue
            }
            if let state = copy.state, state.key.id != context.opened?.id {
                report.problems.append(foreignProblem(document, state))
                outcome.untouchable.insert(document)
                copy.state = nil
            }
            folder[document] = copy
        }
        let copies = conflictCopies()
        let replica = context.replica
        let current: [Document: RecordState] = [.zone: try replica.loadZone(), .manifest: try replica.loadManifest()]
            .compactMapValues { $0 }
        var states: [Document: [RecordState]] = [:]
        for document in [Document.zone, .manifest] {
            states[document] = [current[document], folder[document]?.state].compactMap { $0 } + (copies[document] ?? []).map(\.1)
        }
        guard !(states[.zone] ?? []).isEmpty else { return outcome }  // nothing to judge the manifest by
        let codes = ShareCodeLookup(context: context, layout: layout)
        var admitted = Admission.admitDocuments(
            zone: states[.zone] ?? [], manifest: states[.manifest] ?? [], code: { codes($0) },
            zoneDirectory: layout.directoryName)
        codes.save()
        if let unreadable = codes.unreadable {
            // A verdict that needed it may be wrong: the manifest stays as it was until it reads.
            report.problems.append(
                Problem(.unreadableFile, path: unreadable.path, unreadable.error.description + "; participants.json waits for it")
            )
            outcome.untouchable.insert(.manifest)
            admitted.manifest = nil
        }
        outcome.waiting = admitted.waiting
        outcome.setAside = admitted.setAside
        // Nearly always nothing is refused, and this device's id is not read.
        let me = admitted.rejected.isEmpty ? nil : try context.device.identity()?.deviceID
        outcome.ownRefusals = admitted.rejected.filter { $0.stamp.device == me && Self.isLive($0, in: states) }
        report.problems += problems(admitted, live: states, me: me)
        for document in [Document.zone, .manifest] {
            guard let merged = document == .zone ? admitted.zone : admitted.manifest else { continue }
            try context.device.receive(latestOf: merged.allStamps)
            if merged != current[document] {
                if document == .zone { try replica.saveZone(merged) } else { try replica.saveManifest(merged) }
            }
        }
        guard canWriteFolder else { return outcome }
        var loops = LazyWriteLoops(replica: replica)
        for document in [Document.zone, .manifest] where !outcome.untouchable.contains(document) {
            guard let merged = document == .zone ? admitted.zone : admitted.manifestToWrite else { continue }
            guard write(document, merged, over: folder[document]?.bytes, loops: &loops, into: &report) else { continue }
            for (copyPath, _) in copies[document] ?? [] {
                try? context.fileSystem.remove(copyPath)
                report.copiesRemoved += 1
            }
        }
        if let loaded = loops.loaded { replica.saveWriteLoops(loaded) }
        return outcome
    }

    /// The problems to report: writes not admitted that some copy still holds as a value (not
    /// only as the history of one), so nothing settled is reported again on every run.
    private func problems(_ admitted: AdmittedDocuments, live states: [Document: [RecordState]], me: DeviceID?) -> [Problem] {
        let live = { (refusal: AdmittedDocuments.Refusal) in Self.isLive(refusal, in: states) }
        var problems: [Problem] = []
        for document in [Document.zone, .manifest] {
            let path = layout.directoryName + "/" + document.fileName
            let rejected = admitted.rejected.filter(live)
            for why in AdmittedDocuments.reasons(rejected.filter { $0.stamp.device == me }, of: document) {
                problems.append(Problem(.ignoredChange, path: path, "your change did not take effect: \(why)"))
            }
            for why in AdmittedDocuments.reasons(rejected.filter { $0.stamp.device != me }, of: document) {
                problems.append(Problem(.ignoredChange, path: path, "change ignored: \(why)"))
            }
            for why in AdmittedDocuments.reasons(admitted.waits.filter(live), of: document) {
                problems.append(Problem(.unknownWriter, path: path, "change waits: \(why)"))
            }
        }
        return problems
    }

    /// Whether some copy still holds a write that was not admitted as a value (not only as the
    /// history of one): what is settled is not reported again on every run.
    static func isLive(_ refusal: AdmittedDocuments.Refusal, in states: [Document: [RecordState]]) -> Bool {
        (states[refusal.document] ?? []).contains { state in
            state.fields[refusal.field]?.entries.contains { $0.stamp == refusal.stamp } == true
        }
    }

    private func foreignProblem(_ document: Document, _ state: RecordState) -> Problem {
        let name = document == .zone ? ZoneInfo(state).map { " (\"\($0.name)\")" } ?? "" : ""
        return Problem(
            .foreignDocument, path: layout.directoryName + "/" + document.fileName,
            "belongs to household \(state.key.id)\(name), not to this one; left as it is")
    }

    /// The folder's copy of a document; `nil` when it cannot be read or does not parse
    /// (reported, and left as it is until fixed).
    private func readFolderCopy(_ document: Document, into report: inout SyncReport) -> FolderCopy? {
        let fileSystem = context.fileSystem
        let path = joinPath(layout.zone, document.fileName)
        let shown = layout.directoryName + "/" + document.fileName
        let existing: [UInt8]
        do { existing = try fileSystem.read(path, limit: RecordFile.maximumSize) } catch {
            if error.reason == .notFound { return FolderCopy() }
            report.problems.append(Problem(.unreadableFile, path: shown, error.description))
            return nil
        }
        do {
            let modified = (try? fileSystem.stat(path))??.modifiedMillis ?? 0
            let decoded =
                try document == .zone
                ? StampedDocument.decodeZone(existing, modifiedMillis: modified)
                : StampedDocument.decodeManifest(existing, modifiedMillis: modified)
            return FolderCopy(bytes: existing, state: decoded.state)
        } catch {
            let position = error.position
            let kind: Problem.Kind = if case .newerFormat = error { .newerFormat } else { .brokenFile }
            report.problems.append(
                Problem(
                    kind, path: shown, error.description + "; left as it is until fixed",
                    line: position?.line, column: position?.column))
            return nil
        }
    }

    /// Writes a merged document to the folder unless the folder's bytes are the same, or
    /// writing would be another round of a write loop (reported).
    /// - Returns: whether the folder now holds it (a failure is reported).
    private func write(
        _ document: Document, _ merged: RecordState, over existing: [UInt8]?, loops: inout LazyWriteLoops,
        into report: inout SyncReport
    ) -> Bool {
        let shown = layout.directoryName + "/" + document.fileName
        let bytes = document == .zone ? StampedDocument.encodeZone(merged) : StampedDocument.encodeManifest(merged)
        guard bytes != existing else {
            loops.settled(shown, now: context.device.clock.nowMillis())
            return true
        }
        // A missing file is always written again: restoring it is no exchange with anyone.
        if existing != nil, !loops.mayReplace(shown, found: existing, writing: bytes, now: context.device.clock.nowMillis()) {
            report.problems.append(WriteLoopGuard.problem(shown))
            return false
        }
        do {
            try context.fileSystem.writeAtomically(joinPath(layout.zone, document.fileName), bytes, durability: .immediate)
        } catch {
            report.problems.append(Problem(.writeFailed, path: shown, error.description))
            return false
        }
        report.filesWritten += 1
        if existing == nil {
            report.filesRestored += 1
            report.problems.append(Problem(.restoredFile, path: shown, "was missing; written again from this device's copy"))
        }
        return true
    }

    /// Other JSON files in the household's folder that carry this household's zone or
    /// manifest document: what Syncthing, Dropbox or iCloud leave when two devices wrote one at
    /// once. Copies of another household's documents are not ours to merge or remove.
    private func conflictCopies() -> [Document: [(String, RecordState)]] {
        var result: [Document: [(String, RecordState)]] = [:]
        guard let entries = try? context.fileSystem.list(layout.zone), let household = context.opened?.id else { return [:] }
        for entry in entries where entry.kind == .file && FolderNames.isRecordCandidate(entry.name) {
            if entry.name == Document.zone.fileName || entry.name == Document.manifest.fileName { continue }
            let path = joinPath(layout.zone, entry.name)
            guard let bytes = try? context.fileSystem.read(path, limit: RecordFile.maximumSize) else { continue }
            if let decoded = try? StampedDocument.decodeManifest(bytes, modifiedMillis: 0), decoded.state.key.id == household {
                result[.manifest, default: []].append((path, decoded.state))
            } else if let decoded = try? StampedDocument.decodeZone(bytes, modifiedMillis: 0), decoded.state.key.id == household {
                result[.zone, default: []].append((path, decoded.state))
            }
        }
        return result
    }
}

/// The write-loop guard, read from the replica only when a document is about to be replaced:
/// an idle pass reads nothing more.
struct LazyWriteLoops {
    let replica: Replica
    private(set) var loaded: WriteLoopGuard?

    init(replica: Replica) { self.replica = replica }

    mutating func mayReplace(_ path: String, found: [UInt8]?, writing: [UInt8], now: Int64) -> Bool {
        var loops = loaded ?? replica.loadWriteLoops()
        defer { loaded = loops }
        return loops.mayReplace(path, found: found, writing: writing, now: now)
    }

    /// A file holds what this device would write: a loop over it, if any, is over.
    mutating func settled(_ path: String, now: Int64) {
        if loaded == nil, (try? replica.exists(replica.writeLoopsFile)) == true { loaded = replica.loadWriteLoops() }
        loaded?.settled(path, now: now)
    }
}
