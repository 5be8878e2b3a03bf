/// Walks a household's `records/` folder and reads what changed since the last look.
///
/// Other tools' files are skipped without a word; links are never followed; a file that does
/// not parse is reported with its line and column and remembered as broken, so nothing
/// overwrites it.
struct FolderScanner {
    enum Mode: Sendable, Equatable {
        /// Read every file and compare digests: catches edits that kept size and times, on
        /// file systems that lie about times.
        case sweep
        /// List every folder and stat every file; read files whose stat changed.
        case stat
        /// Stat every folder; list only folders whose stat changed (a file was added, removed
        /// or renamed in them), and reuse the rest of the index as it was.
        case quick
    }

    struct DecodedFile {
        var relativePath: String
        var file: DecodedRecordFile
    }

    struct Result {
        var index = FolderIndex()
        /// Files whose bytes changed since the index, decoded (those saved on read aside).
        var decoded: [DecodedFile] = []
        /// Files whose bytes changed since the index, decoded, merged and saved in the replica
        /// by the thread that read them (`saveOnRead`); the pass takes them in before `decoded`.
        var savedOnRead: [SyncPass.SavedOnRead] = []
        /// Non-canonical files holding a record (conflict copies, copies made by people), in
        /// the folders that were listed.
        var strays: [RecordKey: [String]] = [:]
        /// Relative paths of files that do not parse.
        var broken: Set<String> = []
        /// Records whose canonical file was in the index and is gone now.
        var vanished: Set<RecordKey> = []
        /// Records whose canonical file was written again with the bytes the index knew (a sync
        /// tool putting an older version back): the replica may have moved past those bytes.
        var rewritten: Set<RecordKey> = []
        var problems: [Problem] = []
        /// The engine's temporary files in the folders that were listed (relative paths):
        /// another device's write in progress, or the leftover of one that never finished.
        var temporaryFiles: [String] = []
        /// Folders and files that could not be read (relative paths). What the index knew of
        /// them is kept: they did not vanish, and nothing may be written over what was not read.
        var unreadable: Set<String> = []
        /// In a quick pass, the folders it listed (relative paths); the others were reused as
        /// the index had them, so what was wrong in them then is still to be reported.
        var listed: Set<String> = []
        var filesScanned = 0
        var filesRead = 0
        /// Whether the index differs from the previous one.
        var changed = false

        /// Whether a path could not be read, or lies in a folder that could not.
        func isUnreadable(_ relativePath: String) -> Bool {
            var path = Substring(relativePath)
            while !unreadable.isEmpty {
                if unreadable.contains(String(path)) { return true }
                guard let slash = path.lastIndex(of: "/") else { return false }
                path = path[..<slash]
            }
            return false
        }
    }

    let fileSystem: any FileSystem
    let layout: ZoneLayout
    let previous: FolderIndex
    let mode: Mode
    var progress: SyncProgressHandler?
    /// Folders whose files are read again in full even in a quick pass: a rolling sweep, so
    /// in-place edits that kept every time are caught without reading everything at once.
    var reread: (@Sendable (String) -> Bool)?
    /// Files that failed to parse while still changing (a sync tool writing them): not
    /// reported as broken until they settle.
    var settling: (@Sendable (String, FileStat) -> Bool)?
    /// From how many files to look at a scan's folders in parallel (`look(in:)`).
    var spreadFrom = FolderScanner.filesWorthSpreading
    /// Folders a stat pass lists even when their stat is unchanged (relative paths): those that
    /// held a link, a pipe, an odd name or a broken file at the last pass, so what it reports
    /// of them is complete. Every other unchanged folder holds the names the index has.
    var listAnyway: Set<String> = []
    /// From how many subfolders their stats and listings are fetched ahead (`fetch(_:of:depth:)`).
    var fetchFrom = FolderScanner.foldersWorthFetching
    /// Merges a record's canonical file into the replica as soon as it is decoded, on the thread
    /// that read it, given its bytes and their digest: a first sync reads and writes a whole
    /// household on every core at once. `nil` leaves the file to the pass's merge (`decoded`).
    var saveOnRead: SyncPass.SaveOnRead?
    /// Folders whose stamps are this late or later were listed in the moment they changed
    /// (`FolderIndex.Directory.listedTooSoon`): the file system's time when the scan began, less
    /// `stampTick`. Never, for a file system whose stamps always move on.
    var settledBefore: Int64 = .max
    /// How far apart two changes must be for a folder's stamps to tell them apart, with room to
    /// spare: kernels stamp from a clock that moves once per tick (1 to 10 ms).
    static let stampTick: Int64 = 100_000_000
    /// How deep under `records/` files are looked for (type, shard, file, and some slack).
    static let maximumDepth = 6

    func scan() -> Result {
        var result = Result()
        result.index.directories.reserveCapacity(previous.directories.count)  // most passes rebuild the same folders
        var folders: [ListedFolder] = []
        walk(relative: "records", depth: 0, into: &result, listed: &folders)
        for (folder, looked) in zip(folders, look(in: folders)) {
            result.absorb(looked.result)
            result.index.directories[folder.relative]?.files = looked.files
            let shard = folder.shard
            for name in looked.gone {
                result.changed = true
                if let key = folder.known?.files[name]?.canonicalRecord(named: name, in: shard) {
                    result.vanished.insert(key)
                }
            }
        }
        for (path, directory) in previous.directories where result.index.directories[path] == nil {
            collectVanished(directory, at: path, into: &result)
            result.changed = true
        }
        return result
    }

    private func collectVanished(_ directory: FolderIndex.Directory, at path: String, into result: inout Result) {
        let shard = FolderShard(path)
        for (name, entry) in directory.files {
            if let key = entry.canonicalRecord(named: name, in: shard) {
                result.vanished.insert(key)
            }
        }
    }

    /// Walks the tree: stats every folder, reuses unchanged ones (in a quick pass), lists the
    /// others and notes them in `listed`, whose files are looked at afterwards.
    private func walk(
        relative: String, depth: Int, fetched: Fetched? = nil, into result: inout Result, listed: inout [ListedFolder]
    ) {
        var directoryPath: String { joinPath(layout.zone, relative) }  // made only when used: a reused folder never is
        let found = fetched?.stat ?? Swift.Result { () throws(FileSystemError) in try fileSystem.stat(directoryPath) }
        guard let stat = statFolder(found, relative: relative, into: &result) else { return }
        let known = previous.directories[relative]
        if isReused(known, stat: stat, relative: relative), let known {
            reuse(known, at: relative, depth: depth, into: &result, listed: &listed)
            return
        }
        if let known, hasSameNames(known, stat: stat, relative: relative) {
            statKnownNames(known, stat: stat, at: relative, depth: depth, into: &result, listed: &listed)
            return
        }
        let outcome =
            fetched?.listing
            ?? Swift.Result { () throws(FileSystemError) in
                sortOut(try fileSystem.list(directoryPath), in: relative, depth: depth, known: known)
            }
        guard let listing = list(outcome, relative: relative, into: &result) else { return }
        if mode == .quick { result.listed.insert(relative) }
        if known.map({ !$0.matches(stat) }) ?? true { result.changed = true }
        result.problems += listing.problems
        result.temporaryFiles += listing.temporaryFiles
        var folder = FolderIndex.Directory(stat: stat)
        folder.listedTooSoon = stat.changedNanos >= settledBefore || stat.modifiedNanos >= settledBefore
        folder.subdirectories = Set(listing.subfolders)
        result.index.directories[relative] = folder  // its files are filled in once looked at
        listed.append(
            ListedFolder(
                relative: relative, known: known, candidates: listing.candidates, inodes: listing.inodes,
                knownEntries: listing.knownEntries))
        walk(subfolders: listing.subfolders, of: relative, depth: depth + 1, into: &result, listed: &listed)
    }

    /// Walks subfolders in order, fetching them ahead (`fetch(_:of:depth:)`) a window at a time: the
    /// listings of a window are held at once, never those of all 256 shards of a type.
    private func walk(
        subfolders names: [String], of parent: String, depth: Int, into result: inout Result,
        listed: inout [ListedFolder], afterEach: (_ name: String, inout Result) -> Void = { _, _ in }
    ) {
        let spread = names.count >= fetchFrom
        for start in stride(from: 0, to: names.count, by: FolderScanner.fetchWindow) {
            let window = Array(names[start..<min(start + FolderScanner.fetchWindow, names.count)])
            let fetched = spread ? fetch(window, of: parent, depth: depth) : window.map { _ in nil }
            for (name, fetched) in zip(window, fetched) {
                walk(relative: parent + "/" + name, depth: depth, fetched: fetched, into: &result, listed: &listed)
                afterEach(name, &result)
            }
        }
    }

    /// Whether a stat pass takes a folder's names from the index instead of listing it: its
    /// stat is unchanged, so no file was created, removed or renamed in it (the rule quick
    /// passes already live by), and it held nothing the last pass reported. Its files are
    /// still stat-ed one by one: that is what a stat pass is for.
    func hasSameNames(_ known: FolderIndex.Directory, stat: FileStat, relative: String) -> Bool {
        mode == .stat && known.isUnchanged(stat) && !(reread?(relative) ?? false) && !listAnyway.contains(relative)
    }

    /// A stat pass over an unchanged folder: its known files are looked at as if listed (no
    /// inode is trusted), its known subfolders walked in turn.
    private func statKnownNames(
        _ known: FolderIndex.Directory, stat: FileStat, at relative: String, depth: Int, into result: inout Result,
        listed: inout [ListedFolder]
    ) {
        var folder = FolderIndex.Directory(stat: stat)
        folder.subdirectories = known.subdirectories
        result.index.directories[relative] = folder  // its files are filled in once looked at
        let names = Array(known.files.keys)
        listed.append(
            ListedFolder(
                relative: relative, known: known, candidates: names, inodes: names.map { _ in nil },
                knownEntries: Array(known.files.values)))
        guard depth < FolderScanner.maximumDepth else { return }
        walk(subfolders: known.subdirectories.sorted(), of: relative, depth: depth + 1, into: &result, listed: &listed)
    }

    /// Whether a quick pass takes a folder as the index has it, without listing it.
    func isReused(_ known: FolderIndex.Directory?, stat: FileStat, relative: String) -> Bool {
        guard mode == .quick, let known else { return false }
        return known.isUnchanged(stat) && !(reread?(relative) ?? false)
    }

    /// A folder's stat; `nil` when it is gone, is not a folder (a link is reported), or could
    /// not be read (reported, and what the index knew of it kept).
    private func statFolder(
        _ outcome: Swift.Result<FileStat?, FileSystemError>, relative: String, into result: inout Result
    ) -> FileStat? {
        do {
            guard let found = try outcome.get() else { return nil }
            guard found.kind == .directory else {
                if found.kind == .symlink {  // `records` itself, or a known folder that became a link
                    let shown = layout.directoryName + "/" + relative
                    result.problems.append(Problem(.symlink, path: shown, "symbolic link ignored; Ours never follows links"))
                }
                return nil
            }
            return found
        } catch {
            result.problems.append(
                Problem(.unreadableFile, path: layout.directoryName + "/" + relative, error.description, cause: error))
            keepUnreadable(relative, into: &result)
            return nil
        }
    }

    /// A folder's entries, sorted out; `nil` when it vanished meanwhile or could not be listed
    /// (reported, and what the index knew of it kept).
    private func list(
        _ outcome: Swift.Result<Listing, FileSystemError>, relative: String, into result: inout Result
    ) -> Listing? {
        do { return try outcome.get() } catch {
            if error.reason != .notFound {
                result.problems.append(
                    Problem(.unreadableFile, path: layout.directoryName + "/" + relative, error.description, cause: error))
                keepUnreadable(relative, into: &result)
            }
            return nil
        }
    }

    /// An unchanged folder: its files are as they were; its subfolders are looked at in turn.
    private func reuse(
        _ known: FolderIndex.Directory, at relative: String, depth: Int, into result: inout Result,
        listed: inout [ListedFolder]
    ) {
        var copy = known
        copy.subdirectories = []
        result.index.directories[relative] = copy
        result.filesScanned += known.files.count
        for name in known.files.broken { result.broken.insert(relative + "/" + name) }
        guard depth < FolderScanner.maximumDepth else { return }
        let names = known.subdirectories.sorted()
        // A subfolder stays in the index's list while either index has it (gone now: its
        // records count as vanished).
        let before = Set(names.filter { result.index.directories[relative + "/" + $0] != nil })
        walk(subfolders: names, of: relative, depth: depth + 1, into: &result, listed: &listed) { name, result in
            if before.contains(name) || result.index.directories[relative + "/" + name] != nil {
                result.index.directories[relative]?.subdirectories.insert(name)
            }
        }
    }

    /// A folder or file that could not be read keeps what the index knew of it (and below it),
    /// so its records do not count as vanished, and is noted so nothing is written over it.
    private func keepUnreadable(_ relative: String, into result: inout Result) {
        result.unreadable.insert(relative)
        for (path, folder) in previous.directories where path == relative || path.hasPrefix(relative + "/") {
            result.index.directories[path] = folder
        }
    }
}
