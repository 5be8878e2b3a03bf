/// A writer's own changes that every device ignores, by the rules as this device reads them
/// (made while its person was away), leave its copy (see `SyncPass.refilter`): shown, it would
/// write them back for ever. They are kept apart here, `set-aside-own/<type>~<id>.json` (a
/// record file), because no other device holds them: when the rules change again and admit
/// them (the removal they were ignored under is set aside), the device takes them back.
extension Replica {
    var setAsideOwnDirectory: String { joinPath(directory, "set-aside-own") }

    private func setAsideOwnPath(_ key: RecordKey) -> String {
        joinPath(setAsideOwnDirectory, key.type + "~" + key.id + ".json")
    }

    /// Keeps a record's state as it was before its own changes were taken out (with what was
    /// kept of it before).
    package func keepSetAsideOwn(_ state: RecordState) throws(OursError) {
        let path = setAsideOwnPath(state.key)
        let kept = setAsideOwn().first { $0.key == state.key }.map { $0.merging(state) } ?? state
        try io { () throws(FileSystemError) in
            if try fileSystem.stat(setAsideOwnDirectory) == nil { try fileSystem.createDirectory(setAsideOwnDirectory) }
            try fileSystem.writeAtomically(path, RecordFile.encode(kept), durability: .deferred)
        }
    }

    /// Every record state kept so; one that cannot be read is left out.
    package func setAsideOwn() -> [RecordState] {
        guard let entries = try? fileSystem.list(setAsideOwnDirectory) else { return [] }
        return entries.compactMap { entry in
            let parts = entry.name.dropLast(".json".count).split(separator: "~", maxSplits: 1).map(String.init)
            guard entry.name.hasSuffix(".json"), parts.count == 2,
                let bytes = try? fileSystem.read(joinPath(setAsideOwnDirectory, entry.name), limit: RecordFile.maximumSize),
                let state = try? RecordFile.decode(bytes, fallbackType: parts[0], fallbackID: parts[1], modifiedMillis: 0).state
            else { return nil }
            return state
        }
    }

    /// Forgets a record's kept state: all of it was taken back.
    package func forgetSetAsideOwn(_ key: RecordKey) {
        try? fileSystem.remove(setAsideOwnPath(key))
    }
}
