/// What `ours doctor` found and, with `--fix`, repaired.
public struct DoctorReport: Sendable {
    /// Everything found wrong.
    public var problems: [Problem] = []
    /// Things `--fix` repaired, in words.
    public var fixed: [String] = []
    /// Records whose file is missing from the folder (restored by `--fix` or the next sync).
    public var missingFiles = 0
    /// Record files in the folder that this device cannot read (broken JSON, a newer format,
    /// unreadable): present, so not missing, and left as they are until someone fixes them.
    public var brokenFiles = 0
    /// The sync tools whose traces are in or above the folder, with the settings to check, and
    /// the network mount that holds it (NFS, SMB, sshfs; Linux), with a warning when that
    /// mount shows folder listings more than a couple of seconds old.
    public var syncTools: [SyncToolNote] = []
    /// Copies of record files that a sync tool or a person left beside them (conflict copies);
    /// a sync merges and removes them.
    public var conflictCopies = 0
    /// Temporary files left in the folder by an interrupted write (removed by `--fix`).
    public var staleTemporaryFiles = 0
    /// Records changed on this device that the folder has not received yet.
    public var pendingChanges = 0

    /// Whether nothing needs attention: no problem, missing file, conflict copy or stale
    /// temporary file. Pending changes do not count.
    public var isHealthy: Bool { problems.isEmpty && missingFiles == 0 && conflictCopies == 0 && staleTemporaryFiles == 0 }

    /// The report as JSON, one key for each property, with `healthy` for `isHealthy`.
    public var json: JSONValue {
        [
            "healthy": .bool(isHealthy), "problems": .array(problems.map(\.json)), "fixed": .array(fixed.map { .string($0) }),
            "missingFiles": JSONValue(missingFiles), "brokenFiles": JSONValue(brokenFiles),
            "conflictCopies": JSONValue(conflictCopies),
            "staleTemporaryFiles": JSONValue(staleTemporaryFiles), "pendingChanges": JSONValue(pendingChanges),
            "syncTools": .array(syncTools.map(\.json)),
        ]
    }
}

extension Zone {
    /// Checks the household's folder and this device's copy; with `fix`, repairs what it can
    /// and reports what is left. Without `fix` nothing is written anywhere. `progress` is
    /// called while a big folder is read.
    public func doctor(fix: Bool, progress: SyncProgressHandler? = nil) throws(OursError) -> DoctorReport {
        var report = DoctorReport()
        let stateFiles = try device.checkStateFiles(fix: fix)
        report.problems += stateFiles.problems
        report.fixed += stateFiles.fixed
        try checkStateFiles(fix: fix, into: &report)
        let now = device.clock.nowMillis()
        // A damaged clock (reported above, when not mended) has no lead to measure.
        let clockReadable = !stateFiles.problems.contains { $0.path == device.clockFile }
        if clockReadable, try device.currentClock().lead(now: now) > HybridLogicalClock.maximumDriftMillis {
            report.problems.append(clockAheadProblem(now: now))
            if fix {
                let identity = try rotateDeviceID()
                report.fixed.append("this device now stamps as \(identity.deviceID) with an honest clock")
            }
        }
        let check = try checkReplica(now: now)
        let farFuture = check.farFuture
        for (key, size) in check.tooLarge { report.problems.append(tooLargeProblem(key, size: size)) }
        if fix { report.fixed += try repairReplica(check) }
        for (key, fields) in farFuture {
            report.problems.append(
                Problem(
                    .farFutureStamp, path: nil,
                    "\(key): \(fields.sorted().joined(separator: ", ")) stamped far in the future by a device with a wrong clock")
            )
        }
        if fix, !farFuture.isEmpty, membership?.canWrite ?? true {
            try restamp(farFuture)
            report.fixed.append("re-stamped \(farFuture.count) record(s) written by a device with a wrong clock")
        }
        report.pendingChanges = try replica.pendingKeys().count
        guard membership != nil else {
            guard fix else { return report }
            var after = try doctor(fix: false)
            after.fixed = report.fixed
            after.problems.insert(contentsOf: stateFiles.problems, at: 0)  // what mending could not mend
            return after
        }
        let layout = try context.requireFolder()
        var scanner = FolderScanner(fileSystem: fileSystem, layout: layout, previous: FolderIndex(), mode: .sweep)
        scanner.progress = progress
        let scan = scanner.scan()
        report.problems += scan.problems
        report.conflictCopies = scan.strays.values.map(\.count).reduce(0, +)
        // A file that is there but cannot be read is broken, not missing.
        let unreadable: Set<Problem.Kind> = [.brokenFile, .unreadableFile, .newerFormat]
        let broken = Set(scan.problems.filter { unreadable.contains($0.kind) }.compactMap(\.path))
        let absent = try replica.keys().filter { !scan.index.holdsCanonicalFile(of: $0) }
        let brokenKeys = absent.filter { broken.contains(layout.directoryName + "/records/" + ZoneLayout.relativePath(of: $0)) }
        report.brokenFiles = broken.count
        report.missingFiles = absent.count - brokenKeys.count
        report.problems += attachmentProblems(layout)
        report.syncTools =
            SyncToolCheck.inspect(root: layout.root, zone: layout.zone, fileSystem: fileSystem)
            + MountCacheCheck.inspect(root: layout.root, fileSystem: fileSystem)
        let stale = staleTemporaryFiles(in: layout.zone, now: now, depth: 0)
        report.staleTemporaryFiles = stale.count
        if fix {
            for path in stale { try? fileSystem.remove(path) }
            if !stale.isEmpty { report.fixed.append("removed \(stale.count) temporary file(s) left by an interrupted write") }
            let sync = try self.sync()
            if sync.filesRestored > 0 { report.fixed.append("restored \(sync.filesRestored) missing file(s)") }
            if sync.copiesRemoved > 0 { report.fixed.append("merged and removed \(sync.copiesRemoved) conflict copies") }
            // What is left after repairing is what the person still has to look at.
            var after = try doctor(fix: false)
            after.fixed = report.fixed
            after.problems.insert(contentsOf: stateFiles.problems, at: 0)  // what mending could not mend
            return after
        }
        return report
    }

    /// The attachments the records name that the folder does not hold whole: damaged, still
    /// arriving, only a placeholder here, or missing (which `--fix`'s sync writes again when
    /// this device holds them). Every folder file is read through and its hash checked.
    func attachmentProblems(_ layout: ZoneLayout) -> [Problem] {
        // No attachment anywhere (a household without any, a replica of an earlier version):
        // nothing to read, as for a sync pass. A record that cannot be read is reported above.
        let fileSystem = self.fileSystem
        let exists = { (path: String) in ((try? fileSystem.stat(path)) ?? nil) != nil }
        guard exists(replica.attachmentRefsFile) || exists(layout.attachments),
            let needed = try? device.withLock({ () throws(OursError) in try replica.neededAttachments() })
        else { return [] }
        return needed.sorted().compactMap { ref -> Problem? in
            let path = layout.path(of: ref)
            let shown = layout.directoryName + "/attachments/" + ref.relativePath
            guard (try? fileSystem.requireNoLinks(path, under: layout.zone, creating: false)) != nil else {
                return Problem(.symlink, path: shown, "a link stands where an attachment goes; not followed")
            }
            let (health, _) = AttachmentFile.health(of: ref, at: path, fileSystem: fileSystem)
            if case .whole = health { return nil }
            return AttachmentSync.problem(health, ref, shown: shown, heldHere: replica.holds(ref))
        }
    }

    func clockAheadProblem(now: Int64) -> Problem {
        let lead = (try? device.currentClock().lead(now: now)) ?? 0
        return Problem(
            .clockAhead, path: nil,
            "this device's clock state is \(TimeSpanText.describe(millis: lead)) ahead of its wall clock (the clock was wrong); "
                + "`ours doctor --fix` starts honest stamps")
    }

    /// Writes the current values again with honest stamps, superseding the far-future ones.
    func restamp(_ records: [RecordKey: Set<String>]) throws(OursError) {
        try device.withLock { () throws(OursError) in
            for (key, fields) in records {
                guard var state = try replica.loadForRepair(key) else { continue }
                var changes: [String: JSONValue?] = [:]
                for field in fields { changes[field] = .some(state.fields[field]?.winner.value) }
                state.write(changes, at: try device.stamp())
                try saveLocalChange(state)
            }
        }
        try context.writeThrough(Array(records.keys))
    }

    /// Gives this device a new id with an honest clock. The old id, which every device knows,
    /// first adds the new one to this person's entry in every household they are active in:
    /// a manifest change stamped by the new id itself would be ignored everywhere (no one lists
    /// it yet), and every later change by this device would wait forever as an unknown writer.
    func rotateDeviceID() throws(OursError) -> DeviceIdentity {
        let newID = DeviceID.random()
        let participantID = try device.requireIdentity().participantID
        var active: [Zone] = []
        for membership in try device.memberships() where membership.status == .active {
            let household = Zone(device: device, membership: membership)
            try device.withLock { () throws(OursError) in
                guard var manifest = try household.replica.loadManifest() else { return }
                let me = ParticipantManifest(manifest).participants[participantID]
                let devices = (me?.devices ?? []) + [newID]
                manifest.writeDocument(
                    [participantID + ".devices": .array(devices.map { .string($0.rawValue) })],
                    at: try device.handoverStamp())
                try household.replica.saveManifest(manifest)
            }
            active.append(household)
        }
        let identity = try device.rotateDeviceID(to: newID)
        for household in active { _ = try? household.sync() }
        return identity
    }

    func staleTemporaryFiles(in directory: String, now: Int64, depth: Int) -> [String] {
        guard depth < 6, let entries = try? fileSystem.list(directory) else { return [] }
        var result: [String] = []
        for entry in entries {
            let path = joinPath(directory, entry.name)
            if entry.kind == .directory, !entry.name.hasPrefix(".") {
                result += staleTemporaryFiles(in: path, now: now, depth: depth + 1)
            } else if entry.kind == .file, TemporaryName.matches(entry.name),
                let stat = try? fileSystem.stat(path), stat.modifiedMillis < now - LeftoverTemporaryFiles.staleMillis
            {
                result.append(path)
            }
        }
        return result
    }
}
