extension SyncContext {
    /// Changes `zone.json` and/or `participants.json`: merges the folder's current versions
    /// first, writes the change with one stamp into the replica, and writes both files.
    /// - Throws: `.folderUnavailable` when the folder is missing: membership changes must
    ///   reach the folder, or they would silently never happen.
    func changeDocuments(zone: [String: JSONValue?] = [:], manifest: [String: JSONValue?] = [:]) throws(OursError) {
        let layout = try requireFolder()
        guard fileSystem.isWritableDirectory(layout.zone) else {
            throw .notPermitted("this device cannot write to \(layout.zone)", hint: "Check the shared folder's permissions.")
        }
        try device.withLock { () throws(OursError) in
            var report = SyncReport()
            try DocumentSync(context: self, layout: layout, canWriteFolder: true).run(into: &report)
            // A document that does not parse (or a newer version wrote) is a person's bytes:
            // never overwritten, so the change waits until it is fixed.
            let changing = (zone.isEmpty ? [] : ["zone.json"]) + (manifest.isEmpty ? [] : ["participants.json"])
            if let broken = report.problems.first(where: { problem in
                [.brokenFile, .newerFormat, .unreadableFile].contains(problem.kind)
                    && changing.contains { problem.path == layout.directoryName + "/" + $0 }
            }) {
                throw .failed(broken.text, hint: "Fix or restore that file, then try again; `ours doctor` explains more.")
            }
            let stamp = try device.stamp()
            if !zone.isEmpty, var state = try replica.loadZone() {
                try device.observeOwnStamps(in: state)
                state.write(zone, at: stamp)
                try replica.saveZone(state)
                try io { () throws(FileSystemError) in
                    try fileSystem.writeAtomically(layout.zoneFile, StampedDocument.encodeZone(state), durability: .immediate)
                }
            }
            if !manifest.isEmpty, var state = try replica.loadManifest() {
                try device.observeOwnStamps(in: state)
                state.write(manifest, at: stamp)
                try replica.saveManifest(state)
                try io { () throws(FileSystemError) in
                    try fileSystem.writeAtomically(
                        layout.participantsFile, StampedDocument.encodeManifest(state), durability: .immediate)
                }
            }
        }
    }
}
