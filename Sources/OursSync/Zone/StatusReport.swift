/// What `ours status` shows: where the household is, when it last synced, what waits to be
/// written, and what is wrong.
public struct StatusReport: Sendable {
    public var householdID: String
    public var householdName: String
    public var folder: String?
    public var folderAvailable: Bool
    public var role: Participant.Role?
    public var permission: Participant.Permission?
    public var membershipStatus: Membership.Status?
    public var lastSyncMillis: Int64?
    public var pendingChanges: Int
    public var recordCount: Int
    public var problems: [Problem]
    public var farFuture: [SyncState.FarFutureStamp]
    /// How far this device's own clock state runs ahead of its wall clock, when that is a problem.
    public var clockAheadMillis: Int64?

    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "household": ["id": .string(householdID), "name": .string(householdName)],
            "folderAvailable": .bool(folderAvailable), "pendingChanges": JSONValue(pendingChanges),
            "records": JSONValue(recordCount), "problems": .array(problems.map(\.json)),
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

extension Zone {
    /// Whether this device is an active member whose shared folder is away (unmounted,
    /// disconnected, the household's folder missing): its changes stay on this device, in
    /// its outbox, until the folder returns. Reads only.
    public var folderIsAway: Bool {
        guard let membership, membership.status == .active else { return false }
        return (try? context.requireFolder()) == nil
    }

    /// The household's state on this device. Reads only; never touches the folder.
    public func status() throws(OursError) -> StatusReport {
        let syncState = try replica.loadSyncState()
        let now = device.clock.nowMillis()
        let clock = try device.currentClock()
        let lead = clock.lead(now: now)
        var folderAvailable = false
        if membership != nil { folderAvailable = (try? context.requireFolder()) != nil }
        return StatusReport(
            householdID: id, householdName: name, folder: membership?.folder, folderAvailable: folderAvailable,
            role: membership?.role, permission: membership?.permission, membershipStatus: membership?.status,
            lastSyncMillis: syncState.lastSyncMillis, pendingChanges: try replica.pendingKeys().count,
            recordCount: try replica.keys().count, problems: syncState.problems,
            farFuture: try replica.stillFarFuture(syncState.farFuture, now: now),
            clockAheadMillis: lead > HybridLogicalClock.maximumDriftMillis ? lead : nil)
    }
}
