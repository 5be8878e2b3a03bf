/// Fetching folders ahead of a walk: the stats of a folder's subfolders and, on every core,
/// the listings of those to be listed, each sorted out into what a scan looks at.
extension FolderScanner {
    /// A folder's stat, and its listing sorted out unless a quick pass will reuse it: fetched
    /// ahead.
    struct Fetched {
        var stat: Swift.Result<FileStat?, FileSystemError>
        var listing: Swift.Result<Listing, FileSystemError>?
    }

    /// From how many subfolders their listings are fetched ahead, on every core, and how many
    /// at a time.
    static let foldersWorthFetching = 16
    static let fetchWindow = 32

    /// The stats of a folder's subfolders, and the listings of those a quick pass will not
    /// reuse, fetched and sorted out on every core when there are many (a type's 256 shards):
    /// listing is most of a walk, and a burst of changes touches every shard. Each stat is
    /// taken before its listing, as in a walk one folder at a time, so a file added meanwhile
    /// changes the stat the index keeps and the next pass lists the folder again.
    func fetch(_ names: [String], of parent: String, depth: Int) -> [Fetched?] {
        // The stats one after the other (a quick pass of an idle folder wakes no thread), looked
        // up in the parent, opened once, rather than each from the root; then the listings on
        // every core.
        let folders = names.map { parent + "/" + $0 }
        var fetched = fileSystem.stat(names, in: joinPath(layout.zone, parent)).map { Fetched(stat: $0) }
        let toList = folders.indices.filter { at in
            guard case .success(let found?) = fetched[at].stat, found.kind == .directory else { return false }
            guard let known = previous.directories[folders[at]] else { return true }
            return !isReused(known, stat: found, relative: folders[at])
                && !hasSameNames(known, stat: found, relative: folders[at])
        }
        guard toList.count >= 2 else { return fetched }  // a lone listing is made by the walk
        let listings = toList.concurrentMap { at in
            Swift.Result { () throws(FileSystemError) in
                let relative = folders[at]
                return sortOut(
                    try fileSystem.list(joinPath(layout.zone, relative)), in: relative, depth: depth,
                    known: previous.directories[relative])
            }
        }
        for (at, listing) in zip(toList, listings) { fetched[at].listing = listing }
        return fetched
    }

    /// The entries of one listed folder, sorted out: files that may hold records (each with
    /// its entry in the folder's index, `known`), subfolders to walk into. Links, pipes and
    /// names that are not UTF-8 are reported; the engine's temporary files are noted (a sweep
    /// removes stale ones); anything else is skipped. Runs on any thread (`fetch(_:of:depth:)`).
    func sortOut(
        _ entries: [DirectoryEntry], in relative: String, depth: Int, known: FolderIndex.Directory?
    ) -> Listing {
        var listing = Listing()
        for entry in entries {
            if FolderNames.isIgnored(entry.name) {
                if entry.kind == .file && TemporaryName.matches(entry.name) {
                    listing.temporaryFiles.append(relative + "/" + entry.name)
                }
                continue
            }
            switch entry.kind {
            case .directory where depth < FolderScanner.maximumDepth && FolderIndex.isIndexable(entry.name):
                listing.subfolders.append(entry.name)
            case .symlink:
                listing.problems.append(
                    Problem(
                        .symlink, path: layout.directoryName + "/" + relative + "/" + entry.name,
                        "symbolic link ignored; Ours never follows links"))
            case .file where entry.name.hasSuffix(".json"):
                listing.candidates.append(entry.name)
                listing.inodes.append(entry.inode)
            case .other:
                // Never opened: a pipe would block a reader, and a name that is not UTF-8 cannot
                // be a record (it is shown with U+FFFD for the bytes that are not).
                let why =
                    entry.name.contains("\u{FFFD}")
                    ? "a name that is not valid UTF-8; ignored"
                    : "not a regular file or folder (a named pipe, socket or device); ignored"
                listing.problems.append(
                    Problem(.unreadableFile, path: layout.directoryName + "/" + relative + "/" + entry.name, why))
            default:
                continue
            }
        }
        listing.lookUp(in: known)
        return listing
    }

    /// One folder's listing, sorted out by `sortOut`.
    struct Listing: Sendable {
        var candidates: [String] = []
        /// Each candidate's inode number as the listing gave it, if it did.
        var inodes: [UInt64?] = []
        /// Each candidate's entry in the folder's index, if it has one.
        var knownEntries: [FolderIndex.Entry?] = []
        var subfolders: [String] = []
        /// What the listing found to report, and the engine's temporary files in it.
        var problems: [Problem] = []
        var temporaryFiles: [String] = []

        /// Finds each candidate's entry in the folder's index. A name the index holds is then
        /// the index's own string, not the listing's copy: a scan of every folder holds no
        /// second set of 100,000 names while it reads.
        fileprivate mutating func lookUp(in known: FolderIndex.Directory?) {
            guard let files = known?.files.byName else {
                knownEntries = Array(repeating: nil, count: candidates.count)
                return
            }
            knownEntries = candidates.indices.map { at in
                guard let found = files.index(forKey: candidates[at]) else { return nil }
                let (name, entry) = files[found]
                candidates[at] = name
                return entry
            }
        }
    }
}
