import OursSync

/// One device's copy of the shared folder, as the sync tool sees it.
public struct SimCopy {
    public init(fileSystem: InMemoryFileSystem, clock: ManualWallClock, person: String, shortID: String) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.person = person
        self.shortID = shortID
    }

    public let fileSystem: InMemoryFileSystem
    public let clock: ManualWallClock
    /// The person's name, for Dropbox's "Mike's conflicted copy".
    public let person: String
    /// Syncthing's short device id, for `.sync-conflict-…-ABCDEFG`.
    public let shortID: String
}

/// A file-level sync tool between folder copies, modelled on Syncthing and Dropbox: each
/// copy's changes become versions with version vectors, sent to every other copy as messages
/// that are delayed, reordered, duplicated, dropped and retried; a message that meets a
/// concurrent change makes a conflict copy (Dropbox, Syncthing or iCloud naming); deletions
/// propagate; a download may be left half-written for a while and completed later.
public final class SimSyncTool {
    public static let root = "/shared"
    public typealias Vector = [Int: Int]

    public struct Known { var vector: Vector; var bytes: [UInt8]? }

    public struct Message {
        var sequence: Int
        var to: Int
        var path: String
        var bytes: [UInt8]?
        var mtime: Int64
        var vector: Vector
        var origin: Int
        var due: Int
    }

    public struct HalfWrite {
        public var copy: Int
        public var path: String
        public var full: [UInt8]
        public var truncated: [UInt8]
        public var mtime: Int64
    }

    public struct Faults: Sendable {
        var maxDelay = 0, duplicate = 0.0, drop = 0.0, halfWrite = 0.0, stale = 0.0, reorder = false
        static let chaos = Faults(maxDelay: 6, duplicate: 0.08, drop: 0.1, halfWrite: 0.1, stale: 0.15, reorder: true)
        static let calm = Faults()
    }

    public struct Stats {
        public var versions = 0, deliveries = 0, conflictCopies = 0, halfWrites = 0, drops = 0, duplicates = 0, rollbacks = 0
    }

    public let copies: [SimCopy]
    public private(set) var known: [[String: Known]]
    public private(set) var queue: [Message] = []
    public private(set) var halfWrites: [HalfWrite] = []
    /// Copies whose folder is unmounted: the tool neither reads nor writes them.
    public var paused: Set<Int> = []
    public var stats = Stats()
    /// Called with a path the tool rolled back to an older version (a buggy tool's reorder).
    public var onRollback: ((String) -> Void)?
    /// Every conflict copy's name given so far, on any copy (see `writeConflictCopy`).
    var issuedConflictNames: Set<String> = []
    private var tick = 0
    private var sequence = 0

    public init(copies: [SimCopy]) {
        self.copies = copies
        known = Array(repeating: [:], count: copies.count)
    }

    public func isInProgress(_ copy: Int, _ path: String) -> Bool {
        halfWrites.contains { $0.copy == copy && $0.path == path }
    }

    // MARK: Steps

    /// One step of the tool in a chaotic world: look at every copy, deliver a few messages.
    public func step(_ random: inout SplitMix64) {
        tick += 1
        for copy in copies.indices { scan(copy, &random, .chaos) }
        for _ in 0..<random.int(1...6) { _ = deliverOne(&random, .chaos, ignoreDue: false) }
        if !halfWrites.isEmpty, random.chance(0.3) { _ = complete(random.int(0...(halfWrites.count - 1))) }
    }

    /// Runs the tool until every copy that is mounted holds what every other one announced.
    public func settle() {
        var random = SplitMix64(seed: 1)
        for _ in 0..<60 {
            tick += 1
            let before = stats.versions
            for copy in copies.indices { scan(copy, &random, .calm) }
            var index = 0
            while index < halfWrites.count { if !complete(index) { index += 1 } }
            var delivered = false
            while deliverOne(&random, .calm, ignoreDue: true) { delivered = true }
            if !delivered && stats.versions == before { return }
        }
    }

    /// Brings one file to one copy now, as a tool that happened to deliver it first would:
    /// every copy's changes are announced, then that file's messages to that copy are applied in
    /// order. What an action needs set up (a share code its member will use) arrives without
    /// anything else moving.
    public func carry(_ path: String, to copy: Int) {
        guard !paused.contains(copy) else { return }
        var random = SplitMix64(seed: UInt64(sequence) &+ 1)
        // A download of that file left half-written there finishes first, as the tool would.
        while let half = halfWrites.firstIndex(where: { $0.copy == copy && $0.path == path }), complete(half) {}
        for index in copies.indices { scan(index, &random, .calm) }
        while let index = queue.firstIndex(where: { $0.path == path && $0.to == copy }) {
            apply(queue.remove(at: index), &random, .calm)
        }
    }

    // MARK: Reading copies

    /// Turns every change in a copy since the tool last looked into a version for the others.
    func scan(_ copy: Int, _ random: inout SplitMix64, _ faults: Faults) {
        guard !paused.contains(copy) else { return }
        let fileSystem = copies[copy].fileSystem
        var present: [String: [UInt8]] = [:]
        for (path, bytes) in fileSystem.files(under: SimSyncTool.root) {
            let relative = String(path.dropFirst(SimSyncTool.root.count + 1))
            if relative.split(separator: "/").contains(where: { FolderNames.isIgnored(String($0)) }) { continue }
            if isInProgress(copy, relative) { continue }
            present[relative] = bytes
        }
        for path in present.keys.sorted() where known[copy][path]?.bytes != present[path] {
            announce(copy, path, present[path], &random, faults)
        }
        for path in known[copy].keys.sorted() where known[copy][path]?.bytes != nil && present[path] == nil {
            if !isInProgress(copy, path) { announce(copy, path, nil, &random, faults) }
        }
    }

    private func announce(_ copy: Int, _ path: String, _ bytes: [UInt8]?, _ random: inout SplitMix64, _ faults: Faults) {
        var vector = known[copy][path]?.vector ?? [:]
        vector[copy, default: 0] += 1
        known[copy][path] = Known(vector: vector, bytes: bytes)
        stats.versions += 1
        let mtime = modified(copy, path) ?? 0
        for other in copies.indices where other != copy {
            sequence += 1
            let due = tick + (faults.maxDelay > 0 ? random.int(0...faults.maxDelay) : 0)
            let message = Message(
                sequence: sequence, to: other, path: path, bytes: bytes, mtime: mtime, vector: vector, origin: copy, due: due)
            queue.append(message)
            if random.chance(faults.duplicate) {
                var again = message
                again.due += random.int(1...8)
                queue.append(again)
                stats.duplicates += 1
            }
        }
    }

    // MARK: Delivering

    private func deliverOne(_ random: inout SplitMix64, _ faults: Faults, ignoreDue: Bool) -> Bool {
        func isEligible(_ message: Message) -> Bool {
            (ignoreDue || message.due <= tick) && !paused.contains(message.to)
                && (halfWrites.isEmpty || !isInProgress(message.to, message.path))
        }
        let chosen: Int?
        if faults.reorder {
            let eligible = queue.indices.filter { isEligible(queue[$0]) }
            chosen = eligible.isEmpty ? nil : random.pick(eligible)
        } else {
            chosen = queue.firstIndex(where: isEligible)
        }
        guard let chosen else { return false }
        var message = queue.remove(at: chosen)
        if random.chance(faults.drop) {
            message.due = tick + random.int(1...4)
            queue.append(message)
            stats.drops += 1
            return true
        }
        apply(message, &random, faults)
        return true
    }

    private func apply(_ message: Message, _ random: inout SplitMix64, _ faults: Faults) {
        stats.deliveries += 1
        let copy = message.to
        let path = message.path
        let known = self.known[copy][path] ?? Known(vector: [:], bytes: nil)
        let current = read(copy, path)
        let changedHere = current != known.bytes
        if SimSyncTool.precedesOrEquals(message.vector, known.vector) {
            // Old news or a duplicate. A buggy tool sometimes writes it anyway: a rollback.
            if !changedHere, let bytes = message.bytes, bytes != current, random.chance(faults.stale) {
                write(copy, path, bytes, mtime: message.mtime)
                stats.rollbacks += 1
                onRollback?(path)
            }
            return
        }
        let merged = known.vector.merging(message.vector, uniquingKeysWith: max)
        if !changedHere, SimSyncTool.precedesOrEquals(known.vector, message.vector) {
            if let bytes = message.bytes {
                if bytes.count > 3, random.chance(faults.halfWrite) {
                    let truncated = Array(bytes.prefix(random.int(1...(bytes.count - 2))))
                    write(copy, path, truncated, mtime: message.mtime)
                    halfWrites.append(HalfWrite(copy: copy, path: path, full: bytes, truncated: truncated, mtime: message.mtime))
                    stats.halfWrites += 1
                } else {
                    write(copy, path, bytes, mtime: message.mtime)
                }
            } else {
                try? copies[copy].fileSystem.remove(absolute(path))
            }
            self.known[copy][path] = Known(vector: merged, bytes: message.bytes)
            return
        }
        // Concurrent with a version here, or with a change the tool has not announced yet.
        switch (current, message.bytes) {
        case (let here, let there) where here == there:
            self.known[copy][path] = Known(vector: merged, bytes: here)
        case (nil, let there?):  // a change beats a deletion
            write(copy, path, there, mtime: message.mtime)
            self.known[copy][path] = Known(vector: merged, bytes: there)
        case (let here?, nil):  // the change here beats the deletion: a new version over both
            self.known[copy][path] = Known(vector: merged, bytes: here)
            announce(copy, path, here, &random, faults)
        case (let here?, let there?):
            let hereMtime = modified(copy, path) ?? 0
            if (message.mtime, message.origin) > (hereMtime, copy) {
                writeConflictCopy(copy, path, here, mtime: hereMtime, &random)
                write(copy, path, there, mtime: message.mtime)
                self.known[copy][path] = Known(vector: merged, bytes: there)
            } else {
                // The file here stays, and at once becomes a version over both (as Syncthing
                // does), so no later message can leave two copies with one version and two contents.
                writeConflictCopy(copy, path, there, mtime: message.mtime, &random)
                self.known[copy][path] = Known(vector: merged, bytes: here)
                announce(copy, path, here, &random, faults)
            }
        default:
            break
        }
    }

    /// Finishes a half-written download. A file changed meanwhile is kept, and the download
    /// becomes a conflict copy. Returns whether it was completed (the copy may be unmounted).
    public func complete(_ index: Int) -> Bool {
        let half = halfWrites[index]
        guard !paused.contains(half.copy) else { return false }
        halfWrites.remove(at: index)
        let current = read(half.copy, half.path)
        if current == nil || current == half.truncated {
            write(half.copy, half.path, half.full, mtime: half.mtime)
        } else {
            var random = SplitMix64(seed: UInt64(half.full.count))
            writeConflictCopy(half.copy, half.path, half.full, mtime: half.mtime, &random)
        }
        return true
    }

    /// Whether version vector `a` is older than or the same as `b`.
    static func precedesOrEquals(_ a: Vector, _ b: Vector) -> Bool {
        a.allSatisfy { $0.value <= b[$0.key, default: 0] }
    }
}
