extension Zone {
    /// Merges the folder's `zone.json` and `participants.json` into the replica, when the folder
    /// is there, so membership decisions use what the other devices wrote (a new member, say).
    public func refreshDocuments() throws(OursError) {
        guard membership?.status == .active, let layout = try? context.requireFolder() else { return }
        try device.withLock { () throws(OursError) in
            var report = SyncReport()
            let writable = fileSystem.isWritableDirectory(layout.zone)
            try DocumentSync(context: context, layout: layout, canWriteFolder: writable).run(into: &report)
            _ = try LifecycleCheck(context: context).apply(folderWritable: writable)
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
