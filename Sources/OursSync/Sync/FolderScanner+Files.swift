/// The second half of a scan: the files of each listed folder are looked up, and those whose
/// stat changed (or every one, in a sweep) are read, compared and decoded. Folders are
/// independent of each other, so a big scan spreads them over the processor's cores; the
/// results are combined in the order the folders were listed, so a scan's outcome never
/// depends on how it was spread.
extension FolderScanner {
    /// A folder that was listed, and the files in it that may hold records.
    struct ListedFolder {
        var relative: String
        var known: FolderIndex.Directory?
        var candidates: [String]
        /// Each candidate's inode number as the listing gave it, if it did.
        var inodes: [UInt64?]
        /// Each candidate's entry in `known`, if it has one.
        var knownEntries: [FolderIndex.Entry?]
        var shard: FolderShard { FolderShard(relative) }
    }

    struct LookedFolder {
        var files = FolderIndex.Files()
        /// Names the folder's index knew that it no longer holds.
        var gone: [String] = []
        var result = Result()
    }

    /// Below this many files, a scan is not worth spreading: one core does it in a few milliseconds.
    static let filesWorthSpreading = 2_000

    func look(in folders: [ListedFolder]) -> [LookedFolder] {
        let files = folders.reduce(0) { $0 + $1.candidates.count }
        let counter = Locked(0)
        let lookAt = { @Sendable (folder: ListedFolder) -> LookedFolder in
            let looked = look(in: folder)
            guard let progress, files >= 1000 else { return looked }
            counter.withLock { done in  // one report per thousand files, in order
                let before = done
                done += folder.candidates.count
                if done / 1000 > before / 1000 { progress(SyncProgress(phase: .reading, done: done, total: files)) }
            }
            return looked
        }
        return folders.concurrentMap(spreadFrom: files >= spreadFrom ? 2 : Int.max, lookAt)
    }

    private func look(in folder: ListedFolder) -> LookedFolder {
        var looked = LookedFolder()
        let directoryPath = joinPath(layout.zone, folder.relative)
        let rereadFolder = reread?(folder.relative) ?? false
        let shard = folder.shard
        let fallbackType = FolderScanner.fallbackType(of: folder.relative)
        // In a quick pass, a file the listing shows with the inode the index knows is taken as
        // it was, without a stat: a sync tool or editor that changes a file writes a new one
        // and renames it into place, which gives the name a new inode. What keeps the inode (a
        // write in place, or a freed inode number given back to the same name between two
        // polls) is left to the stat passes and the sweep, as in a folder that did not change.
        let knownEntries = folder.knownEntries
        let trusted = folder.candidates.indices.map { at in
            guard mode == .quick, !rereadFolder, let inode = folder.inodes[at], let known = knownEntries[at], known.isRecord
            else { return false }
            return known.inode == inode
        }
        // One open of the folder, then each other file looked up in it: no path walk per file.
        let untrusted = folder.candidates.indices.filter { !trusted[$0] }.map { folder.candidates[$0] }
        var stats = fileSystem.stat(untrusted, in: directoryPath).makeIterator()
        // The index as it was, changed only where a file changed: most of a changed folder's
        // files are not, and are neither copied nor hashed again.
        looked.files = folder.known?.files ?? FolderIndex.Files()
        var seen = 0
        for (at, name) in folder.candidates.enumerated() {
            let known = knownEntries[at]
            if known != nil { seen += 1 }
            var kept: FolderIndex.Entry?
            if trusted[at], let known, known.isRecord {
                looked.result.filesScanned += 1
                keep(known, name: name, shard: shard, kept: &kept, indexable: true, into: &looked.result)
            } else {
                lookAtFile(
                    at: name, stat: stats.next()!, in: folder.relative, shard: shard, fallbackType: fallbackType,
                    kept: &kept, known: known, reread: rereadFolder, into: &looked.result)
            }
            guard kept != known else { continue }
            looked.files[name] = kept
            if kept == nil { looked.gone.append(name) }
        }
        if let known = folder.known, seen < known.files.count {  // some were not listed again
            let listed = Set(folder.candidates)
            for name in known.files.keys where !listed.contains(name) {
                looked.files[name] = nil
                looked.gone.append(name)
            }
        }
        return looked
    }

    private func lookAtFile(
        at name: String, stat found: Swift.Result<FileStat?, FileSystemError>, in directory: String, shard: FolderShard,
        fallbackType: String?, kept: inout FolderIndex.Entry?, known: FolderIndex.Entry?, reread: Bool,
        into result: inout Result
    ) {
        result.filesScanned += 1
        var relativePath: String { directory + "/" + name }
        var shownPath: String { layout.directoryName + "/" + relativePath }  // for problems only
        let indexable = known != nil || FolderIndex.isIndexable(name)  // the index holds only such names
        let stat: FileStat
        switch found {
        case .success(let value):
            guard let value, value.kind == .file else { return }
            stat = value
        case .failure(let error):
            result.problems.append(Problem(.unreadableFile, path: shownPath, error.description, cause: error))
            keepUnreadable(relativePath, known: known, name: name, kept: &kept, into: &result)
            return
        }
        if mode != .sweep, !reread, let known, known.matches(stat), known.isRecord {
            keep(known, name: name, shard: shard, kept: &kept, indexable: indexable, into: &result)
            return
        }
        let bytes: [UInt8]
        do { bytes = try fileSystem.read(joinPath(layout.zone, relativePath), limit: RecordFile.maximumSize) } catch {
            if case .tooLarge = error.reason {
                result.problems.append(
                    Problem(.brokenFile, path: shownPath, RecordFileError.tooLarge(Int(stat.size)).description))
                result.broken.insert(relativePath)
            } else if error.reason != .notFound {
                result.problems.append(Problem(.unreadableFile, path: shownPath, error.description, cause: error))
                keepUnreadable(relativePath, known: known, name: name, kept: &kept, into: &result)
            }
            return
        }
        result.filesRead += 1
        let digest = Digest.of(bytes)
        if let known, known.digest == digest, known.isRecord {
            if !known.matches(stat) {
                result.changed = true
                if let key = known.canonicalRecord(named: name, in: shard) { result.rewritten.insert(key) }
            }
            keep(
                FolderIndex.Entry(stat: stat, digest: digest, content: known.content), name: name, shard: shard,
                kept: &kept, indexable: indexable, into: &result)
            return
        }
        result.changed = true
        do {
            let file = try RecordFile.decode(
                bytes, fallbackType: fallbackType,
                fallbackID: FolderNames.handMadeID(fileName: name, relativePath: relativePath),
                modifiedMillis: stat.modifiedMillis)
            let entry = FolderIndex.Entry(stat: stat, digest: digest, content: .record(file.state.key))
            keep(entry, name: name, shard: shard, kept: &kept, indexable: indexable, into: &result)
            let decoded = DecodedFile(relativePath: relativePath, file: file)
            if let saveOnRead, shard.isCanonical(name: name, of: file.state.key), let saved = saveOnRead(decoded, bytes, digest) {
                result.savedOnRead.append(saved)
            } else {
                result.decoded.append(decoded)
            }
        } catch {
            result.broken.insert(relativePath)
            if settling?(relativePath, stat) ?? false { return }  // still being written; read again next time
            let kind: Problem.Kind = if case .newerFormat = error { .newerFormat } else { .brokenFile }
            let position = error.position
            result.problems.append(
                Problem(
                    kind, path: shownPath, error.description + "; left as it is until fixed",
                    line: position?.line, column: position?.column))
            if indexable { kept = FolderIndex.Entry(stat: stat, digest: digest, content: .broken) }
        }
    }

    /// The type a record made by hand has in a folder: the folder's under `records/`
    /// (`records/<type>/…`); `nil` for `records/` itself.
    static func fallbackType(of folder: String) -> String? {
        let parts = folder.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, RecordKey.isValidType(String(parts[1])) else { return nil }
        return String(parts[1])
    }

    private func keepUnreadable(
        _ relative: String, known: FolderIndex.Entry?, name: String, kept: inout FolderIndex.Entry?,
        into result: inout Result
    ) {
        result.unreadable.insert(relative)
        if let known { kept = known }
    }

    /// Keeps a file that holds a record in the index (`indexable`), as `.canonical` when it is
    /// its record's canonical file, and notes it as a stray copy when it is not. A canonical
    /// entry costs nothing here: no key is made for it.
    private func keep(
        _ entry: FolderIndex.Entry, name: String, shard: FolderShard, kept: inout FolderIndex.Entry?, indexable: Bool,
        into result: inout Result
    ) {
        var stray: RecordKey?
        var entry = entry
        if case .record(let key) = entry.content {
            if shard.isCanonical(name: name, of: key) { entry.content = .canonical } else { stray = key }
        }
        if indexable { kept = entry }
        if let stray { result.strays[stray, default: []].append(shard.relative + "/" + name) }
    }
}

extension FolderScanner.Result {
    /// Takes in what looking at one folder's files found.
    mutating func absorb(_ other: Self) {
        decoded += other.decoded
        savedOnRead += other.savedOnRead
        for (key, paths) in other.strays { strays[key, default: []] += paths }
        broken.formUnion(other.broken)
        vanished.formUnion(other.vanished)
        rewritten.formUnion(other.rewritten)
        problems += other.problems
        temporaryFiles += other.temporaryFiles
        unreadable.formUnion(other.unreadable)
        filesScanned += other.filesScanned
        filesRead += other.filesRead
        changed = changed || other.changed
    }
}
