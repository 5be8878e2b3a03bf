extension SyncContext {
    /// Changes `zone.json` and/or `participants.json`: merges the folder's current versions
    /// first, writes the change with one stamp into the replica, and writes both files.
    ///
    /// The change is judged first by the rules every device applies (`Admission`), as another
    /// device would judge it: one they would ignore is refused here, with their reason, so this
    /// device never believes in a change nobody else accepts.
    /// - Throws: `.folderUnavailable` when the folder is missing or this device cannot write it
    ///   now: membership changes must reach the folder, or they would silently never happen;
    ///   `.notPermitted` for a change the rules refuse.
    /// - Parameter computed: manifest changes made from the replica's merged manifest and the
    ///   change's stamp (a list that must carry every value, say).
    func changeDocuments(
        zone: [String: JSONValue?] = [:], manifest given: [String: JSONValue?] = [:], hint: String? = nil,
        computed: ((RecordState, Stamp) -> [String: JSONValue?])? = nil
    ) throws(OursError) {
        let layout = try requireFolder()
        guard fileSystem.isWritableDirectory(layout.zone) else {
            throw .folderUnavailable(
                "the household folder \(layout.zone) cannot be written now, and this change must reach it at once",
                hint: "Nothing was changed. Try again once this device can write it (a read-only mount, or the folder's "
                    + "permissions); changes to records wait on this device meanwhile.")
        }
        try device.withLock { () throws(OursError) in
            var report = SyncReport()
            let outcome = try DocumentSync(context: self, layout: layout, canWriteFolder: true).run(into: &report)
            // A document that does not parse (or a newer version wrote, or another household's)
            // is a person's bytes: never overwritten, so the change waits until it is fixed.
            let changing =
                (zone.isEmpty ? [] : ["zone.json"]) + (given.isEmpty && computed == nil ? [] : ["participants.json"])
            if let broken = report.problems.first(where: { problem in
                [.brokenFile, .newerFormat, .unreadableFile, .foreignDocument].contains(problem.kind)
                    && changing.contains { problem.path == layout.directoryName + "/" + $0 }
            }) {
                throw .failed(broken.text, hint: "Fix or restore that file, then try again; `ours doctor` explains more.")
            }
            let stamp = try device.stamp()
            var zoneState = try replica.loadZone()
            var manifestState = try replica.loadManifest()
            var manifest = given
            if let computed, let state = manifestState { manifest.merge(computed(state, stamp)) { $1 } }
            if !zone.isEmpty, let state = zoneState { try device.observeOwnStamps(in: state) }
            if !manifest.isEmpty, let state = manifestState { try device.observeOwnStamps(in: state) }
            if !zone.isEmpty { zoneState?.writeDocument(zone, at: stamp) }
            if !manifest.isEmpty { manifestState?.writeDocument(manifest, at: stamp) }
            try requireAdmitted(stamp, zone: zoneState, manifest: manifestState, layout: layout, hint: hint)
            if !zone.isEmpty, let state = zoneState {
                try replica.saveZone(state)
                try io { () throws(FileSystemError) in
                    try fileSystem.writeAtomically(layout.zoneFile, StampedDocument.encodeZone(state), durability: .immediate)
                }
            }
            if !manifest.isEmpty, let state = manifestState {
                try replica.saveManifest(state)
                let written = outcome.waiting.map { state.merging($0) } ?? state
                try io { () throws(FileSystemError) in
                    try fileSystem.writeAtomically(
                        layout.participantsFile, StampedDocument.encodeManifest(written), durability: .immediate)
                }
            }
        }
    }

    /// Judges this device's own write stamped `stamp` as every other device will.
    /// - Throws: `.notPermitted` with the reason when any part of it would be ignored.
    func requireAdmitted(
        _ stamp: Stamp, zone: RecordState?, manifest: RecordState?, layout: ZoneLayout, hint: String? = nil
    ) throws(OursError) {
        let codes = ShareCodeLookup(context: self, layout: layout)
        let judged = Admission.admitDocuments(
            zone: zone.map { [$0] } ?? [], manifest: manifest.map { [$0] } ?? [], code: { codes($0) },
            zoneDirectory: layout.directoryName)
        codes.save()
        if let unreadable = codes.unreadable { throw .io(unreadable.error) }
        guard let refusal = (judged.rejected + judged.waits).first(where: { $0.stamp == stamp }) else { return }
        throw .notPermitted(
            "every other device would ignore this change: \(refusal.reason)",
            hint: "Nothing was changed. " + (hint ?? "Run `ours sync`, then try again; `ours members` shows who may do what."))
    }
}
