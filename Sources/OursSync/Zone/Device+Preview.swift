/// What a share code leads to, read from the shared folder without joining: nothing is
/// written, neither to the folder nor to this device.
public struct JoinPreview: Sendable {
    /// The share code, as its file in the folder describes it.
    public var code: ShareCode
    /// The household's id and name, from its `zone.json`.
    public var id: String
    /// The household's name.
    public var name: String
    /// The owner's name (their id when the participant list does not name them).
    public var owner: String
    /// The active members, owner first, then by name.
    public var members: [Participant]
    /// Records in the folder that are not deleted, by type.
    public var records: [String: Int]
    /// Record files that could not be read (half-synced, another tool's), left out of `records`.
    public var unreadable: Int
    /// Whether this device already belongs to the household.
    public var alreadyMember: Bool
}

extension Device {
    /// Reads what joining with `typed` would join: the household's name, owner, members and
    /// how many records of each type it holds. Checks the code as `join` does.
    /// - Throws: what `join` throws for the code and the folder, before it changes anything.
    public func previewJoin(code typed: String, folder: String) throws(OursError) -> JoinPreview {
        let code: String
        do { code = try ShareCode.normalize(typed) } catch { throw .usage(error.description) }
        let root = try requireSharedFolder(folder, writable: false)
        let invitation = try findInvitation(code, in: root)
        let (_, info) = try readZone(of: invitation)
        let layout = invitation.layout
        guard let bytes = try Device.readDocument(layout.participantsFile, fileSystem: fileSystem),
            let decoded = try? StampedDocument.decodeManifest(bytes, modifiedMillis: 0)
        else {
            throw .folderUnavailable(
                "the household folder \(layout.zone) for code \(code) has no readable participants.json",
                hint: "Wait for the folder to finish syncing and try again.")
        }
        try Device.requireUsable(invitation, manifest: decoded.state, now: clock.nowMillis())
        let manifest = ParticipantManifest(decoded.state)
        let (records, unreadable) = countRecords(in: layout)
        let known = (try? memberships()) ?? []
        return JoinPreview(
            code: invitation.shareCode, id: info.id, name: info.name,
            owner: manifest.participants[info.owner]?.name ?? info.owner,
            members: manifest.sorted.filter { $0.status == .active }, records: records, unreadable: unreadable,
            alreadyMember: known.contains { $0.id == info.id && $0.status == .active })
    }

    /// Counts the folder's records that are not deleted, by type, merging a record's conflict
    /// copies with it; never follows a link.
    private func countRecords(in layout: ZoneLayout) -> ([String: Int], Int) {
        var states: [RecordKey: RecordState] = [:]
        var unreadable = 0
        let entries = (try? fileSystem.list(layout.records)) ?? []
        for type in entries where type.kind == .directory && RecordKey.isValidType(type.name) {
            let typeDirectory = joinPath(layout.records, type.name)
            for shard in (try? fileSystem.list(typeDirectory)) ?? [] where shard.kind == .directory {
                let shardDirectory = joinPath(typeDirectory, shard.name)
                for file in (try? fileSystem.list(shardDirectory)) ?? []
                where file.kind == .file && file.name.hasSuffix(".json") && !FolderNames.isIgnored(file.name) {
                    let path = joinPath(shardDirectory, file.name)
                    guard let bytes = try? fileSystem.read(path, limit: RecordFile.maximumSize),
                        let decoded = try? RecordFile.decode(
                            bytes, fallbackType: type.name, fallbackID: String(file.name.dropLast(5)), modifiedMillis: 0)
                    else {
                        unreadable += 1
                        continue
                    }
                    let state = decoded.state
                    states[state.key] = states[state.key].map { $0.merging(state) } ?? state
                }
            }
        }
        var counts: [String: Int] = [:]
        for state in states.values where !state.isDeleted { counts[state.key.type, default: 0] += 1 }
        return (counts, unreadable)
    }
}
