@testable import OursSync

/// The end of a run: everything heals, every device syncs until nothing changes, and then
/// the invariants are checked.
extension SimWorld {
    static let maximumHealRounds = 40
    /// How many times healing waits for a write-loop guard's pause (each wait doubles it).
    static let maximumGuardWaits = 2

    /// The longest pause left on any active device's write-loop guard that has stopped
    /// writing a file; `nil` when none has.
    func longestStoppedWriteLoop() -> Int64? {
        var longest: Int64?
        for device in devices where device.isActive {
            let loops = device.device.replica(householdID).loadWriteLoops()
            for exchange in loops.exchanges.values {
                guard let stoppedAt = exchange.stoppedAt else { continue }
                let left = max(0, stoppedAt + exchange.pause - device.clock.nowMillis())
                longest = max(longest ?? 0, left)
            }
        }
        return longest
    }

    func heal() {
        step = plan.ops.count
        for device in devices {
            if device.unmounted != nil { _ = remount(device) }
            if device.dayAhead { _ = clockFix(device) }
        }
        var previous: [[String: [UInt8]]] = []
        var stable = 0
        var waits = 0
        for round in 0..<SimWorld.maximumHealRounds {
            for device in devices { device.clock.advance(by: 1000) }
            for device in devices {
                let fixed = fixFiles(device)
                if SimWorld.tracedKey != nil, fixed != "fixed 0" { log.append("        heal: \(device.name) \(fixed)") }
            }
            let busyBefore = syncsThatChangedSomething
            for device in devices where device.joined {
                let note = sync(device, quick: false)
                noteLaterHolders(device)
                if SimWorld.tracedKey != nil { log.append("        heal: \(device.name) sync → \(note)") }
            }
            tool.settle()
            traceRecord(after: "heal round \(round + 1)")
            for device in devices {
                let fixed = fixFiles(device)
                if SimWorld.tracedKey != nil, fixed != "fixed 0" {
                    log.append("        heal: \(device.name) \(fixed) after the round")
                }
            }
            let snapshot = fingerprint()
            // Unchanged files after a round in which some sync still did something may be a
            // coincidence (a copy removed on one side, brought back by a concurrent version).
            stable = snapshot == previous && syncsThatChangedSomething == busyBefore ? stable + 1 : 0
            previous = snapshot
            guard stable >= 1 else { continue }
            // A device's write-loop guard may have stopped writing a file someone kept putting
            // an old version of back; it promises to try again after its pause, so the
            // household waits that long (a loop that resumes stops again and fails the checks).
            if waits < SimWorld.maximumGuardWaits, let pause = longestStoppedWriteLoop() {
                waits += 1
                for device in devices { device.clock.advance(by: pause + 1000) }
                log.append("heal: waited \(pause / 60_000) minutes for a stopped write-loop guard to try again")
                stable = 0
                continue
            }
            log.append("heal: converged after \(round + 1) rounds")
            // After races, who is in is the household's to say (see `followHousehold`).
            if plan.generator == .v4 { _ = followHousehold(relativeFiles(devices[0], under: SimSyncTool.root)) }
            return
        }
        failures.append("no convergence: files still changing after \(SimWorld.maximumHealRounds) rounds of sync")
    }

    /// The write-loop detector: after healing, a full pass and a quick pass on every active
    /// device over the unchanged folder read what they like and write nothing — no file in any
    /// folder copy or replica changes, and no report counts a merge, a write or a restore.
    func verifyQuiet() {
        guard !dissolved else { return }  // nobody syncs a dissolved household
        let before = fingerprint()
        for device in devices where device.isActive {
            for quick in [false, true] {
                guard let household = try? device.zone(householdID) else { continue }
                do {
                    let report = quick ? try household.quickSync() : try household.sync()
                    let busy = report.recordsMerged + report.filesWritten + report.filesRestored + report.copiesRemoved
                    if busy > 0 {
                        failures.append(
                            "write loop: \(device.name)'s \(quick ? "quick" : "full") pass over the healed, unchanged folder "
                                + "merged \(report.recordsMerged), wrote \(report.filesWritten), restored \(report.filesRestored), "
                                + "removed \(report.copiesRemoved) copies")
                    }
                } catch {
                    failures.append("unexpected: \(device.name)'s pass over the healed folder failed: \(error.message)")
                }
            }
        }
        if fingerprint() != before {
            failures.append("write loop: a pass over the healed, unchanged folder changed files")
        }
    }

    /// Every folder copy and every replica's records and documents.
    func fingerprint() -> [[String: [UInt8]]] {
        devices.flatMap { device in
            [
                device.fileSystem.files(under: SimSyncTool.root),
                device.fileSystem.files(under: SimDevice.home + "/replicas").filter {
                    $0.key.contains("/records/") || $0.key.hasSuffix("/zone.json") || $0.key.hasSuffix("/participants.json")
                        || $0.key.contains("/outbox/")
                },
            ]
        }
    }

    /// Files under a directory, keyed by path relative to it.
    func relativeFiles(_ device: SimDevice, under directory: String) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (path, bytes) in device.fileSystem.files(under: directory) {
            result[String(path.dropFirst(directory.count + 1))] = bytes
        }
        return result
    }

    static func differences(_ a: [String: [UInt8]], _ b: [String: [UInt8]]) -> String {
        let paths = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
        return paths.prefix(4).map { path in
            switch (a[path], b[path]) {
            case (nil, _): "only in the second: \(path)"
            case (_, nil): "only in the first: \(path)"
            default: "differs: \(path)"
            }
        }.joined(separator: "; ") + (paths.count > 4 ? " (and \(paths.count - 4) more)" : "")
    }

    func verify() {
        let copies = devices.map { relativeFiles($0, under: SimSyncTool.root) }
        for device in devices.dropFirst() where copies[device.index] != copies[0] {
            failures.append(
                "divergence: \(device.name)'s folder copy differs from \(devices[0].name)'s: "
                    + SimWorld.differences(copies[0], copies[device.index]))
        }
        if plan.generator == .v4 {
            // Who is in, who owns it and whether it exists are the household's to say after races.
            guard followHousehold(copies[0]) else { return }
            if dissolved { return verifyDissolved(copies[0]) }
        }
        var states: [RecordKey: RecordState] = [:]
        for (path, bytes) in copies[0].sorted(by: { $0.key < $1.key }) where path.hasPrefix(zone + "/") {
            let inside = String(path.dropFirst(zone.count + 1))
            if inside == "zone.json" || inside == "participants.json" { continue }
            if inside.hasPrefix("devices/"), SimWorld.isDeviceNote(inside, bytes) { continue }
            guard inside.hasPrefix("records/"),
                let decoded = try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0)
            else {
                failures.append("unclean folder: \(path) is left over (a conflict copy or a broken file)")
                continue
            }
            guard inside == "records/" + ZoneLayout.relativePath(of: decoded.state.key) else {
                failures.append("unclean folder: conflict copy \(path) was not merged and removed")
                continue
            }
            states[decoded.state.key] = decoded.state
        }
        if plan.generator == .v3 { excuseRemovalsByRemovedOwnerDevices() }
        followPeople(devices.map { (left: $0.left, removed: $0.removed) })
        var elsewhere: [(String, Int?, [RecordKey: RecordState])] = []
        for device in devices where device.joined {
            let status = membershipStatus(device)
            if device.isActive {
                if status != .active {
                    failures.append("unexpected: \(device.name) is \(status.map { "\($0)" } ?? "not a member")")
                }
                elsewhere.append(("\(device.name)'s replica", device.index, verifyReplica(device, copies[device.index])))
            } else if status == .active {
                failures.append("unexpected: \(device.name) left or was removed but still syncs as a member")
            }
        }
        voidUnrecoverableWrites()
        // Writes the checker excuses (see `voidWritesOnlyInFile`), counted so the figures show them.
        for write in ledger.writes where write.voided != nil {
            count(write.writer == nil ? "excusedHandEdits" : "excusedDeviceWrites")
        }
        let manifestBytes = copies[0][zone + "/participants.json"] ?? []
        guard let manifestState = try? StampedDocument.decodeManifest(manifestBytes, modifiedMillis: 0).state else {
            failures.append("unclean folder: participants.json is missing or broken")
            return
        }
        if plan.generator != .v1 && plan.generator != .v2 {
            verifyDevices(ParticipantManifest(manifestState), zoneBytes: copies[0][zone + "/zone.json"])
        }
        if plan.generator == .v4 { verifyRaceInvariants(copies[0]) }
        failures += ledger.verify(
            states: states, manifest: ParticipantManifest(manifestState),
            participantOf: { self.devices[$0].identity.participantID }, elsewhere: elsewhere)
    }

    /// An active member's replica holds exactly the folder's bytes, and nothing waits to be
    /// sent. A record whose every write was ignored stays in the folder with nothing in it (so
    /// the ignored writes are not read again); it does not exist, and no replica keeps it.
    func verifyReplica(_ device: SimDevice, _ copy: [String: [UInt8]]) -> [RecordKey: RecordState] {
        let replica = device.device.replica(householdID)
        let records = relativeFiles(device, under: replica.recordsDirectory)
        var folder: [String: [UInt8]] = [:]
        for (path, bytes) in copy where path.hasPrefix(zone + "/records/") {
            if let state = try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state,
                state.isEmpty
            {
                continue
            }
            folder[String(path.dropFirst(zone.count + 9))] = bytes
        }
        if device.readOnly {
            // A read-only device never writes record files, so it may hold what the folder lost
            // before a read-write device read it; it must hold everything the folder has.
            for (path, bytes) in folder.sorted(by: { $0.key < $1.key }) where records[path] != bytes {
                let theirs = try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state
                let mine = records[path].flatMap {
                    try? RecordFile.decode($0, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state
                }
                if let theirs, let mine, mine.merging(theirs) == mine { continue }
                failures.append("divergence: \(device.name)'s read-only replica lacks what its folder has in \(path)")
            }
        } else if records != folder {
            failures.append(
                "divergence: \(device.name)'s replica differs from its folder: " + SimWorld.differences(records, folder))
        }
        for (file, path) in [(replica.zoneFile, "zone.json"), (replica.manifestFile, "participants.json")] {
            if (try? device.fileSystem.read(file, limit: Int.max)) != copy[zone + "/" + path] {
                let mine = (try? device.fileSystem.read(file, limit: Int.max)).map(SimWorld.describeDocument) ?? "none"
                let theirs = copy[zone + "/" + path].map(SimWorld.describeDocument) ?? "none"
                failures.append(
                    "divergence: \(device.name)'s replica \(path) differs from the folder's (replica: \(mine); folder: \(theirs))"
                )
            }
        }
        if let pending = try? replica.pendingKeys(), !pending.isEmpty {
            failures.append("divergence: \(device.name) still has \(pending.count) changes waiting to be sent")
        }
        var states: [RecordKey: RecordState] = [:]
        for (_, bytes) in records {
            if let state = try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state {
                states[state.key] = state
            }
        }
        return states
    }
}
