/// `join --bring-my-data`: the records a person kept on this device before joining (their
/// private data) become the household's.
extension Zone {
    /// What `bringPrivateData` moved.
    public struct BroughtData: Sendable {
        /// Records that came in (deleted ones stay behind in private data).
        public var records: Int
        /// Of those, records written on other devices (kept from a household that ended):
        /// their current values came in as this device's writes, since the household's other
        /// devices would not know who wrote them.
        public var rewritten: Int
    }

    /// Moves this device's private records into the household (read-write members only), then
    /// syncs them out. A record written only on this device keeps its stamps, so a record the
    /// household already holds under the same id merges with it as any two copies do; one that
    /// holds other devices' writes comes in as one new write of its current values. The records
    /// are copied and made durable before they leave private data: a failure in between leaves
    /// them in both places, never in neither.
    /// - Throws: `.usage` for private data, `.notPermitted` for a read-only member.
    @discardableResult
    public func bringPrivateData() throws(OursError) -> BroughtData {
        guard membership != nil else { throw .usage("this is your private data already") }
        try requireWritable("bring your records into it")
        let identity = try device.requireIdentity()
        let brought = try device.withLock { () throws(OursError) -> BroughtData in
            let source = device.replica(Zone.privateID)
            var result = BroughtData(records: 0, rewritten: 0)
            var moved: [RecordKey] = []
            for key in try source.keys() {
                guard var state = try source.load(key), !state.isDeleted else { continue }
                if Self.hasForeignWrites(state, own: identity.deviceID) {
                    var fresh = try replica.load(key) ?? RecordState(key: key)
                    fresh.write(state.values.mapValues { $0 }, at: try device.stamp())
                    state = fresh
                    result.rewritten += 1
                }
                try replica.markPending(key)
                let merged = try replica.load(key).map { $0.merging(state) } ?? state
                try replica.save(merged, durability: .deferred)
                moved.append(key)
            }
            result.records = moved.count
            try context.flush(replica.directory)
            for key in moved {
                try io { () throws(FileSystemError) in try device.fileSystem.remove(source.path(of: key)) }
            }
            return result
        }
        try sync()
        return brought
    }

    /// Whether any write a record holds (or one its writes replaced) was made on another device.
    static func hasForeignWrites(_ state: RecordState, own: DeviceID) -> Bool {
        let foreign = { (stamp: Stamp) in stamp.device != own && !stamp.device.isHandEdit }
        if state.deletions.contains(where: { foreign($0.stamp) }) { return true }
        return state.fields.values.contains { register in
            register.entries.contains { entry in foreign(entry.stamp) || entry.replaced.contains { foreign($0.stamp) } }
        }
    }
}
