/// What `ours doctor` checks of the state files beside this device's copy of the household:
/// bookkeeping a device writes for itself, which must never stop it when it cannot be read back.
extension Zone {
    /// Checks `sync-state.json`, `folder-index`, `write-loops.json` and `share-codes.json`;
    /// with `fix`, mends each one that cannot be read back (larger than its reader takes, or
    /// damaged): the sync state is written again as a fresh one that assumes the least (the
    /// next pass compares every record once), and the others — caches — are removed, to be
    /// rebuilt by the next sync.
    func checkStateFiles(fix: Bool, into report: inout DoctorReport) throws(OursError) {
        try device.withLock { () throws(OursError) in
            var state = try replica.loadSyncState()
            if let lost = state.unreadable {
                if fix {
                    state.unreadable = nil
                    try replica.saveSyncState(state)
                    report.fixed.append(
                        "\(replica.syncStateFile) could not be read back (\(state.lostBecause ?? "damaged")): written again "
                            + "afresh")
                } else {
                    report.problems.append(lost)
                }
            }
            var caches = [(replica.folderIndexFile, replica.loadFolderIndex().damage)]
            for path in [replica.writeLoopsFile, joinPath(replica.directory, ShareCodeLookup.fileName)] {
                caches.append((path, unreadableJSON(path)))
            }
            for case (let path, let damage?) in caches {
                if fix {
                    try io { () throws(FileSystemError) in try fileSystem.remove(path) }
                    report.fixed.append(
                        "removed \(path), which could not be read back (\(damage)): a cache the next sync rebuilds")
                } else {
                    report.problems.append(
                        Problem(
                            .unreadableStateFile, path: path,
                            "this device's cache could not be read back (\(damage)); `ours doctor --fix` removes it"))
                }
            }
        }
    }

    /// Why a state file of the replica holding a JSON object cannot be read back; `nil` when
    /// it can, or is missing, or cannot be read for another reason (which the sync reports).
    private func unreadableJSON(_ path: String) -> String? {
        do {
            guard let bytes = try replica.readIfPresent(path) else { return nil }
            _ = try JSONObjectReader(bytes, path: path)
            return nil
        } catch {
            if case .tooLarge? = error.cause?.reason {
                return "it is larger than \(RecordState.describe(size: Replica.stateFileLimit))"
            }
            return error.cause == nil ? "it is damaged" : nil
        }
    }
}
