/// Merges `zone.json` and `participants.json` between the folder and the replica, with the
/// rules of who may change them, and merges any sync tool's conflict copies of them.
struct DocumentSync {
    let context: SyncContext
    let layout: ZoneLayout
    let canWriteFolder: Bool

    enum Document { case zone, manifest }

    func run(into report: inout SyncReport) throws(OursError) {
        let copies = conflictCopies(&report)
        try sync(.zone, copies: copies.zone, into: &report)
        try sync(.manifest, copies: copies.manifest, into: &report)
    }

    private func sync(_ document: Document, copies: [(String, RecordState)], into report: inout SyncReport) throws(OursError) {
        let replica = context.replica
        let path = document == .zone ? layout.zoneFile : layout.participantsFile
        let shown = layout.directoryName + "/" + lastComponent(path)
        let current = try document == .zone ? replica.loadZone() : replica.loadManifest()
        guard let folder = readFolderCopy(document, at: path, shown: shown, into: &report) else { return }
        let incoming = (folder.state.map { [$0] } ?? []) + copies.map(\.1)
        var merged = current
        for state in incoming where state.key.id == context.opened?.id {
            let admitted = try admit(document, state, current: merged, report: &report)
            merged = merged.map { $0.merging(admitted) } ?? admitted
        }
        guard let merged else { return }
        try context.device.receive(latestOf: merged.allStamps)
        if merged != current {
            if document == .zone { try replica.saveZone(merged) } else { try replica.saveManifest(merged) }
        }
        guard canWriteFolder, write(document, merged, at: path, shown: shown, over: folder.bytes, into: &report) else { return }
        for (copyPath, _) in copies {
            try? context.fileSystem.remove(copyPath)
            report.copiesRemoved += 1
        }
    }

    /// The folder's copy of a document: its bytes and state, both `nil` when there is none;
    /// `nil` when it cannot be read or does not parse (reported, and left as it is until fixed).
    private func readFolderCopy(
        _ document: Document, at path: String, shown: String, into report: inout SyncReport
    ) -> (bytes: [UInt8]?, state: RecordState?)? {
        let fileSystem = context.fileSystem
        let existing: [UInt8]
        do { existing = try fileSystem.read(path, limit: RecordFile.maximumSize) } catch {
            if error.reason == .notFound { return (nil, nil) }
            report.problems.append(Problem(.unreadableFile, path: shown, error.description))
            return nil
        }
        do {
            let modified = (try? fileSystem.stat(path))??.modifiedMillis ?? 0
            let decoded =
                try document == .zone
                ? StampedDocument.decodeZone(existing, modifiedMillis: modified)
                : StampedDocument.decodeManifest(existing, modifiedMillis: modified)
            return (existing, decoded.state)
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

    /// Writes the merged document to the folder unless the folder's bytes are the same.
    /// - Returns: whether the folder now holds it (a failure is reported).
    private func write(
        _ document: Document, _ merged: RecordState, at path: String, shown: String, over existing: [UInt8]?,
        into report: inout SyncReport
    ) -> Bool {
        let bytes = document == .zone ? StampedDocument.encodeZone(merged) : StampedDocument.encodeManifest(merged)
        guard bytes != existing else { return true }
        do { try context.fileSystem.writeAtomically(path, bytes, durability: .immediate) } catch {
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

    private func admit(
        _ document: Document, _ state: RecordState, current: RecordState?, report: inout SyncReport
    )
        throws(OursError) -> RecordState
    {
        guard let current else { return state }
        let manifest = try context.manifest()
        let result: (admitted: RecordState, rejections: [String])
        switch document {
        case .zone:
            result = Admission.admitZone(state, current: current, manifest: manifest)
        case .manifest:
            let zone = try context.zoneInfo()
            result = Admission.admitManifest(
                state, current: current, zone: zone, code: { code in readCode(code) },
                zoneDirectory: layout.directoryName)
        }
        let name = document == .zone ? "zone.json" : "participants.json"
        for why in result.rejections {
            report.problems.append(Problem(.ignoredChange, path: layout.directoryName + "/" + name, "change ignored: \(why)"))
        }
        return result.admitted
    }

    private func readCode(_ code: String) -> ShareCode? {
        let path = layout.codeFile(code)
        guard (try? context.fileSystem.requireNoLinks(path, under: layout.root, creating: false)) != nil,
            let bytes = try? context.fileSystem.read(path, limit: 64 * 1024)
        else { return nil }
        return try? ShareCode.decode(bytes, path: path)
    }

    /// Other JSON files in the household's folder that carry the zone or manifest document:
    /// what Syncthing, Dropbox or iCloud leave when two devices wrote one at once.
    private func conflictCopies(_ report: inout SyncReport) -> (zone: [(String, RecordState)], manifest: [(String, RecordState)])
    {
        var zone: [(String, RecordState)] = []
        var manifest: [(String, RecordState)] = []
        guard let entries = try? context.fileSystem.list(layout.zone) else { return ([], []) }
        for entry in entries where entry.kind == .file && FolderNames.isRecordCandidate(entry.name) {
            if entry.name == "zone.json" || entry.name == "participants.json" { continue }
            let path = joinPath(layout.zone, entry.name)
            guard let bytes = try? context.fileSystem.read(path, limit: RecordFile.maximumSize) else { continue }
            if let decoded = try? StampedDocument.decodeManifest(bytes, modifiedMillis: 0) {
                manifest.append((path, decoded.state))
            } else if let decoded = try? StampedDocument.decodeZone(bytes, modifiedMillis: 0) {
                zone.append((path, decoded.state))
            }
        }
        return (zone, manifest)
    }
}
