/// Follows a replica's change journal (see `ChangeJournal`) from where it ended when the
/// watcher started, as `tail -F` would: across segment rotations, never reading a line twice.
///
/// An idle poll costs one `stat`. A segment is identified by the id in its header line, not
/// by its inode, so any `FileSystem` works.
struct JournalTail {
    struct Batch {
        var entries: [ChangeJournal.Entry] = []
        /// Lines were lost: the journal rotated twice (or was removed) between two reads.
        var gap = false
    }

    let journal: ChangeJournal
    private var segment: String?
    private var offset = 0
    private var lastStat: FileStat?

    /// Starts at the end of the journal as it is now.
    init(journal: ChangeJournal) {
        self.journal = journal
        lastStat = try? journal.fileSystem.stat(journal.currentPath)
        if let bytes = read(journal.currentPath) {
            segment = Self.header(of: bytes)?.segment
            offset = Self.completeLength(bytes)
        }
    }

    /// The entries appended since the last read.
    mutating func read() -> Batch {
        let stat = try? journal.fileSystem.stat(journal.currentPath)
        if stat == lastStat { return Batch() }
        var batch = Batch()
        let current = read(journal.currentPath)
        let header = current.flatMap(Self.header)
        if let segment, header?.segment != segment {
            // Rotated: finish the segment being followed, now the previous one, if it is.
            if let previous = read(journal.previousPath), Self.header(of: previous)?.segment == segment {
                batch.entries += Self.entries(in: previous, from: offset).entries
            } else {
                batch.gap = true
            }
            self.segment = nil
        }
        if let current, let header {
            if self.segment == nil {
                self.segment = header.segment
                offset = header.length
            }
            let (entries, end) = Self.entries(in: current, from: offset)
            batch.entries += entries
            offset = end
        }
        lastStat = stat
        return batch
    }

    private func read(_ path: String) -> [UInt8]? {
        try? journal.fileSystem.read(path, limit: 4 * max(journal.segmentLimit, ChangeJournal.listingLimit))
    }

    /// The segment id and the length of the header line.
    static func header(of bytes: [UInt8]) -> (segment: String, length: Int)? {
        guard let newline = bytes.firstIndex(of: 0x0A), let id = ChangeJournal.segment(ofHeader: bytes[..<newline]) else {
            return nil
        }
        return (id, newline + 1)
    }

    /// Decodes the complete lines from `offset`; returns where the next read starts (before a
    /// line still being written).
    static func entries(in bytes: [UInt8], from offset: Int) -> (entries: [ChangeJournal.Entry], end: Int) {
        var entries: [ChangeJournal.Entry] = []
        var start = min(offset, bytes.count)
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            if let entry = ChangeJournal.decode(bytes[start..<newline]) { entries.append(entry) }
            start = newline + 1
        }
        return (entries, start)
    }

    static func completeLength(_ bytes: [UInt8]) -> Int {
        bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    }
}
