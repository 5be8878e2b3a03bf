extension Zone {
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
            try DocumentSync(household: self, layout: layout, canWriteFolder: true).run(into: &report)
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

    /// Merges the folder's `zone.json` and `participants.json` into the replica, when the folder
    /// is there, so membership decisions use what the other devices wrote (a new member, say).
    public func refreshDocuments() throws(OursError) {
        guard membership?.status == .active, let layout = try? requireFolder() else { return }
        try device.withLock { () throws(OursError) in
            var report = SyncReport()
            let writable = fileSystem.isWritableDirectory(layout.zone)
            try DocumentSync(household: self, layout: layout, canWriteFolder: writable).run(into: &report)
            _ = try LifecycleCheck(household: self).apply(folderWritable: writable)
        }
    }

    /// A participant by name (any case) or id, among those matching `filter`.
    /// - Throws: `.notFound` for no match, `.usage` listing the candidates when several match.
    public func participant(
        _ selector: String, where filter: (Participant) -> Bool = { _ in true }
    ) throws(OursError)
        -> Participant
    {
        try refreshDocuments()
        let manifest = try manifest()
        if let exact = manifest.participants[selector], filter(exact) { return exact }
        let matches = manifest.sorted.filter { filter($0) && $0.name.lowercased() == selector.lowercased() }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            let list = matches.map { "\($0.name) (\($0.id))" }.joined(separator: ", ")
            throw .usage("\"\(selector)\" matches several members: \(list)", hint: "Use the member's id.")
        }
        let names = manifest.sorted.filter(filter).map(\.name).joined(separator: ", ")
        throw .notFound("no member called \"\(selector)\" in \(name)", hint: names.isEmpty ? nil : "Members: \(names).")
    }
}
