/// Reading records from the replica. A record an earlier version let grow past the size limit
/// is read only to repair it: every other reader skips it or names it, so one such record never
/// stops the rest (docs/FORMAT.md, "Size").
extension Replica {
    /// A record as this device stores it.
    package enum Stored: Sendable, Equatable {
        case none
        case state(RecordState)
        /// Larger than the limit it was read with (an earlier version let it grow): `size` bytes.
        case tooLarge(size: Int)
    }

    /// A record as stored (empty or not), read up to `limit` bytes.
    package func stored(_ key: RecordKey, limit: Int = RecordFile.maximumSize) throws(OursError) -> Stored {
        let path = path(of: key)
        let bytes: [UInt8]
        do throws(FileSystemError) { bytes = try fileSystem.readLocked(path, limit: limit) } catch {
            if error.reason == .notFound || error.reason == .notADirectory { return .none }
            guard case .tooLarge = error.reason else { throw .io(error) }
            return .tooLarge(size: Int((try? fileSystem.stat(path))??.size ?? Int64(limit) + 1))
        }
        do throws(OursError) { return .state(try decode(bytes, path: path, limit: limit).state) } catch {
            // Half rewritten by a batch a crash cut short: the journal holds its whole bytes.
            let relative = "records/" + ZoneLayout.relativePath(of: key)
            guard let journal = OverwriteJournal.load(in: directory, fileSystem: fileSystem),
                let entry = journal.entries.last(where: { $0.path == relative }),
                let state = try? decode(entry.bytes, path: path, limit: limit).state
            else { throw error }
            return .state(state)
        }
    }

    /// A record as this device holds it; `nil` when it holds none, or an empty one (every
    /// write of it ignored, see `RecordState.isEmpty`), which does not exist for readers.
    /// - Throws: `.failed` for a record larger than the limit (left by an earlier version):
    ///   it fails alone; `ours doctor --fix` repairs it.
    public func load(_ key: RecordKey) throws(OursError) -> RecordState? {
        switch try stored(key) {
        case .none: return nil
        case .state(let state): return state.isEmpty ? nil : state
        case .tooLarge(let size): throw Replica.tooLarge(key, size: size)
        }
    }

    /// Like `load`, but a record too large to read is skipped (`nil`): for listings, which
    /// one such record must not stop (sync passes and `ours doctor` report it).
    public func loadIfReadable(_ key: RecordKey) throws(OursError) -> RecordState? {
        if case .state(let state) = try stored(key), !state.isEmpty { return state }
        return nil
    }

    /// Like `load`, but reads a record an earlier version let grow past the limit (up to
    /// `RecordFile.repairSize`), for a write that makes it smaller (see `RecordState.shedding`).
    package func loadForRepair(_ key: RecordKey) throws(OursError) -> RecordState? {
        switch try stored(key, limit: RecordFile.repairSize) {
        case .none: return nil
        case .state(let state): return state.isEmpty ? nil : state
        case .tooLarge(let size): throw Replica.tooLarge(key, size: size)
        }
    }

    /// The stored state, empty or not; `nil` when there is none or it is too large.
    func loadStored(_ key: RecordKey) throws(OursError) -> RecordState? {
        if case .state(let state) = try stored(key) { return state }
        return nil
    }

    static func tooLarge(_ key: RecordKey, size: Int) -> OursError {
        .failed(
            "\(key) on this device is \(RecordState.describe(size: size)), more than a record may hold "
                + "(\(RecordState.describe(size: RecordFile.maximumSize)))",
            hint: "`ours doctor --fix` makes it fit, or sets it aside and says where.")
    }

    /// Many records as stored, read and decoded on all cores once there are enough of them.
    /// One an earlier version let grow past the limit is read up to `RecordFile.repairSize`:
    /// a merge may make it fit again.
    package func stored(many keys: [RecordKey]) throws(OursError) -> [RecordKey: Stored] {
        let loaded = keys.concurrentMap(spreadFrom: 64) { key in
            Result { () throws(OursError) in try stored(key, limit: RecordFile.repairSize) }
        }
        var states: [RecordKey: Stored] = [:]
        states.reserveCapacity(keys.count)
        for (key, result) in zip(keys, loaded) { states[key] = try result.get() }
        return states
    }
}
