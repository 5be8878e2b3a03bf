/// What `ours doctor` checks in this device's copy of the household, record by record: one
/// record that cannot be read must not stop the check of the others.
extension Zone {
    /// The replica's records that need a look.
    struct ReplicaCheck {
        /// Records holding stamps far ahead of this device's clock, with the fields concerned.
        var farFuture: [RecordKey: Set<String>] = [:]
        /// Records larger than a record may hold (an earlier version let them grow), with their size.
        var tooLarge: [(key: RecordKey, size: Int)] = []
        /// Records with nothing in them (every write ignored) that an earlier version kept.
        var empty: [RecordKey] = []
    }

    /// Looks at every record of the replica once.
    func checkReplica(now: Int64) throws(OursError) -> ReplicaCheck {
        var check = ReplicaCheck()
        for key in try replica.keys() {
            switch try replica.stored(key) {
            case .none:
                continue
            case .tooLarge(let size):
                check.tooLarge.append((key, size))
            case .state(let state) where state.isEmpty:
                check.empty.append(key)
            case .state(let state):
                for (field, register) in state.fields
                where register.entries.contains(where: { $0.stamp.millis > now + HybridLogicalClock.maximumDriftMillis }) {
                    check.farFuture[key, default: []].insert(field)
                }
            }
        }
        return check
    }

    /// The problem a record too large for this device's copy is.
    func tooLargeProblem(_ key: RecordKey, size: Int) -> Problem {
        Problem(
            .recordTooLarge, path: nil,
            "\(key) on this device is \(RecordState.describe(size: size)), more than a record may hold "
                + "(\(RecordState.describe(size: RecordFile.maximumSize))); `ours doctor --fix` makes it fit, "
                + "or sets it aside on this device")
    }

    /// Where a record too large to keep is set aside on this device (never in the folder).
    func setAsidePath(_ key: RecordKey) -> String {
        joinPath(replica.directory, "oversized", key.type + "~" + key.id + ".json")
    }

    /// Repairs what an earlier version left in the replica: records grown past the limit are
    /// shed to fit (the same shedding every device does), or, when even that is not enough,
    /// moved out of the replica to `oversized/` beside it with their waiting change (the
    /// person's data stays on the device, and the path is reported); empty records go.
    /// - Returns: what was repaired, in words.
    func repairReplica(_ check: ReplicaCheck) throws(OursError) -> [String] {
        var fixed: [String] = []
        try device.withLock { () throws(OursError) in
            for (key, size) in check.tooLarge {
                if case .state(let state) = try replica.stored(key, limit: RecordFile.repairSize) {
                    let (shed, bytes) = state.shedding()
                    if bytes.count <= RecordFile.maximumSize {
                        try replica.save(bytes, of: key, durability: .immediate)
                        if shed != state, !isPrivate { try replica.markPending(key) }
                        fixed.append("\(key) was \(RecordState.describe(size: size)); shed its history to fit")
                        continue
                    }
                }
                let aside = setAsidePath(key)
                try io { () throws(FileSystemError) in
                    try fileSystem.createDirectory(parentPath(aside))
                    try fileSystem.rename(replica.path(of: key), to: aside)
                }
                try replica.clearPending(key)
                try replica.clearDelivered(key)
                fixed.append(
                    "\(key) was \(RecordState.describe(size: size)), too large for a record even without its history: "
                        + "set aside on this device in \(aside)")
            }
            for key in check.empty { try replica.remove(key) }
            if !check.empty.isEmpty { fixed.append("removed \(check.empty.count) empty record(s) an earlier version kept") }
            // Records set aside above left the replica behind the index's back; and whatever
            // else may have, the next listing rebuilds it from the records.
            try replica.dropSummaries()
        }
        return fixed
    }
}
