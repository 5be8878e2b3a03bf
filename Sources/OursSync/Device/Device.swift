import Foundation

/// One installation of Ours: its state directory (`OURS_HOME`), identity, clock, and the
/// households it belongs to. The entry point of the library.
///
/// Every change runs under the device lock (`withLock`), shared by all processes using the
/// same state directory, so a watcher and one-shot commands take turns instead of racing.
public final class Device: Sendable {
    /// The state directory: identity, clock, memberships, replicas and the device lock's file.
    public let home: String
    /// Where every file is read and written, the state directory's and the shared folder's:
    /// the local disk, or an in-memory file system in tests.
    public let fileSystem: any FileSystem
    /// Where the time of stamps and of dates written to files comes from.
    public let clock: any WallClock
    private let state = Locked(LockState())

    struct LockState {
        var depth = 0
        var fileLock: (any FileLock)?
        var hlc: HybridLogicalClock?
        var hlcDirty = false
        /// Whether the clock file holds one stamp line, flushed: a new stamp may be written
        /// over it in place (see `saveClockInPlace`).
        var clockOnDisk = false
        /// Whether a stamp was issued while the lock is held.
        var stamped = false
        /// Record changes an open `Zone.write` staged, by replica directory, until it ends.
        var staged: [String: StagedWrites] = [:]
        /// The identity and memberships files as read while the lock is held (`nil` bytes: no
        /// file): every writer of them holds the lock, so they cannot change under it but by
        /// this process, which forgets them when it writes them.
        var heldFiles: [String: [UInt8]?] = [:]
    }

    private let reentrancy = NSRecursiveLock()

    /// A device using the state directory `home`. Nothing is read or written until a call needs it.
    public init(home: String, fileSystem: any FileSystem = LocalFileSystem(), clock: any WallClock = SystemWallClock()) {
        self.home = home
        self.fileSystem = fileSystem
        self.clock = clock
    }

    /// The state directory to use: `OURS_HOME`, else `$XDG_DATA_HOME/ours`, else the
    /// platform's usual place under the home folder.
    public static func defaultHome(environment: [String: String]) -> String {
        if let home = environment["OURS_HOME"], !home.isEmpty { return home }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return joinPath(data, "ours") }
        let user = environment["HOME"] ?? NSHomeDirectory()
        #if os(macOS) || os(iOS)
            return joinPath(user, "Library/Application Support/Ours")
        #else
            return joinPath(user, ".local/share/ours")
        #endif
    }

    var identityFile: String { joinPath(home, "device.json") }
    var clockFile: String { joinPath(home, "clock") }
    var lockFile: String { joinPath(home, ".lock") }

    var replicasDirectory: String { joinPath(home, "replicas") }

    /// Finishes every replica's batch of in-place writes that a crash cut short, before
    /// anything else under the lock reads or writes a replica (see `OverwriteJournal`).
    private func recoverOverwrites() throws(FileSystemError) {
        guard try fileSystem.stat(replicasDirectory) != nil else { return }
        for entry in try fileSystem.list(replicasDirectory) where entry.kind == .directory {
            try OverwriteJournal.recover(in: joinPath(replicasDirectory, entry.name), fileSystem: fileSystem)
        }
    }

    /// This device's copy of the household `householdID`, under `home`'s `replicas/`. Nothing is
    /// read or written here.
    public func replica(_ householdID: String) -> Replica {
        Replica(fileSystem: fileSystem, directory: joinPath(replicasDirectory, householdID))
    }

    /// The id of the replica of this device's private data: its records before it belongs to
    /// any household (`Zone.privateID`).
    package static let privateDataID = "private"

    // MARK: Identity

    /// This device's identity, or `nil` before `ours init`.
    public func identity() throws(OursError) -> DeviceIdentity? {
        guard let bytes = try readIfPresent(identityFile) else { return nil }
        return try DeviceIdentity(reading: JSONObjectReader(bytes, path: identityFile))
    }

    /// This device's identity.
    /// - Throws: `OursError` when the device is not set up yet (before `initialize`, `ours init`)
    ///   or its `device.json` cannot be read or is damaged.
    public func requireIdentity() throws(OursError) -> DeviceIdentity {
        guard let identity = try identity() else {
            throw .failed("this device is not set up (no \(identityFile))", hint: "Run `ours init --name \"Your Name\"` first.")
        }
        return identity
    }

    /// Sets up the device, or updates the name and email of one already set up.
    public func initialize(name: String, email: String?) throws(OursError) -> DeviceIdentity {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .usage("--name must not be empty") }
        return try withLock { () throws(OursError) -> DeviceIdentity in
            var identity =
                try identity()
                ?? DeviceIdentity(
                    deviceID: .random(), participantID: "p" + RandomID.make(length: 11), name: trimmed, email: email,
                    createdAt: UTCTime.iso8601(millis: clock.nowMillis()))
            identity.name = trimmed
            if let email { identity.email = email }
            try writeState(stateFileBytes(identity.document), to: identityFile)
            return identity
        }
    }

    /// Replaces this device's id in stamps, keeping the person: how a device whose clock ran far
    /// ahead starts again with honest stamps (its old id stays monotonic forever). Register
    /// `newID` in the participant manifests first, stamped by the old id (see
    /// `Zone.rotateDeviceID`): other devices ignore changes by a device no one listed.
    func rotateDeviceID(to newID: DeviceID) throws(OursError) -> DeviceIdentity {
        try withLock { () throws(OursError) -> DeviceIdentity in
            var identity = try requireIdentity()
            identity.deviceID = newID
            try writeState(stateFileBytes(identity.document), to: identityFile)
            state.withLock {
                $0.hlc = HybridLogicalClock(device: identity.deviceID)
                $0.hlcDirty = true
            }
            return identity
        }
    }

    // MARK: Lock and clock

    /// Runs `body` holding the device lock (re-entrant within this process).
    public func withLock<T>(_ body: () throws(OursError) -> T) throws(OursError) -> T {
        reentrancy.lock()
        defer { reentrancy.unlock() }
        let first = state.withLock { $0.depth == 0 }
        if first {
            do throws(FileSystemError) {
                if try fileSystem.stat(home) == nil { try fileSystem.createDirectory(home) }
                let lock = try fileSystem.lock(lockFile, wait: true)
                do throws(FileSystemError) { try recoverOverwrites() } catch {
                    lock?.unlock()  // nothing else may run on a replica a crash left half rewritten
                    throw error
                }
                state.withLock { $0.fileLock = lock }
            } catch { throw .io(error) }
        }
        state.withLock { $0.depth += 1 }
        defer {
            let release = state.withLock { s -> Bool in
                s.depth -= 1
                return s.depth == 0
            }
            if release {
                try? saveClockOnRelease()
                state.withLock {
                    $0.fileLock?.unlock()
                    $0.fileLock = nil
                    $0.heldFiles = [:]
                    $0.hlc = nil
                    $0.clockOnDisk = false
                    $0.stamped = false
                }
            }
        }
        return try body()
    }

    // MARK: State files read once under the lock

    /// A state file as read earlier while this thread holds the lock: `.some(nil)` when there
    /// was none; `nil` when not read yet, or the lock is not held here.
    func heldFile(_ path: String) -> [UInt8]?? {
        guard reentrancy.try() else { return nil }
        defer { reentrancy.unlock() }
        return state.withLock { $0.depth > 0 ? $0.heldFiles[path] : nil }
    }

    /// Keeps a state file's bytes until the lock is released, if this thread holds it.
    func holdFile(_ path: String, _ bytes: [UInt8]?) {
        guard reentrancy.try() else { return }
        defer { reentrancy.unlock() }
        state.withLock { if $0.depth > 0 { $0.heldFiles[path] = .some(bytes) } }
    }

    /// Forgets every state file held: one of them is being written, moved or removed.
    func forgetHeldFiles() { state.withLock { $0.heldFiles = [:] } }

    // MARK: Staged writes (see `Zone.write`)

    /// Opens staging in `replica` unless a write there is open already. Under `withLock`.
    /// - Returns: whether this call opened it (and must end it with `endStaging`).
    func beginStaging(in replica: String) -> Bool {
        state.withLock { lock in
            guard lock.staged[replica] == nil else { return false }
            lock.staged[replica] = StagedWrites()
            return true
        }
    }

    /// Closes staging in `replica`. - Returns: what was staged.
    func endStaging(in replica: String) -> StagedWrites {
        state.withLock { $0.staged.removeValue(forKey: replica) } ?? StagedWrites()
    }

    /// What an open write staged in `replica`, seen only from the thread that holds the lock:
    /// another thread reads the replica as it was before the write.
    func staged(in replica: String) -> StagedWrites? {
        guard reentrancy.try() else { return nil }
        defer { reentrancy.unlock() }
        return state.withLock { $0.staged[replica] }
    }

    /// Stages a record's new state in `replica`'s open write. Under `withLock`.
    /// - Returns: `false` when no write is open there.
    func stage(_ record: RecordState, previous: RecordState?, in replica: String) -> Bool {
        state.withLock { lock in
            guard lock.staged[replica] != nil else { return false }
            lock.staged[replica]!.stage(record, previous: previous)
            return true
        }
    }

    /// A new stamp from this device's clock. Call under `withLock`.
    /// - Throws: `OursError` when the clock file is damaged, or when the clock has issued the
    ///   last stamp there can be (see `HybridLogicalClock.tick`): nothing is stamped past it.
    public func stamp() throws(OursError) -> Stamp {
        try stamp(reserve: HybridLogicalClock.reservedForHandover)
    }

    /// A new stamp that may use the stamps kept back at the last instant (`stamp()` does not):
    /// for the change that hands this device's writes over to a new id (`Zone.rotateDeviceID`).
    package func handoverStamp() throws(OursError) -> Stamp { try stamp(reserve: 0) }

    /// A stamp for a record `Zone.write` stages: the clock is saved once, when the write ends
    /// and before its records (`saveClockBeforeStagedRecords`), not at every stamp.
    func stampForStagedRecord() throws(OursError) -> Stamp {
        try stamp(reserve: HybridLogicalClock.reservedForHandover, saving: false)
    }

    private func stamp(reserve: UInt16, saving: Bool = true) throws(OursError) -> Stamp {
        let now = clock.nowMillis()
        guard let stamp = try withClock({ $0.tick(now: now, reserve: reserve) }) else { throw clockExhausted() }
        state.withLock { $0.stamped = true }
        if saving { try saveClockInPlace() }
        return stamp
    }

    /// Saves the clock ahead of records stamped inside `Zone.write`: no record is saved with
    /// a stamp the clock file has not reached.
    func saveClockBeforeStagedRecords() throws(OursError) { try saveClockInPlace() }
    /// Moves the clock past stamps merged from elsewhere (refusing far-future ones).
    /// - Returns: whether the stamp was absorbed.
    @discardableResult
    public func receive(_ stamp: Stamp) throws(OursError) -> Bool {
        let now = clock.nowMillis()
        return try withClock { $0.receive(stamp, now: now) }
    }

    /// Moves the clock past the latest of some merged stamps that is not too far ahead: one
    /// device with a wrong clock must not keep this one from moving past everyone else's.
    public func receive<Stamps: Sequence>(latestOf stamps: Stamps) throws(OursError) where Stamps.Element == Stamp {
        let now = clock.nowMillis()
        guard let latest = stamps.filter({ $0.millis <= now + HybridLogicalClock.maximumDriftMillis }).max() else { return }
        _ = try withClock { $0.receive(latest, now: now) }
    }

    /// Moves the clock past this device's own stamps found in a record, whatever their time,
    /// so a new write always supersedes this device's earlier ones (even after a lost clock file).
    public func observeOwnStamps(in record: RecordState) throws(OursError) {
        let identity = try requireIdentity()
        guard let latest = record.allStamps.filter({ $0.device == identity.deviceID }).max() else { return }
        _ = try withClock { clock in
            clock.receive(latest, now: latest.millis)
        }
    }

    /// The clock's current state (for status reports).
    package func currentClock() throws(OursError) -> HybridLogicalClock {
        try withLock { () throws(OursError) -> HybridLogicalClock in try withClock { $0 } }
    }

    private func withClock<T>(_ body: (inout HybridLogicalClock) -> T) throws(OursError) -> T {
        let loaded = state.withLock { $0.hlc }
        var hlc: HybridLogicalClock
        if let loaded {
            hlc = loaded
        } else {
            hlc = try loadClock()
        }
        let before = hlc
        let result = body(&hlc)
        state.withLock {
            $0.hlc = hlc
            if hlc != before { $0.hlcDirty = true }
        }
        return result
    }

    private func loadClock() throws(OursError) -> HybridLogicalClock {
        let identity = try requireIdentity()
        switch try readClockFile() {
        case .missing:
            return HybridLogicalClock(device: identity.deviceID)
        case .damaged(let why):
            throw damagedClock(why)
        case .stamp(let last, let wholeLine):
            state.withLock { $0.clockOnDisk = wholeLine }
            return HybridLogicalClock(device: identity.deviceID, millis: last.millis, counter: last.counter)
        }
    }

    /// Writes a new stamp over the clock file's line in place: a write of one page, done whole
    /// or not at all, that leaves no moment without the file and makes no new one — so a power
    /// cut cannot leave it empty, as a rename of a file not yet flushed can. A file not known
    /// to hold a line is replaced and flushed instead. The lock's release flushes it
    /// (`saveClockIfNeeded`).
    private func saveClockInPlace() throws(OursError) {
        let (hlc, onDisk) = state.withLock { ($0.hlc, $0.clockOnDisk) }
        guard let hlc else { return }
        guard onDisk else { return try saveClockIfNeeded() }
        do { try fileSystem.overwrite(clockFile, Array((hlc.last.description + "\n").utf8)) } catch { throw .io(error) }
    }

    /// Saves the clock as the lock is released. One that issued stamps is replaced, flushed
    /// (`saveClockIfNeeded`); one only moved past stamps merged from elsewhere is written over
    /// in place, unflushed, sparing a watcher's pass two flushes: the replica holds those stamps
    /// and what supersedes what never depends on them, so losing that write to a power cut
    /// costs nothing.
    private func saveClockOnRelease() throws(OursError) {
        let (dirty, stamped, onDisk) = state.withLock { ($0.hlcDirty, $0.stamped, $0.clockOnDisk) }
        guard dirty else { return }
        guard !stamped, onDisk else { return try saveClockIfNeeded() }
        try saveClockInPlace()
        state.withLock { $0.hlcDirty = false }
    }

    /// Replaces the clock file with the last stamp, flushed before the rename and after it: a
    /// clock file is trusted only once flushed.
    private func saveClockIfNeeded() throws(OursError) {
        let (hlc, dirty) = state.withLock { ($0.hlc, $0.hlcDirty) }
        guard dirty, let hlc else { return }
        try writeState(Array((hlc.last.description + "\n").utf8), to: clockFile, durability: .immediate)
        state.withLock {
            $0.hlcDirty = false
            $0.clockOnDisk = true
        }
    }

    /// Sets the clock to `clock` and writes it (flushed), whatever the file held: how
    /// `ours doctor --fix` mends a damaged clock file. Call under `withLock`.
    func replaceClock(_ clock: HybridLogicalClock) throws(OursError) {
        state.withLock {
            $0.hlc = clock
            $0.hlcDirty = true
        }
        try saveClockIfNeeded()
    }
}
