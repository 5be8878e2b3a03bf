/// What `ours status` shows: where the household is, when it last synced, what waits to be
/// written, and what is wrong.
///
/// `Zone.status()` makes it from this device's own state alone (it never touches the folder),
/// so it is cheap enough for a status screen. The membership fields are `nil` for the private
/// household.
public struct StatusReport: Sendable {
    /// The household's id.
    public var householdID: String
    /// The household's name.
    public var householdName: String
    /// Where this device mounts the shared folder; `nil` for the private household.
    public var folder: String?
    /// Whether the household's folder was there when the report was made.
    public var folderAvailable: Bool
    /// Whether this device could write the household's folder when the report was made
    /// (`false` when it was not there). A member who may change records and cannot write it
    /// (a read-only mount) keeps their changes in the outbox until it can.
    public var folderWritable: Bool
    /// This device's person's role in the household.
    public var role: Participant.Role?
    /// This device's person's permission in the household.
    public var permission: Participant.Permission?
    /// Whether this device still syncs the household, and if not, why.
    public var membershipStatus: Membership.Status?
    /// When the last sync pass finished, in milliseconds since 1970; `nil` before the first.
    public var lastSyncMillis: Int64?
    /// Records changed on this device and not yet written to the folder.
    public var pendingChanges: Int
    /// Records in this device's copy, deleted ones included.
    public var recordCount: Int
    /// What the last sync pass could not read, write or accept: at most
    /// `SyncState.keptProblems` (200), as many of each kind as fit.
    public var problems: [Problem]
    /// How many problems of each kind the last pass found beyond `problems`.
    public var moreProblems: [Problem.Kind: Int] = [:]
    /// Values stamped far ahead of this device's clock, still in the household (a device's
    /// clock ran ahead): later changes to those fields lose until the clocks catch up. At most
    /// `SyncState.keptFarFuture` (200).
    public var farFuture: [SyncState.FarFutureStamp]
    /// How many such values the last passes found beyond `farFuture`; `ours doctor` lists
    /// every one.
    public var moreFarFuture = 0
    /// How far this device's own clock state runs ahead of its wall clock, when that is a problem.
    public var clockAheadMillis: Int64?

    /// The report as `ours status --json` prints it (docs/JSON.md).
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "household": ["id": .string(householdID), "name": .string(householdName)],
            "folderAvailable": .bool(folderAvailable), "folderWritable": .bool(folderWritable),
            "pendingChanges": JSONValue(pendingChanges),
            "records": JSONValue(recordCount), "problems": .array(problems.map(\.json)),
            "moreProblems": .object(
                Dictionary(uniqueKeysWithValues: moreProblems.map { ($0.key.rawValue, JSONValue($0.value)) })),
            "moreFarFutureStamps": JSONValue(moreFarFuture),
            "farFutureStamps": .array(
                farFuture.map {
                    [
                        "record": .string($0.record), "field": .string($0.field), "stamp": .string($0.stamp.description),
                        "device": .string($0.stamp.device.rawValue),
                    ]
                }),
        ]
        object["folder"] = folder.map { .string($0) } ?? .null
        object["role"] = role.map { .string($0.rawValue) } ?? .null
        object["permission"] = permission.map { .string($0.rawValue) } ?? .null
        object["status"] = membershipStatus.map { .string($0.rawValue) } ?? .null
        object["lastSyncAt"] = lastSyncMillis.map { .string(UTCTime.iso8601(millis: $0)) } ?? .null
        object["clockAheadMs"] = clockAheadMillis.map { JSONValue(Int($0)) } ?? .null
        return .object(object)
    }
}

/// Whether this device can reach and write a household's folder now (`Zone.folderAccess`).
public enum FolderAccess: String, Sendable {
    /// There and writable: changes reach it at once.
    case writable
    /// There, but this device cannot write it (mounted read-only, or its permissions): it is
    /// read, and changes wait in the outbox until it can be written. Nobody's permission changes.
    case readOnly
    /// Not there (unmounted, disconnected, the household's folder missing): changes wait in
    /// the outbox until it returns.
    case away
}

extension Zone {
    /// Whether this device can reach and write the household's folder now; `nil` for private
    /// data. Reads only.
    public var folderAccess: FolderAccess? {
        guard membership != nil else { return nil }
        guard let layout = try? context.requireFolder() else { return .away }
        return fileSystem.isWritableDirectory(layout.zone) ? .writable : .readOnly
    }

    /// Whether this device is an active member whose changes stay on this device, in its
    /// outbox, for now: its shared folder is away (unmounted, disconnected, the household's
    /// folder missing), or it may change records and cannot write the folder (a read-only
    /// mount). They reach the folder at the next sync once it is back. Reads only.
    public var folderIsAway: Bool {
        guard let membership, membership.status == .active, let access = folderAccess else { return false }
        return access == .away || (access == .readOnly && membership.canWrite)
    }

    /// The household's state on this device. Reads only; never touches the folder.
    public func status() throws(OursError) -> StatusReport {
        let syncState = try replica.loadSyncState()
        let now = device.clock.nowMillis()
        let farFuture = try replica.stillFarFuture(syncState.farFuture, now: now)
        let clock = try device.currentClock()
        let lead = clock.lead(now: now)
        let access = folderAccess
        var report = StatusReport(
            householdID: id, householdName: name, folder: membership?.folder,
            folderAvailable: access.map { $0 != .away } ?? false,
            folderWritable: access == .writable, role: membership?.role, permission: membership?.permission,
            membershipStatus: membership?.status, lastSyncMillis: syncState.lastSyncMillis,
            pendingChanges: try replica.pendingKeys().count, recordCount: try recordCount(),
            problems: (syncState.unreadable.map { [$0] } ?? []) + syncState.problems,
            farFuture: farFuture, clockAheadMillis: lead > HybridLogicalClock.maximumDriftMillis ? lead : nil)
        report.moreProblems = syncState.moreProblemsByKind
        let stillAhead = syncState.moreFarFutureUntil > now + HybridLogicalClock.maximumDriftMillis
        report.moreFarFuture = stillAhead ? syncState.moreFarFuture : 0
        return report
    }
}
