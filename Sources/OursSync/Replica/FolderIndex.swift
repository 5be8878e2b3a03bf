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
            case record(RecordKey)
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
        package var files: [String: Entry] = [:]
        package var subdirectories: Set<String> = []

        package init(stat: FileStat) {
            modifiedNanos = stat.modifiedNanos
            changedNanos = stat.changedNanos
            inode = stat.inode
        }

        package func matches(_ stat: FileStat) -> Bool {
            modifiedNanos == stat.modifiedNanos && changedNanos == stat.changedNanos && inode == stat.inode
        }
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
        directories[directory]!.files[name] = entry
    }

    /// Every file entry with its path.
    package var allEntries: [(path: String, entry: Entry)] {
        directories.flatMap { directory, content in content.files.map { (directory + "/" + $0.key, $0.value) } }
    }

    package var fileCount: Int { directories.values.reduce(0) { $0 + $1.files.count } }

    static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    // MARK: Encoding

    static let header = "ours-folder-index 2"

    /// One line per folder (`d`) and per file (`f`), tab-separated; names with tabs or
    /// newlines are not indexed (they are simply read again on every pass).
    package func encode() -> [UInt8] {
        var out: [UInt8] = Array((FolderIndex.header + "\n").utf8)
        out.reserveCapacity(fileCount * 120 + directories.count * 60)
        for path in directories.keys.sorted() {
            let directory = directories[path]!
            out.append(contentsOf: "d\t\(path)\t\(directory.modifiedNanos)\t\(directory.changedNanos)\t\(directory.inode)\n".utf8)
            for name in directory.files.keys.sorted() {
                let entry = directory.files[name]!
                var line =
                    "f\t\(name)\t\(entry.size)\t\(entry.modifiedNanos)\t\(entry.changedNanos)\t\(entry.inode)\t"
                    + String(entry.digest, radix: 16)
                switch entry.content {
                case .record(let key): line += "\t" + key.type + "\t" + key.id
                case .broken: line += "\t!"
                }
                out.append(contentsOf: line.utf8)
                out.append(0x0A)
            }
        }
        return out
    }

    /// Reads an index; a damaged, older or unknown one reads as empty (it is only a cache).
    package static func decode(_ bytes: [UInt8]) -> FolderIndex {
        var index = FolderIndex()
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard let first = lines.first, String(decoding: first, as: UTF8.self) == header else { return index }
        var current: String?
        for line in lines.dropFirst() {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            if fields.first == "d", fields.count == 5, let modified = Int64(fields[2]), let changed = Int64(fields[3]),
                let inode = UInt64(fields[4])
            {
                let stat = FileStat(kind: .directory, size: 0, modifiedNanos: modified, changedNanos: changed, inode: inode)
                index.directories[fields[1]] = Directory(stat: stat)
                current = fields[1]
                let (parent, name) = split(fields[1])
                if !parent.isEmpty { index.directories[parent]?.subdirectories.insert(name) }
                continue
            }
            guard fields.first == "f", fields.count >= 8, let directory = current, let size = Int64(fields[2]),
                let modified = Int64(fields[3]), let changed = Int64(fields[4]), let inode = UInt64(fields[5]),
                let digest = UInt64(fields[6], radix: 16)
            else { return FolderIndex() }
            let content: Entry.Content
            if fields[7] == "!" {
                content = .broken
            } else if fields.count == 9, let key = try? RecordKey(type: fields[7], id: fields[8]) {
                content = .record(key)
            } else {
                return FolderIndex()
            }
            let stat = FileStat(kind: .file, size: size, modifiedNanos: modified, changedNanos: changed, inode: inode)
            index.directories[directory]?.files[fields[1]] = Entry(stat: stat, digest: digest, content: content)
        }
        return index
    }

    package static func isIndexable(_ name: String) -> Bool {
        // Bytes, not `String.contains`, which Foundation turns into a slow `NSString` search:
        // this runs for every file of every pass.
        !name.utf8.contains { $0 == 0x09 || $0 == 0x0A }
    }
}
