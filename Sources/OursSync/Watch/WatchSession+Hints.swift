/// What a batch of change hints asks of the watcher.
struct HintVerdict: Sendable, Equatable {
    /// Something changed that the last pass did not see: look now.
    var look = false
    /// Hints were lost: look everywhere (a stat pass).
    var full = false
    /// Folders a quick pass must read in full: a file in them was written in place, keeping its
    /// inode, which a quick pass does not notice.
    var reread: Set<String> = []
    /// The hint source failed.
    var failure: HintsUnavailable?

    var needsPass: Bool { look || full || failure != nil }
}

extension WatchSession {
    /// Sorts out which hints tell of something the last pass did not see. A hint is stale when
    /// the entry it names is as the folder index recorded it after the pass — same size,
    /// times and inode — or absent from both: the watcher's own write-backs (which the index
    /// records), temporary files already renamed, changes the pass already merged. One `stat`
    /// per distinct name.
    func judge(_ batch: HintInbox.Batch) -> HintVerdict {
        var verdict = HintVerdict(full: batch.overflowed, failure: batch.failure)
        guard !batch.overflowed, !batch.hints.isEmpty else { return verdict }
        guard let index, let layout = household.layout else {
            verdict.look = true  // no pass has completed: nothing to compare with
            return verdict
        }
        let fileSystem = household.device.fileSystem
        for hint in batch.hints {
            guard let path = hint.path, let name = hint.name else {
                verdict.look = true  // a folder removed, moved or unmounted
                continue
            }
            if hint.folder.isEmpty {
                // The household's folder: its documents and `records` are read by every pass.
                if name == "zone.json" || name == "participants.json" || name == "records" { verdict.look = true }
                continue
            }
            let found: FileStat?
            do { found = try fileSystem.stat(joinPath(layout.zone, path)) } catch {
                verdict.look = true
                continue
            }
            switch found?.kind {
            case nil:
                if index.entry(at: path) != nil || index.directories[path] != nil { verdict.look = true }
            case .file?:
                guard FolderNames.isRecordCandidate(name) else { continue }
                guard let entry = index.entry(at: path) else {
                    verdict.look = true
                    continue
                }
                if entry.matches(found!) { continue }
                verdict.look = true
                if entry.inode == found!.inode { verdict.reread.insert(hint.folder) }
            case .directory?:
                if !(index.directories[path]?.matches(found!) ?? false) { verdict.look = true }
            case .symlink?, .other?:
                verdict.look = true  // the pass reports it
            }
        }
        return verdict
    }
}
