/// A device's own copy of one household, in its state directory: the merged state of every
/// record, the household's documents, and the keys of local changes not yet in the folder.
///
/// Records are stored one file each, in exactly the form the folder holds, so the device works
/// offline, keeps everything when the folder is gone, and survives `kill -9` at any point:
/// every file is replaced atomically.
///
/// An app reads it through `Zone.replica` (which keys exist, of which types, what waits to be
/// written); it changes records only through `Zone`, which takes the device lock and stamps
/// each write. Writing the replica's files any other way loses changes.
public struct Replica: Sendable {
    let fileSystem: any FileSystem
    /// The replica's folder in the device's state directory.
    public let directory: String

    package init(fileSystem: any FileSystem, directory: String) {
        self.fileSystem = fileSystem
        self.directory = directory
    }

    /// The folder of the record files, laid out as in the shared folder (`<type>/<shard>/<id>.json`).
    public var recordsDirectory: String { joinPath(directory, "records") }
    var outboxDirectory: String { joinPath(directory, "outbox") }
    var zoneFile: String { joinPath(directory, "zone.json") }
    var manifestFile: String { joinPath(directory, "participants.json") }

    /// Where the replica keeps a record's file.
    public func path(of key: RecordKey) -> String {
        joinPath(recordsDirectory, ZoneLayout.relativePath(of: key))
    }

    // MARK: Records

    /// The stored bytes of a record, without decoding: cheap comparisons with the folder.
    public func bytes(of key: RecordKey) throws(OursError) -> [UInt8]? {
        try readIfPresent(path(of: key))
    }

    package func save(_ state: RecordState, durability: Durability = .immediate) throws(OursError) {
        try save(RecordFile.encode(state), of: state.key, durability: durability, state: state)
    }

    /// Saves a record's bytes; `state` is what they decode to, when the caller has it (the
    /// summary index is kept from it; otherwise the bytes are decoded for it).
    package func save(
        _ bytes: [UInt8], of key: RecordKey, durability: Durability, state: RecordState? = nil
    ) throws(OursError) {
        summariesWillChange([key])
        try io { () throws(FileSystemError) in
            try finishInPlaceWrites()
            try write(bytes, of: key, durability: durability)
        }
        // Bytes that do not decode (never this engine's) leave the `?` line: readers read the file.
        if let saved = state ?? (try? decode(bytes, path: path(of: key)).state) { summariesDidChange([key]) { _ in saved } }
    }

    /// Saves a record the replica holds no copy of, `.deferred` (a later flush makes it
    /// durable), on any thread, leaving the summary index alone: for a pass that writes its
    /// type's log whole afterwards (`writeSummaries`, see `SyncPass.saveOnRead`).
    package func saveNew(_ bytes: [UInt8], of key: RecordKey) throws(FileSystemError) {
        try write(bytes, of: key, durability: .deferred)
    }

    private func write(_ bytes: [UInt8], of key: RecordKey, durability: Durability) throws(FileSystemError) {
        let path = path(of: key)
        do throws(FileSystemError) { try fileSystem.writeAtomically(path, bytes, durability: durability) } catch {
            // The first record of its type or shard: its folder is made, then it is written.
            guard error.reason == .notFound else { throw error }
            try fileSystem.createDirectory(parentPath(path))
            try fileSystem.writeAtomically(path, bytes, durability: durability)
        }
    }

    /// Saves many records in one go, each `.deferred` (a later flush makes them durable).
    /// When many of them replace records the replica holds, those are rewritten in place
    /// behind an `OverwriteJournal` (and flushed here, unless `finishingLater`): on some disks
    /// a new file per record costs ten times the write.
    /// - Returns: whether the whole batch is durable already (it was flushed here). A batch
    ///   left to finish later is not: a flush is owed, which `finishInPlaceWrites` makes.
    /// - Parameters:
    ///   - states: what the records decode to, where the caller has it (for the summary
    ///     index; the others are decoded).
    ///   - finishingLater: leaves the flush and the journal's removal for later
    ///     (`finishInPlaceWrites`, which the next record write and the device lock's next taking
    ///     also do): a watcher publishes a burst first and finishes it while it waits for its
    ///     next poll.
    ///   - atomically: every record goes behind the journal, new ones too, and the batch is
    ///     flushed here: after a crash the replica holds all of it or none (`Zone.write`).
    @discardableResult
    package func save(
        batch: [(key: RecordKey, bytes: [UInt8], replacing: Bool)], states: [RecordKey: RecordState] = [:],
        finishingLater: Bool = false, atomically: Bool = false
    ) throws(OursError) -> Bool {
        guard !batch.isEmpty else { return true }
        try io { () throws(FileSystemError) in try finishInPlaceWrites() }
        let keys = batch.map(\.key)
        summariesWillChange(keys)
        let durable =
            atomically ? try saveJournaled(batch, finishingLater: false) : try saveRecords(batch, finishingLater: finishingLater)
        var decoded: [RecordKey: RecordState] = [:]
        for (key, bytes, _) in batch where states[key] == nil {
            decoded[key] = try? decode(bytes, path: path(of: key)).state
        }
        summariesDidChange(keys.filter { states[$0] != nil || decoded[$0] != nil }) { states[$0] ?? decoded[$0] }
        return durable
    }

    private func saveRecords(
        _ batch: [(key: RecordKey, bytes: [UInt8], replacing: Bool)], finishingLater: Bool
    ) throws(OursError) -> Bool {
        let replacing = batch.filter(\.replacing)
        guard replacing.count >= Replica.overwriteInPlaceFrom else {
            try writeNew(batch)
            return false
        }
        try writeNew(batch.filter { !$0.replacing })
        return try saveJournaled(replacing, finishingLater: finishingLater)
    }

    /// Writes `batch` behind an `OverwriteJournal` made durable first: records the replica
    /// holds are rewritten in place, new ones written as new files.
    private func saveJournaled(
        _ batch: [(key: RecordKey, bytes: [UInt8], replacing: Bool)], finishingLater: Bool
    ) throws(OursError) -> Bool {
        let journal = OverwriteJournal(
            entries: batch.map {
                OverwriteJournal.Entry(path: "records/" + ZoneLayout.relativePath(of: $0.key), bytes: $0.bytes)
            })
        let journalPath = joinPath(directory, OverwriteJournal.fileName)
        try io { () throws(FileSystemError) in
            try fileSystem.writeAtomically(journalPath, journal.encoded(), durability: .immediate)
            try overwrite(batch.filter(\.replacing))
        }
        try writeNew(batch.filter { !$0.replacing })
        try io { () throws(FileSystemError) in
            if finishingLater { return }
            try fileSystem.flush(directory)
            try fileSystem.remove(journalPath)
            try fileSystem.flush(directory)  // a journal that came back after a crash would undo later writes
        }
        return !finishingLater
    }

    /// Rewrites records in place (see `inEachFolder`); a record gone meanwhile is written anew.
    private func overwrite(_ files: [(key: RecordKey, bytes: [UInt8], replacing: Bool)]) throws(FileSystemError) {
        try inEachFolder(files) { _, files throws(FileSystemError) in
            for (path, key, bytes) in files {
                do throws(FileSystemError) { try fileSystem.overwrite(path, bytes) } catch {
                    guard error.reason == .notFound else { throw error }  // gone meanwhile: written anew
                    try write(bytes, of: key, durability: .deferred)
                }
            }
        }
    }

    /// Writes many records as new files (`.deferred`; see `inEachFolder`).
    private func writeNew(_ files: [(key: RecordKey, bytes: [UInt8], replacing: Bool)]) throws(OursError) {
        try io { () throws(FileSystemError) in
            try inEachFolder(files) { folder, files throws(FileSystemError) in
                if try fileSystem.stat(folder) == nil { try fileSystem.createDirectory(folder) }
                for file in files { try fileSystem.writeAtomically(file.path, file.bytes, durability: .deferred) }
            }
        }
    }

    /// Runs `body` on the records of each folder: on all cores once there are
    /// `writeSpreadFrom` of them, a folder per thread at a time (threads writing into one
    /// folder queue for its lock). The first failure is thrown, once every write has ended.
    private func inEachFolder(
        _ files: [(key: RecordKey, bytes: [UInt8], replacing: Bool)],
        _ body:
            @Sendable (_ folder: String, _ files: [(path: String, key: RecordKey, bytes: [UInt8])]) throws(FileSystemError) ->
            Void
    ) throws(FileSystemError) {
        var byFolder: [String: [(path: String, key: RecordKey, bytes: [UInt8])]] = [:]
        for file in files {
            let path = path(of: file.key)
            byFolder[parentPath(path), default: []].append((path, file.key, file.bytes))
        }
        let spread = files.count >= Replica.writeSpreadFrom ? 2 : Int.max
        let outcomes = Array(byFolder).concurrentMap(spreadFrom: spread) { folder, files in
            Result { () throws(FileSystemError) in try body(folder, files) }
        }
        for outcome in outcomes { try outcome.get() }
    }

    /// How many new records a batch writes before it spreads them over the cores.
    static let writeSpreadFrom = 64

    /// Removes a record from the replica (one that became empty: every write of it ignored).
    package func remove(_ key: RecordKey) throws(OursError) {
        summariesWillChange([key])
        try io { () throws(FileSystemError) in
            try finishInPlaceWrites()
            try fileSystem.remove(path(of: key))
        }
        summariesDidChange([key]) { _ in nil }
    }

    /// Finishes a batch of in-place writes left to finish later (`save(batch:finishingLater:)`)
    /// or cut short by a crash, if there is one: nothing may write a record the journal holds
    /// while it is there, or a crash would put the journal's older bytes back. Under the
    /// device lock; one `stat` when there is none.
    package func finishInPlaceWrites() throws(FileSystemError) {
        try OverwriteJournal.recover(in: directory, fileSystem: fileSystem)
    }

    /// How many replaced records make a batch worth a journal and in-place writes.
    static let overwriteInPlaceFrom = 64

    /// The record types present in the replica.
    public func types() throws(OursError) -> [String] {
        guard try exists(recordsDirectory) else { return [] }
        do {
            return try fileSystem.list(recordsDirectory)
                .filter { $0.kind == .directory && RecordKey.isValidType($0.name) }.map(\.name).sorted()
        } catch { throw .io(error) }
    }

    /// Every record key of a type (or of every type), by listing the replica's folders.
    public func keys(ofType type: String? = nil) throws(OursError) -> [RecordKey] {
        var keys: [RecordKey] = []
        try forEachKey(ofType: type) { keys.append($0) }
        return keys.sorted()
    }

    /// Every record key of a type (or of every type), one at a time in no set order, by listing
    /// the replica's folders: no list of 100,000 keys is held to look at each once.
    package func forEachKey(ofType type: String? = nil, _ body: (RecordKey) throws(OursError) -> Void) throws(OursError) {
        let recordTypes: [String]
        if let type { recordTypes = [type] } else { recordTypes = try types() }
        for recordType in recordTypes {
            let typeDirectory = joinPath(recordsDirectory, recordType)
            guard try exists(typeDirectory) else { continue }
            for shard in try listing(typeDirectory) where shard.kind == .directory {
                for file in try listing(joinPath(typeDirectory, shard.name))
                where file.kind == .file && file.name.hasSuffix(".json") && !FolderNames.isIgnored(file.name) {
                    let id = String(file.name.dropLast(5))
                    if RecordKey.isValidID(id) { try body(RecordKey(unchecked: recordType, id: id)) }
                }
            }
        }
    }

    private func listing(_ path: String) throws(OursError) -> [DirectoryEntry] {
        do { return try fileSystem.list(path) } catch { throw .io(error) }
    }

    // MARK: Zone documents

    package func loadZone() throws(OursError) -> RecordState? {
        guard let bytes = try readIfPresent(zoneFile) else { return nil }
        do { return try StampedDocument.decodeZone(bytes, modifiedMillis: 0).state } catch {
            throw .failed(
                "\(zoneFile) is damaged: \(error)", hint: "Run `ours doctor --fix` to restore it from the shared folder.")
        }
    }

    package func saveZone(_ state: RecordState) throws(OursError) {
        try write(StampedDocument.encodeZone(state), to: zoneFile)
    }

    package func loadManifest() throws(OursError) -> RecordState? {
        guard let bytes = try readIfPresent(manifestFile) else { return nil }
        do { return try StampedDocument.decodeManifest(bytes, modifiedMillis: 0).state } catch {
            throw .failed(
                "\(manifestFile) is damaged: \(error)", hint: "Run `ours doctor --fix` to restore it from the shared folder.")
        }
    }

    package func saveManifest(_ state: RecordState) throws(OursError) {
        try write(StampedDocument.encodeManifest(state), to: manifestFile)
    }

    // MARK: Outbox

    /// Notes that a record changed here and must reach the folder; kept until it has.
    package func markPending(_ key: RecordKey) throws(OursError) {
        do {
            if try fileSystem.stat(outboxDirectory) == nil { try fileSystem.createDirectory(outboxDirectory) }
            try fileSystem.writeAtomically(joinPath(outboxDirectory, key.type + "~" + key.id), [], durability: .deferred)
        } catch { throw .io(error) }
    }

    /// The records changed on this device and not yet written to the folder (its outbox).
    public func pendingKeys() throws(OursError) -> [RecordKey] {
        try keys(inMarkerDirectory: outboxDirectory)
    }

    private func keys(inMarkerDirectory markers: String) throws(OursError) -> [RecordKey] {
        guard try exists(markers) else { return [] }
        do {
            return try fileSystem.list(markers).compactMap { entry in
                let parts = entry.name.split(separator: "~", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { return nil }
                return try? RecordKey(type: parts[0], id: parts[1])
            }.sorted()
        } catch { throw .io(error) }
    }

    package func clearPending(_ key: RecordKey) throws(OursError) {
        do { try fileSystem.remove(joinPath(outboxDirectory, key.type + "~" + key.id)) } catch { throw .io(error) }
    }

    var deliveredDirectory: String { joinPath(directory, "delivered") }

    /// Moves a key from the outbox to the delivered list: written straight to the folder by
    /// this process, which did not update the folder index (too big to load for one write).
    /// The next sync pass checks the folder's file against the replica before forgetting it,
    /// so a file that went back to older bytes meanwhile cannot hide the change.
    package func markDelivered(_ key: RecordKey) throws(OursError) {
        let name = key.type + "~" + key.id
        try io { () throws(FileSystemError) in
            if try fileSystem.stat(deliveredDirectory) == nil { try fileSystem.createDirectory(deliveredDirectory) }
            do throws(FileSystemError) {
                try fileSystem.rename(joinPath(outboxDirectory, name), to: joinPath(deliveredDirectory, name))
            } catch {
                guard error.reason == .notFound else { throw error }
                try fileSystem.writeAtomically(joinPath(deliveredDirectory, name), [], durability: .deferred)
            }
        }
    }

    /// Keys written straight to the folder since the last sync pass (see `markDelivered`).
    package func deliveredKeys() throws(OursError) -> [RecordKey] {
        try keys(inMarkerDirectory: deliveredDirectory)
    }

    package func clearDelivered(_ key: RecordKey) throws(OursError) {
        do { try fileSystem.remove(joinPath(deliveredDirectory, key.type + "~" + key.id)) } catch { throw .io(error) }
    }

    // MARK: Helpers

    func decode(_ bytes: [UInt8], path: String, limit: Int = RecordFile.maximumSize) throws(OursError) -> DecodedRecordFile {
        do { return try RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0, limit: limit) } catch {
            throw .failed(
                "the replica file \(path) is damaged: \(error)",
                hint: "Run `ours doctor --fix` to restore it from the shared folder.")
        }
    }

    /// The most bytes the replica's own files — records, `zone.json`, `participants.json` and
    /// the state files beside them — are read with, and so the most any of them is written with.
    package static let stateFileLimit = RecordFile.maximumSize

    func readIfPresent(_ path: String) throws(OursError) -> [UInt8]? {
        do { return try fileSystem.readLocked(path, limit: Replica.stateFileLimit) } catch {
            if error.reason == .notFound || error.reason == .notADirectory { return nil }
            throw .io(error)
        }
    }

    func exists(_ path: String) throws(OursError) -> Bool {
        do { return try fileSystem.stat(path) != nil } catch { throw .io(error) }
    }

    /// Writes one of the replica's state files, refusing one it could not read back.
    func write(_ bytes: [UInt8], to path: String) throws(OursError) {
        guard bytes.count <= Replica.stateFileLimit else {
            throw .failed(
                "\(path) was not written: it would be \(RecordState.describe(size: bytes.count)), more than this "
                    + "device reads back (\(RecordState.describe(size: Replica.stateFileLimit)))")
        }
        do {
            if try fileSystem.stat(directory) == nil { try fileSystem.createDirectory(directory) }
            try fileSystem.writeAtomically(path, bytes, durability: .immediate)
        } catch { throw .io(error) }
    }
}
