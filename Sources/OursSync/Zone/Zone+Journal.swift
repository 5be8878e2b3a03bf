extension Zone {
    /// Notes changes to the replica in its journal, so a watcher — in this process or another
    /// one using the same state directory — publishes them. Call under the device lock.
    ///
    /// Never fails the change itself: the journal only tells listeners, and the records are
    /// already safe in the replica.
    func noteChanges(_ changes: [RecordChange], origin: ChangeOrigin, device writer: DeviceID? = nil) {
        guard !isPrivate, !changes.isEmpty else { return }
        try? replica.journal.append(changes, origin: origin, device: writer, at: device.clock.nowMillis())
    }

    /// Notes one record changed on this device (`previous` is its state before the change).
    func noteLocalChange(from previous: RecordState?, to state: RecordState) {
        guard !isPrivate, let change = RecordChange.between(previous, state, manifest: ParticipantManifest()) else { return }
        noteChanges([change], origin: .local, device: state.latestStamp?.device)
    }
}
