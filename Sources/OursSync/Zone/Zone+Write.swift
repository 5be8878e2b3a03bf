extension Zone {
    /// Runs `body` as one change of the household: every `put` and `remove` in it (on this
    /// zone, from this thread) is staged in memory and saved when `body` returns, all together,
    /// or not at all when it throws.
    ///
    /// ```swift
    /// try zone.write {
    ///     try zone.put(type: "item", id: "flour", fields: ["name": "Flour"])
    ///     try zone.put(type: "item", id: "sugar", fields: ["name": "Sugar"])
    /// }
    /// ```
    ///
    /// - One device lock for the whole write; each record is read once, and its file encoded
    ///   and written once, however often `body` changes it.
    /// - Reads inside `body` (`get`, `state(of:)`, `list(type:)`, the summaries listings read)
    ///   see what it staged; other threads and processes see the household as it was until
    ///   the write ends.
    /// - All or nothing on the device: the records are saved behind a journal made durable
    ///   first, so a crash at any point leaves this device with none of them or all of them.
    /// - Watchers and feeds see one change set; the folder gets every record in one
    ///   write-through, with one flush.
    /// - A write inside another on the same zone joins it.
    ///
    /// - Throws: what `body` throws (nothing is saved then), or what saving throws (a record
    ///   past the size limit: nothing is saved).
    @discardableResult
    public func write<T>(_ body: () throws(OursError) -> T) throws(OursError) -> T {
        let directory = replica.directory
        let (result, saved) = try device.withLock { () throws(OursError) -> (T, [RecordKey]) in
            guard device.beginStaging(in: directory) else { return (try body(), []) }
            let outcome: Result<T, OursError>
            do throws(OursError) { outcome = .success(try body()) } catch { outcome = .failure(error) }
            let staged = device.endStaging(in: directory)
            let result = try outcome.get()
            return (result, try commit(staged))
        }
        try context.writeThrough(saved)
        return result
    }

    /// A write cut short (a crash, a kill) leaves its journal in the replica, with some of its
    /// records saved and others not; the next taking of the device lock finishes it. A reader
    /// does not take the lock, so when a journal is there it takes it once first: what it then
    /// reads holds the whole write. (One `stat` when there is none.)
    func finishInterruptedWrite() {
        guard (try? fileSystem.stat(joinPath(replica.directory, OverwriteJournal.fileName))) ?? nil != nil else { return }
        try? device.withLock { () throws(OursError) in }
    }

    /// A record as an open write on this thread staged it, else as the replica holds it.
    /// - Returns: the record now, and as the replica held it before the write.
    func current(_ key: RecordKey) throws(OursError) -> (state: RecordState?, stored: RecordState?) {
        if let staged = device.staged(in: replica.directory)?.records[key] { return (staged.state, staged.previous) }
        let stored = try replica.loadForRepair(key)
        return (stored, stored)
    }

    /// Stages a changed record in the open write. Under the device lock, inside `write`.
    /// - Throws: `.failed` when no write is open (never by `put` or `remove`, which open one):
    ///   the change would be lost, so it is refused.
    func stage(_ state: RecordState, previous: RecordState?) throws(OursError) {
        guard device.stage(state, previous: previous, in: replica.directory) else {
            throw .failed("\(state.key) was changed outside a write of \(name); nothing was saved")
        }
    }

    /// Saves what a write staged: every record checked first (nothing is saved when one is
    /// refused), marked for the folder, saved together, and noted as one change set.
    /// - Returns: the keys saved.
    private func commit(_ staged: StagedWrites) throws(OursError) -> [RecordKey] {
        guard !staged.isEmpty else { return [] }
        var files: [(key: RecordKey, bytes: [UInt8], replacing: Bool)] = []
        var states: [RecordKey: RecordState] = [:]
        var changed: [(previous: RecordState?, state: RecordState)] = []
        for key in staged.order {
            guard let (previous, state) = staged.records[key] else { continue }
            let (fitting, bytes) = try Zone.fitting(state, previous: previous)
            files.append((key, bytes, previous != nil))
            states[key] = fitting
            changed.append((previous, fitting))
        }
        try device.saveClockBeforeStagedRecords()
        if !isPrivate { for file in files { try replica.markPending(file.key) } }
        if files.count == 1, let file = files.first {
            try replica.save(file.bytes, of: file.key, durability: .immediate, state: states[file.key])
        } else {
            try replica.save(batch: files, states: states, atomically: true)
        }
        noteLocalChanges(changed)
        return staged.order
    }

    /// A record as it would be saved: shed of history down to the size limit.
    /// - Throws: `.usage` for a record with nothing in it, or one larger than the size limit
    ///   once its history is shed (one that shrinks may stay up to the hard limit).
    static func fitting(_ state: RecordState, previous: RecordState?) throws(OursError) -> (RecordState, [UInt8]) {
        guard !state.isEmpty else {
            // A record without a single write does not exist for readers (`RecordState.isEmpty`).
            throw .usage("nothing to save for \(state.key): give at least one field")
        }
        let (fitting, bytes) = state.shedding(toFit: RecordFile.writeLimit)
        let shrinks = previous.map { bytes.count < RecordFile.encode($0).count } ?? false
        guard bytes.count <= RecordFile.writeLimit || (shrinks && bytes.count <= RecordFile.maximumSize) else {
            throw .usage(
                "\(state.key) would be \(RecordState.describe(size: bytes.count)); a record may hold at most "
                    + RecordState.describe(size: RecordFile.writeLimit) + "; nothing was saved",
                hint: "Keep large data elsewhere (a file beside the household, a link) and store its name or link.")
        }
        return (fitting, bytes)
    }
}
