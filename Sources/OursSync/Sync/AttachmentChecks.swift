/// The folder's attachment files this device has read through and found whole, each with the
/// stat it had then (`attachments/checked.log` beside the replica): a file whose size, time and
/// inode are unchanged is not read again. A cache: a file that changed in any of them is read
/// again, and a missing or damaged log only costs a read of each file.
struct AttachmentChecks {
    let replica: Replica
    private var checked: [String: String]?
    private var changed = false

    init(replica: Replica) { self.replica = replica }

    private var file: String { joinPath(replica.attachmentsDirectory, "checked.log") }

    private static func signature(_ stat: FileStat) -> String { "\(stat.size) \(stat.modifiedNanos) \(stat.inode)" }

    private mutating func load() -> [String: String] {
        if let checked { return checked }
        var loaded: [String: String] = [:]
        if let bytes = try? replica.fileSystem.read(file, limit: 64 * 1024 * 1024) {
            for line in bytes.split(separator: 0x0A) {
                let parts = line.split(separator: 0x09, maxSplits: 1)
                guard parts.count == 2 else { continue }
                loaded[String(decoding: parts[0], as: UTF8.self)] = String(decoding: parts[1], as: UTF8.self)
            }
        }
        checked = loaded
        return loaded
    }

    /// Whether the folder's file of `ref` was found whole with this very stat.
    mutating func isWhole(_ ref: AttachmentRef, _ stat: FileStat) -> Bool {
        load()[ref.relativePath] == Self.signature(stat)
    }

    /// Notes a file found whole.
    mutating func noteWhole(_ ref: AttachmentRef, _ stat: FileStat) {
        var all = load()
        guard all[ref.relativePath] != Self.signature(stat) else { return }
        all[ref.relativePath] = Self.signature(stat)
        checked = all
        changed = true
    }

    /// Forgets a file (not whole now, or gone).
    mutating func forget(_ ref: AttachmentRef) {
        var all = load()
        guard all.removeValue(forKey: ref.relativePath) != nil else { return }
        checked = all
        changed = true
    }

    /// Writes the log when something changed.
    func save() {
        guard changed, let checked else { return }
        let lines = checked.keys.sorted().flatMap { Array(($0 + "\t" + checked[$0]! + "\n").utf8) }
        let fileSystem = replica.fileSystem
        try? io { () throws(FileSystemError) in
            if try fileSystem.stat(replica.attachmentsDirectory) == nil {
                try fileSystem.createDirectory(replica.attachmentsDirectory)
            }
            try fileSystem.writeAtomically(file, lines, durability: .deferred)
        }
    }
}

extension Replica {
    var attachmentsAddedFile: String { joinPath(attachmentsDirectory, "added.log") }

    /// Notes that this device added an attachment (`AttachmentKeeping.own` keeps those).
    func noteAdded(_ ref: AttachmentRef, at millis: Int64) throws(OursError) {
        let line = Array((ref.sha256 + "\t" + String(millis) + "\n").utf8)
        try io { () throws(FileSystemError) in
            if try fileSystem.stat(attachmentsAddedFile) == nil {
                try fileSystem.writeAtomically(attachmentsAddedFile, line, durability: .deferred)
            } else {
                try fileSystem.append(attachmentsAddedFile, line)
            }
        }
    }

    /// The attachments this device added, by hash, each with when it was first added.
    func addedAttachments() -> [String: Int64] {
        guard let bytes = try? fileSystem.read(attachmentsAddedFile, limit: 64 * 1024 * 1024) else { return [:] }
        var added: [String: Int64] = [:]
        for line in bytes.split(separator: 0x0A) {
            let parts = line.split(separator: 0x09)
            guard parts.count == 2, let millis = Int64(String(decoding: parts[1], as: UTF8.self)) else { continue }
            let hash = String(decoding: parts[0], as: UTF8.self)
            added[hash] = min(added[hash] ?? millis, millis)
        }
        return added
    }
}
