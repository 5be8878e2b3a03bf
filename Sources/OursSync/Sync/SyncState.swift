/// What the last sync pass found, kept in the replica for `ours status`.
///
/// Only `FarFutureStamp` is public, for `StatusReport.farFuture`; an app reads the rest through
/// `Zone.status()`. What it keeps is bounded (see `SyncState+Limits.swift`): a pass that meets
/// 20,000 broken files keeps a sample of them and counts the rest, so the file stays small
/// enough to read back.
public struct SyncState: Sendable, Equatable {
    /// A stamp far ahead of the device's clock that is still in the household: a device whose
    /// clock ran ahead wrote it, and every later write to that field loses to it until the
    /// clocks catch up.
    public struct FarFutureStamp: Sendable, Hashable {
        /// The record, as `type/id`.
        public var record: String
        /// The field holding the value stamped in the future.
        public var field: String
        /// The stamp, which names the device that wrote it.
        public var stamp: Stamp

        package init(record: String, field: String, stamp: Stamp) {
            self.record = record
            self.field = field
            self.stamp = stamp
        }
    }

    package var lastSyncMillis: Int64?
    package var lastReport: [String: JSONValue] = [:]
    /// The problems kept, at most `keptProblems` (see `keep(_:carrying:)`).
    package var problems: [Problem] = []
    /// The problems beyond those kept, counted by kind and folder.
    package var moreProblems: [ProblemCount] = []
    /// The far-future values kept, at most `keptFarFuture`.
    package var farFuture: [FarFutureStamp] = []
    /// How many more far-future values the last passes found than are kept, and the latest of
    /// their stamps' times: once the clock passes it, none of them is ahead any more.
    package var moreFarFuture = 0
    package var moreFarFutureUntil: Int64 = 0
    /// The manifest's rejection rules every record of the replica was last filtered by
    /// (`Admission.rejectionPolicy`); `nil` before the first pass.
    package var rejectionPolicy: String?
    /// Whether the last pass could write record files (`nil` before a build that kept it): a
    /// device that could not (read-only, not yet listed, a read-only mount) may hold what the
    /// folder lacks, and writes it on its first pass that can.
    package var wroteRecords: Bool?
    /// Why the saved state could not be read back (too large, damaged), when it could not: the
    /// state is then a fresh one. Never saved; the next pass reports it and writes a new file.
    package var unreadable: Problem?
    /// What was wrong with the file then, in a few words.
    package var lostBecause: String?

    package init() {}

    static let fileName = "sync-state.json"

    var document: [String: JSONValue] {
        var object: [String: JSONValue] = [
            "format": 1, "lastReport": .object(lastReport), "problems": .array(problems.map(\.json)),
            "farFuture": farFutureJSON,
        ]
        if !moreProblems.isEmpty { object["moreProblems"] = .array(moreProblems.map(\.json)) }
        if moreFarFuture > 0 {
            object["moreFarFuture"] = JSONValue(moreFarFuture)
            object["moreFarFutureUntil"] = .string(UTCTime.iso8601(millis: moreFarFutureUntil))
        }
        if let rejectionPolicy { object["rejectionPolicy"] = .string(rejectionPolicy) }
        if let wroteRecords { object["wroteRecords"] = .bool(wroteRecords) }
        if let lastSyncMillis {
            object["lastSyncAt"] = .string(UTCTime.iso8601(millis: lastSyncMillis))
            object["lastSyncMillis"] = .number(String(lastSyncMillis))
        }
        return object
    }

    var farFutureJSON: JSONValue {
        .array(
            farFuture.map { ["record": .string($0.record), "field": .string($0.field), "stamp": .string($0.stamp.description)] })
    }

    init(reading reader: JSONObjectReader) {
        lastSyncMillis = reader.object["lastSyncMillis"]?.numberText.flatMap { Int64($0) }
        lastReport = reader.object["lastReport"]?.objectValue ?? [:]
        rejectionPolicy = reader.object["rejectionPolicy"]?.stringValue
        if case .bool(let wrote)? = reader.object["wroteRecords"] { wroteRecords = wrote }
        problems = (reader.object["problems"]?.arrayValue ?? []).compactMap(Problem.init(json:))
        moreProblems = (reader.object["moreProblems"]?.arrayValue ?? []).compactMap(ProblemCount.init(json:))
        farFuture = (reader.object["farFuture"]?.arrayValue ?? []).compactMap { item in
            guard let record = item["record"]?.stringValue, let field = item["field"]?.stringValue,
                let stamp = item["stamp"]?.stringValue.flatMap(Stamp.init)
            else { return nil }
            return FarFutureStamp(record: record, field: field, stamp: stamp)
        }
        if let more = reader.object["moreFarFuture"]?.intValue, more > 0,
            let until = reader.object["moreFarFutureUntil"]?.stringValue.flatMap(UTCTime.parseISO8601)
        {
            moreFarFuture = more
            moreFarFutureUntil = until
        }
    }
}

extension Replica {
    var syncStateFile: String { joinPath(directory, SyncState.fileName) }
    var folderIndexFile: String { joinPath(directory, "folder-index") }

    /// The state the last pass saved; a fresh one before the first pass. One that cannot be
    /// read back — larger than a state file may be, or damaged — is lost bookkeeping, never a
    /// reason to stop: the state is a fresh one that assumes the least (`unreadable` says
    /// why), and the next pass writes it again.
    /// - Throws: `OursError` when the file cannot be read for another reason (permissions, I/O).
    package func loadSyncState() throws(OursError) -> SyncState {
        let bytes: [UInt8]
        do {
            guard let read = try readIfPresent(syncStateFile) else { return SyncState() }
            bytes = read
        } catch {
            guard case .tooLarge? = error.cause?.reason else { throw error }
            let size = ((try? fileSystem.stat(syncStateFile)) ?? nil).map { "it is " + RecordState.describe(size: Int($0.size)) }
            let why =
                (size ?? "it is too large")
                + ", more than this device reads back (\(RecordState.describe(size: Replica.stateFileLimit)))"
            return SyncState(lost: syncStateFile, because: why, cause: error.cause)
        }
        do { return SyncState(reading: try JSONObjectReader(bytes, path: syncStateFile)) } catch {
            let prefix = syncStateFile + " is damaged: "
            let why = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
            return SyncState(lost: syncStateFile, because: "it is damaged (\(why))", cause: nil)
        }
    }

    func saveSyncState(_ state: SyncState) throws(OursError) {
        try write(state.encoded(), to: syncStateFile)
    }
    /// The saved folder index, read a chunk at a time. A missing one is empty; so is one that
    /// cannot be read or is damaged, with why: it is a cache, and the pass then reads every
    /// file once and writes it anew.
    func loadFolderIndex() -> (index: FolderIndex, damage: String?) {
        var decoder = FolderIndex.Decoder()
        var size = 0
        do {
            try fileSystem.read(folderIndexFile, chunkSize: FolderIndex.chunkSize) { chunk in
                size += chunk.count
                decoder.feed(chunk)
            }
        } catch {
            return (FolderIndex(), error.reason == .notFound ? nil : error.description)
        }
        let index = decoder.finish()
        // Never written empty (it always starts with its header): an empty one was lost.
        if size == 0 { return (index, "it is empty") }
        return (index, decoder.isDamaged ? "it is not an index this version reads" : nil)
    }

    /// Saves the index, replacing the last one whole. A big one is written a chunk at a time
    /// to `folder-index.new`, then renamed over it: no copy of the file is held in memory.
    func saveFolderIndex(_ index: FolderIndex) throws(OursError) {
        let fileSystem = self.fileSystem
        let partial = folderIndexFile + ".new"
        do {
            if try fileSystem.stat(directory) == nil { try fileSystem.createDirectory(directory) }
            var held: [UInt8]?
            var started = false
            try index.encode { (chunk: [UInt8]) throws(FileSystemError) in
                if let held {
                    if started {
                        try fileSystem.append(partial, held)
                    } else {
                        try fileSystem.writeAtomically(partial, held, durability: .deferred)
                    }
                    started = true
                }
                held = chunk
            }
            guard started else {
                try fileSystem.writeAtomically(folderIndexFile, held ?? [], durability: .deferred)
                return
            }
            if let held { try fileSystem.append(partial, held) }
            try fileSystem.rename(partial, to: folderIndexFile)
        } catch { throw .io(error) }
    }

    /// The far-future findings that are still ahead of the clock and still held by the replica:
    /// a value that a later edit (or `ours doctor --fix`) superseded is no longer a problem.
    func stillFarFuture(_ findings: [SyncState.FarFutureStamp], now: Int64) throws(OursError) -> [SyncState.FarFutureStamp] {
        var result: Set<SyncState.FarFutureStamp> = []
        for finding in findings where finding.stamp.millis > now + HybridLogicalClock.maximumDriftMillis {
            let parts = finding.record.split(separator: "/").map(String.init)
            guard parts.count == 2, let key = try? RecordKey(type: parts[0], id: parts[1]),
                let state = try load(key),
                state.fields[finding.field]?.entries.contains(where: { $0.stamp == finding.stamp }) == true
            else { continue }
            result.insert(finding)
        }
        return result.sorted { ($0.record, $0.field) < ($1.record, $1.field) }
    }
}
