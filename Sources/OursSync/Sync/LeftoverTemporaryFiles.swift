/// Temporary files (`.ours-<random>.tmp`) left by writes that never finished: a process killed
/// between creating its temporary file and renaming it over the target. Every reader ignores
/// them; a sweep removes them:
///
/// - in this device's state directory (the clock, the household list, every replica) at once:
///   processes write there only while they hold the device lock, which the pass holds (the
///   watcher's `watcher.pid` too), so every one found belongs to a process that died;
/// - in the household's folder once they are `staleMillis` old (ten minutes): a younger one
///   may be another device's write in progress (over NFS or SMB, say);
/// - in the shared folder, a new household's folder never published (`.ours-new-…`, see
///   `Device.createZone`) once it is as old, if it holds only what `household create` writes.
///
/// Removing is best effort: a failure is ignored, a leftover costs a few bytes, and the next
/// sweep tries again.
struct LeftoverTemporaryFiles {
    let context: SyncContext
    /// Temporary files older than this are leftovers of a crash, not a write in progress.
    static let staleMillis: Int64 = 10 * 60 * 1000

    /// Removes this device's leftovers. Call holding the device lock.
    func removeFromDevice() {
        // home, replicas/, a replica, records/, a type, a shard.
        let found = find(in: context.device.home, depth: 5)
        for path in found { try? context.fileSystem.remove(path) }
    }

    /// Removes the household folder's stale leftovers: `candidates` (paths relative to the
    /// household's folder, as the scanner found them) and any at its top level; and stale
    /// unpublished household folders beside it.
    func removeStale(from layout: ZoneLayout, candidates: [String], now: Int64) {
        let fileSystem = context.fileSystem
        for path in candidates.map({ joinPath(layout.zone, $0) }) + find(in: layout.zone, depth: 0) {
            guard let stat = try? fileSystem.stat(path), stat.kind == .file,
                stat.modifiedMillis < now - LeftoverTemporaryFiles.staleMillis
            else { continue }
            try? fileSystem.remove(path)
        }
        for entry in (try? fileSystem.list(layout.root)) ?? []
        where entry.kind == .directory && entry.name.hasPrefix(ZoneLayout.stagingPrefix) {
            let unpublished = ZoneLayout(root: layout.root, directoryName: entry.name)
            guard let stat = try? fileSystem.stat(unpublished.zone),
                stat.modifiedMillis < now - LeftoverTemporaryFiles.staleMillis
            else { continue }
            context.device.discardNewFolder(unpublished)
        }
    }

    /// The engine's temporary files in `directory` and, `depth` levels down, in its folders.
    private func find(in directory: String, depth: Int) -> [String] {
        guard let entries = try? context.fileSystem.list(directory) else { return [] }
        var result: [String] = []
        for entry in entries {
            let path = joinPath(directory, entry.name)
            if entry.kind == .file, TemporaryName.matches(entry.name) {
                result.append(path)
            } else if entry.kind == .directory, depth > 0, !entry.name.hasPrefix(".") {
                result += find(in: path, depth: depth - 1)
            }
        }
        return result
    }
}
