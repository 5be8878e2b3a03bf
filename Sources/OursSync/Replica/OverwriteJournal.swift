/// The new bytes of a batch of replica files about to be rewritten in place, made durable
/// before the first of them is touched and removed once all of them are flushed.
///
/// Replacing a file (a new file renamed over the old) is what keeps every write atomic, but it
/// costs a new inode and frees the old one: on ext4 with `discard`, about 0.25 ms a file, most
/// of a 1,000-record burst. A sync pass that changes many records the replica already holds
/// writes this journal instead, rewrites the files in place (`FileSystem.overwrite`), flushes,
/// and removes it. After a crash, a file may be half rewritten; the journal still holds its
/// whole new bytes, so:
/// - the next holder of the device lock writes every entry again (atomically) before anything
///   else touches the replica (`recover`), then removes the journal;
/// - a reader without the lock that finds a file it cannot decode takes the journal's bytes
///   for it (`Replica.load`).
/// A journal that was itself cut short fails its check and is dropped: no file was touched yet.
///
/// The format, for people reading a replica: a header line, then for each file its path
/// relative to the replica, its length and its bytes, then a line with the count and an FNV-1a
/// digest of everything before it.
struct OverwriteJournal: Equatable {
    static let fileName = "overwrites.journal"
    private static let header = Array("ours-overwrites 1\n".utf8)

    struct Entry: Equatable {
        /// Relative to the replica's directory (`records/item/3f/…json`).
        var path: String
        var bytes: [UInt8]
    }

    var entries: [Entry]

    init(entries: [Entry]) { self.entries = entries }

    func encoded() -> [UInt8] {
        var out = Self.header
        for entry in entries {
            out += Array("\(entry.path)\n\(entry.bytes.count)\n".utf8)
            out += entry.bytes
            out.append(UInt8(ascii: "\n"))
        }
        let digest = Digest.of(out)
        out += Array("end \(entries.count) \(String(digest, radix: 16))\n".utf8)
        return out
    }

    /// The journal in `bytes`, or `nil` when it is cut short, damaged or not one.
    init?(decoding bytes: [UInt8]) {
        guard bytes.starts(with: Self.header) else { return nil }
        var at = Self.header.count
        func line() -> String? {
            guard let end = bytes[at...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            defer { at = end + 1 }
            return String(decoding: bytes[at..<end], as: UTF8.self)
        }
        var entries: [Entry] = []
        while at < bytes.count {
            let start = at
            guard let first = line() else { return nil }
            if first.hasPrefix("end ") {
                let parts = first.split(separator: " ")
                guard parts.count == 3, Int(parts[1]) == entries.count, UInt64(parts[2], radix: 16) == Digest.of(bytes[..<start]),
                    at == bytes.count
                else { return nil }
                self.entries = entries
                return
            }
            guard Self.isSafe(first), let count = line().flatMap({ Int($0) }), count >= 0, count < bytes.count - at,
                bytes[at + count] == UInt8(ascii: "\n")
            else { return nil }
            entries.append(Entry(path: first, bytes: Array(bytes[at..<at + count])))
            at += count + 1
        }
        return nil
    }

    /// A path that stays inside the replica.
    private static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains { $0 == ".." || $0 == "." }
    }

    /// The journal left in a replica, if a whole one is there.
    static func load(in replica: String, fileSystem: any FileSystem) -> OverwriteJournal? {
        guard let bytes = try? fileSystem.read(joinPath(replica, fileName), limit: Int.max) else { return nil }
        return OverwriteJournal(decoding: bytes)
    }

    /// Finishes a batch a crash interrupted, or one a watcher left to finish later: every file
    /// of a whole journal that does not hold its new bytes already is written again,
    /// atomically, and all are flushed; then the journal goes (a cut-short one too: nothing
    /// was touched).
    static func recover(in replica: String, fileSystem: any FileSystem) throws(FileSystemError) {
        let path = joinPath(replica, fileName)
        guard try fileSystem.stat(path) != nil else { return }
        if let journal = load(in: replica, fileSystem: fileSystem) {
            for entry in journal.entries {
                let target = joinPath(replica, entry.path)
                if let found = try? fileSystem.read(target, limit: entry.bytes.count + 1), found == entry.bytes { continue }
                try fileSystem.createDirectory(parentPath(target))
                try fileSystem.writeAtomically(target, entry.bytes, durability: .deferred)
            }
            try fileSystem.flush(replica)
        }
        try fileSystem.remove(path)
        try fileSystem.flush(replica)  // a journal that came back after a crash would undo later writes
    }
}
