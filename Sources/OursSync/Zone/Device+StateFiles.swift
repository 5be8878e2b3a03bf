/// What `ours doctor` found wrong with the device's own state files that every command needs
/// before it can open a household — the clock and `households.json` — and, with `--fix`,
/// mended.
public struct DeviceStateReport: Sendable {
    /// What is wrong and was not mended.
    public var problems: [Problem] = []
    /// What was mended, in words.
    public var fixed: [String] = []

    /// A report of nothing found.
    public init() {}
}

extension Device {
    /// Checks the clock file and `households.json`; with `fix`, mends them. Both are this
    /// device's bookkeeping, rebuilt from what it holds:
    /// - a damaged clock is set to the latest stamp this device's copies hold (every one of its
    ///   own, whatever its time, and every other not too far ahead), so no new stamp goes back;
    /// - a damaged `households.json` is set aside beside itself (`households.json.damaged`)
    ///   and written again from the household copies in `replicas/`, each with what can still
    ///   be read of its entry (where the shared folder is mounted) and with its role and
    ///   status from the household's own documents.
    ///
    /// Nothing is read or written when the device is not set up.
    public func checkStateFiles(fix: Bool) throws(OursError) -> DeviceStateReport {
        try withLock { () throws(OursError) -> DeviceStateReport in
            var report = DeviceStateReport()
            guard try identity() != nil else { return report }
            if case .damaged(let why) = try readClockFile() {
                if fix {
                    report.fixed.append(try rebuildClock(damaged: why))
                } else {
                    report.problems.append(
                        Problem(
                            .unreadableStateFile, path: clockFile,
                            "the clock file is damaged (\(why)): no change can be stamped until `ours doctor --fix` mends it"))
                }
            }
            if case .unreadable(let why) = try readMembershipsFile() {
                if fix {
                    try rebuildMemberships(damaged: why, into: &report)
                } else {
                    report.problems.append(
                        Problem(
                            .unreadableStateFile, path: membershipsFile,
                            "the list of households is damaged (\(why)): `ours doctor --fix` lists them again"))
                }
            }
            return report
        }
    }

    /// Sets the clock past the latest stamp the replicas hold. Call under `withLock`.
    private func rebuildClock(damaged why: String) throws(OursError) -> String {
        let me = try requireIdentity().deviceID
        let latest = try latestHeldStamp(me: me, now: clock.nowMillis())
        let rebuilt = latest.map { HybridLogicalClock(device: me, millis: $0.millis, counter: $0.counter) }
        try replaceClock(rebuilt ?? HybridLogicalClock(device: me))
        let from = latest.map { "the latest stamp this device's copies hold (\($0))" } ?? "the wall clock (no copy holds a stamp)"
        return "the clock file was damaged (\(why)): it starts again from \(from)"
    }

    /// The latest stamp in the records and documents of every replica that the clock must
    /// pass: this device's own, whatever their time (it must never stamp below them), and
    /// others' not too far ahead (as a sync would absorb them). Files that cannot be read are
    /// passed over.
    func latestHeldStamp(me: DeviceID, now: Int64) throws(OursError) -> Stamp? {
        var latest: Stamp?
        func consider(_ state: RecordState?) {
            guard let state else { return }
            for stamp in state.allStamps
            where stamp.device == me || stamp.millis <= now + HybridLogicalClock.maximumDriftMillis {
                if latest.map({ stamp > $0 }) ?? true { latest = stamp }
            }
        }
        for name in try replicaNames() {
            let replica = replica(name)
            consider((try? replica.loadZone()) ?? nil)
            consider((try? replica.loadManifest()) ?? nil)
            for key in (try? replica.keys()) ?? [] { consider((try? replica.load(key)) ?? nil) }
        }
        return latest
    }

    /// The folders under `replicas/`: each a household's copy, or private data.
    func replicaNames() throws(OursError) -> [String] {
        do {
            guard try fileSystem.stat(replicasDirectory) != nil else { return [] }
            return try fileSystem.list(replicasDirectory).filter { $0.kind == .directory }.map(\.name).sorted()
        } catch { throw .io(error) }
    }

    /// Sets a damaged `households.json` aside and lists the households again from the
    /// replicas. Call under `withLock`.
    private func rebuildMemberships(damaged why: String, into report: inout DeviceStateReport) throws(OursError) {
        let me = try requireIdentity().participantID
        let salvage = MembershipSalvage((try? fileSystem.read(membershipsFile, limit: Device.stateFileLimit)) ?? [])
        let aside = try setAside(membershipsFile)
        var memberships: [Membership] = []
        for id in try replicaNames() where id != Zone.privateID {
            guard let found = rebuiltMembership(id, participant: me, salvage: salvage) else { continue }
            guard let folder = salvage.string("folder", of: id), let directory = salvage.string("directory", of: id) else {
                report.problems.append(
                    Problem(
                        .unreadableStateFile, path: membershipsFile,
                        "\(found.name) (\(id)) is not listed again: where this device finds its shared folder could not "
                            + "be read back from \(aside); point this device at it with "
                            + "`ours --household \(id) household folder PATH` (its copy is kept in \(replica(id).directory))"))
                continue
            }
            var membership = found
            membership.folder = folder
            membership.directory = directory
            memberships.append(membership)
        }
        let current = salvage.current.flatMap { id in memberships.contains { $0.id == id } ? id : nil }
        try saveMemberships(memberships, current: current)
        let names = memberships.map(\.name).joined(separator: ", ")
        report.fixed.append(
            "the list of households was damaged (\(why)): set aside as \(aside), and listed again from this device's "
                + "copies: \(memberships.isEmpty ? "none" : names)")
    }

    /// The membership of the household `id` as this device's copy of it tells it: the name
    /// from its `zone.json`, role, permission and status from its documents, the rest from what
    /// `salvage` read of its lost entry. Its place (`folder`, `directory`) is left empty for the
    /// caller. `nil` when the copy holds no readable `zone.json` of that id.
    func rebuiltMembership(_ id: String, participant me: String, salvage: MembershipSalvage) -> Membership? {
        let replica = replica(id)
        guard let zone = ((try? replica.loadZone()) ?? nil).flatMap(ZoneInfo.init), zone.id == id else { return nil }
        let participant = ((try? replica.loadManifest()) ?? nil).map(ParticipantManifest.init)?.participants[me]
        var status = salvage.string("status", of: id).flatMap(Membership.Status.init) ?? .active
        switch participant?.status {
        case .left?: status = .left
        case .removed?: status = .removed
        case .active?: status = .active
        default: break
        }
        if zone.dissolvedAt != nil { status = .dissolved }
        return Membership(
            id: id, name: zone.name, folder: "", directory: "",
            role: participant?.role ?? salvage.string("role", of: id).flatMap(Participant.Role.init) ?? .member,
            permission: participant?.permission
                ?? salvage.string("permission", of: id).flatMap(Participant.Permission.init) ?? .readOnly,
            status: status, joinedAt: salvage.string("joinedAt", of: id) ?? "")
    }

    /// Moves a damaged state file aside, to `<name>.damaged` (or `.damaged-2`, … when taken),
    /// so that nothing it held is lost. - Returns: where it went.
    func setAside(_ path: String) throws(OursError) -> String {
        forgetHeldFiles()
        do {
            var aside = path + ".damaged"
            var number = 2
            while try fileSystem.stat(aside) != nil {
                aside = path + ".damaged-\(number)"
                number += 1
            }
            try fileSystem.rename(path, to: aside)
            return aside
        } catch { throw .io(error) }
    }
}
