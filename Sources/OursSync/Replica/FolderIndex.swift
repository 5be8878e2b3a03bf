/// What the device last saw in the household's folder: for every file, its size, times and
/// inode, a digest of its bytes, and the record it held. A file whose bytes hash to the same
/// digest needs no parsing; a file whose stat is unchanged may skip reading on a quick poll
/// (never on a sweep: some file systems and tools lie about times).
public struct FolderIndex: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public enum Content: Sendable, Equatable {
            case record(RecordKey)
            case broken
        }

        public var size: Int64
        public var modifiedNanos: Int64
        public var changedNanos: Int64
        public var inode: UInt64
        public var digest: UInt64
        public var content: Content

        public init(stat: FileStat, digest: UInt64, content: Content) {
            self.size = stat.size
            self.modifiedNanos = stat.modifiedNanos
            self.changedNanos = stat.changedNanos
            self.inode = stat.inode
            self.digest = digest
            self.content = content
        }

        /// Whether a file's stat still matches what was recorded.
        public func matches(_ stat: FileStat) -> Bool {
            size == stat.size && modifiedNanos == stat.modifiedNanos && changedNanos == stat.changedNanos
                && inode == stat.inode
        }
    }

    /// Keyed by path relative to the household's folder (`records/item/3f/milk.json`).
    public var entries: [String: Entry] = [:]

    public init() {}

    static let header = "ours-folder-index 1"

    /// One line per file, tab-separated; paths with tabs or newlines are not indexed (they
    /// are simply read again on every pass).
    public func encode() -> [UInt8] {
        var out: [UInt8] = Array((FolderIndex.header + "\n").utf8)
        out.reserveCapacity(entries.count * 120)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            var line = path + "\t\(entry.size)\t\(entry.modifiedNanos)\t\(entry.changedNanos)\t\(entry.inode)\t"
                + String(entry.digest, radix: 16)
            switch entry.content {
            case .record(let key): line += "\t" + key.type + "\t" + key.id
            case .broken: line += "\t!"
            }
            out.append(contentsOf: line.utf8)
            out.append(0x0A)
        }
        return out
    }

    /// Reads an index; a damaged or unknown one reads as empty (it is only a cache).
    public static func decode(_ bytes: [UInt8]) -> FolderIndex {
        var index = FolderIndex()
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard let first = lines.first, String(decoding: first, as: UTF8.self) == header else { return index }
        for line in lines.dropFirst() {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count >= 7, let size = Int64(fields[1]), let modified = Int64(fields[2]),
                let changed = Int64(fields[3]), let inode = UInt64(fields[4]), let digest = UInt64(fields[5], radix: 16)
            else { continue }
            let content: Entry.Content
            if fields[6] == "!" {
                content = .broken
            } else if fields.count == 8, let key = try? RecordKey(type: fields[6], id: fields[7]) {
                content = .record(key)
            } else {
                continue
            }
            let stat = FileStat(kind: .file, size: size, modifiedNanos: modified, changedNanos: changed, inode: inode)
            index.entries[fields[0]] = Entry(stat: stat, digest: digest, content: content)
        }
        return index
    }

    public static func isIndexable(_ path: String) -> Bool {
        !path.contains("\t") && !path.contains("\n")
    }
}
