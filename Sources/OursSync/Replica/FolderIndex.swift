/// What the device last saw in the household's `records/` folder, folder by folder: each
/// folder's times and inode, and for each file its size, times, inode, a digest of its bytes
/// and the record it held.
///
/// A folder whose stat is unchanged has had no file created, removed or renamed in it, so a
/// quick poll reuses its entries without listing it — the whole tree costs one `stat` per
/// folder. A file whose bytes hash to the recorded digest needs no parsing. Neither shortcut
/// is trusted alone: periodic sweeps read every file (see `FolderScanner.Mode`).
package struct FolderIndex: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package enum Content: Sendable, Equatable {
            /// The record this file canonically holds: its type is the folder's, its id the
            /// file's name without `.json` (`FolderShard.isCanonical`). Nearly every file is
            /// one, and the index keeps no copy of its key: at 100,000 records that is a few
            /// megabytes of a watcher's memory.
            case canonical
            /// A record in a file that is not its canonical one (a conflict copy, a copy made
            /// by hand).
            indirect case record(RecordKey)
            case broken
        }

        package var size: Int64
        package var modifiedNanos: Int64
        package var changedNanos: Int64
        package var inode: UInt64
        package var digest: UInt64
        package var content: Content

        package init(stat: FileStat, digest: UInt64, content: Content) {
            self.size = stat.size
            self.modifiedNanos = stat.modifiedNanos
            self.changedNanos = stat.changedNanos
            self.inode = stat.inode
            self.digest = digest
            self.content = content
        }

        /// The record the file holds when it is that record's canonical file.
        package func canonicalRecord(named name: String, in shard: FolderShard) -> RecordKey? {
            switch content {
            case .canonical: shard.canonicalKey(named: name)
            case .record(let key): shard.isCanonical(name: name, of: key) ? key : nil
            case .broken: nil
            }
        }

        /// Whether the file holds a record (it parsed).
        package var isRecord: Bool { !isBroken }

        /// Whether the file did not parse. A pattern match, not `content == .broken`: the
        /// derived `==` of an enum with an indirect case costs far more, and a quick pass asks
        /// it of every entry of every folder it reuses.
        package var isBroken: Bool {
            if case .broken = content { return true }
            return false
        }

        /// The entry as the index keeps it: a record in its canonical file is `.canonical`.
        func normalized(named name: String, in shard: FolderShard) -> Entry {
            guard case .record(let key) = content, shard.isCanonical(name: name, of: key) else { return self }
            var entry = self
            entry.content = .canonical
            return entry
        }

        /// Whether a file's stat still matches what was recorded.
        package func matches(_ stat: FileStat) -> Bool {
            size == stat.size && modifiedNanos == stat.modifiedNanos && changedNanos == stat.changedNanos
                && inode == stat.inode
        }
    }

    /// One folder: its stat when listed, its files by name, its subfolders by name.
    package struct Directory: Sendable, Equatable {
        package var modifiedNanos: Int64
        package var changedNanos: Int64
        package var inode: UInt64
        package var files = Files()
        package var subdirectories: Set<String> = []
        /// Listed in the moment it last changed: a change right after the listing may have left
        /// its stamps as they were, so no pass takes its names from the index. Saved as a
        /// change time of 0, which no folder's stat matches.
        package var listedTooSoon = false

        package init(stat: FileStat) {
            modifiedNanos = stat.modifiedNanos
            changedNanos = stat.changedNanos
            inode = stat.inode
        }

        /// Whether its names can be taken from the index, given its stat now.
        package func isUnchanged(_ stat: FileStat) -> Bool { !listedTooSoon && matches(stat) }

        package func matches(_ stat: FileStat) -> Bool {
            modifiedNanos == stat.modifiedNanos && changedNanos == stat.changedNanos && inode == stat.inode
        }
    }

    /// A folder's files by name, and which of them did not parse, kept together: a quick pass
    /// that reuses a folder must know its broken files (never written over), and asking every
    /// entry cost it a loop over every file of the household, every second.
    package struct Files: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
        package private(set) var byName: [String: Entry] = [:]
        /// The names whose entry `isBroken`.
        package private(set) var broken: Set<String> = []

        package init() {}

        package init(dictionaryLiteral elements: (String, Entry)...) {
            for (name, entry) in elements { self[name] = entry }
        }

        package subscript(name: String) -> Entry? {
            get { byName[name] }
            set {
                byName[name] = newValue
                if newValue?.isBroken == true {
                    broken.insert(name)
                } else if !broken.isEmpty {
                    broken.remove(name)
                }
            }
        }

        package var count: Int { byName.count }
        package var isEmpty: Bool { byName.isEmpty }
        package var keys: Dictionary<String, Entry>.Keys { byName.keys }
        package var values: Dictionary<String, Entry>.Values { byName.values }
        package func makeIterator() -> Dictionary<String, Entry>.Iterator { byName.makeIterator() }
    }

    /// Keyed by path relative to the household's folder (`records`, `records/item/3f`).
    package var directories: [String: Directory] = [:]

    package init() {}

    /// The entry of a file (`records/item/3f/milk.json`).
    package func entry(at path: String) -> Entry? {
        let (directory, name) = FolderIndex.split(path)
        return directories[directory]?.files[name]
    }

    /// Sets or removes the entry of a file whose folder is already indexed.
    package mutating func setEntry(_ entry: Entry?, at path: String) {
        let (directory, name) = FolderIndex.split(path)
        guard directories[directory] != nil else { return }
        directories[directory]!.files[name] = entry?.normalized(named: name, in: FolderShard(directory))
    }

    /// Whether the index holds the canonical file of a record (`records/<type>/<shard>/<id>.json`).
    package func holdsCanonicalFile(of key: RecordKey) -> Bool {
        let folder = "records/" + key.type + "/" + ZoneLayout.shard(of: key.id)
        switch directories[folder]?.files[key.id + ".json"]?.content {
        case .canonical?: return true
        case .record(let held)?: return held == key
        case .broken?, nil: return false
        }
    }

    package var fileCount: Int { directories.values.reduce(0) { $0 + $1.files.count } }

    static func split(_ path: String) -> (String, String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
        return (String(path[..<slash]), String(path[path.utf8.index(after: slash)...]))
    }

    package static func isIndexable(_ name: String) -> Bool {
        // Bytes, not `String.contains`, which Foundation turns into a slow `NSString` search:
        // this runs for every file of every pass.
        !name.utf8.contains { $0 == 0x09 || $0 == 0x0A }
    }
}
