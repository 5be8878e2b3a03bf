@testable import OursSync

/// The simulated world of one run: the devices, the sync tool between their folder copies,
/// the ledger of acknowledged writes, and what went wrong.
final class SimWorld {
    /// 2026-11-22T10:15:00Z.
    static let epoch: Int64 = 1_795_342_500_000
    static let day: Int64 = 86_400_000

    let plan: SimPlan
    let devices: [SimDevice]
    let tool: SimSyncTool
    var ledger = SimLedger()
    var householdID = ""
    /// The household's folder name under the shared folder.
    var zone = ""
    /// Every record key any device created, in order (the pool updates and deletes pick from).
    var keys: [RecordKey] = []
    /// Broken file bytes → the bytes (and time) the person puts back to fix it.
    var fixes: [[UInt8]: (bytes: [UInt8], modifiedNanos: Int64)] = [:]
    /// Unexpected errors and broken invariants.
    var failures: [String] = []
    /// What each step did, for the trace.
    var log: [String] = []
    /// How often each notable thing happened (for the figures).
    var events: [String: Int] = [:]
    var step = 0
    /// Sync passes that merged, wrote, restored or removed something (healing waits for none).
    var syncsThatChangedSomething = 0
    /// The device whose person owns the household (it changes with a transfer).
    var ownerIndex = 0
    /// The recovery code the owner wrote down, and whose it is (generator v3).
    var recoveryCode: String?
    var recoveryFor: String?
    /// Every recovery code the run wrote down, in order (generator v4 checks the owner's).
    var issuedRecoveryCodes: [String] = []
    /// The devices that dissolved the household (generator v4), whether or not it took effect.
    var dissolvers: [Int] = []
    /// Whether the household's documents, after healing, say it was dissolved.
    var dissolved = false
    /// The device on which each linked device's code was made.
    var linkMakers: [Int: Int] = [:]
    /// The link code each linked device claimed.
    var linkClaims: [Int: String] = [:]

    init(plan: SimPlan) {
        self.plan = plan
        var devices: [SimDevice] = []
        for index in 0..<plan.deviceCount {
            devices.append(
                SimDevice(
                    index: index, seed: plan.seed, epoch: SimWorld.epoch,
                    takenIDs: Set(devices.map(\.identity.deviceID.rawValue))))
        }
        self.devices = devices
        tool = SimSyncTool(
            copies: devices.map {
                SimCopy(fileSystem: $0.fileSystem, clock: $0.clock, person: $0.name, shortID: SimDevice.shortIDs[$0.index])
            })
        tool.onRollback = { [unowned self] path in
            if path.contains("/records/") { voidWritesOnlyInFile(of: nil, "the sync tool rolled back \(path)") }
        }
    }

    var owner: SimDevice { devices[ownerIndex] }

    // MARK: Setup

    /// The owner creates the household; the first members join; the tool spreads it all.
    func setUp() {
        step = -1
        _ = attempt("create the household", on: owner, allowed: []) { () throws(OursError) -> String in
            let household = try owner.device.createZone(name: "Sim Home", folder: SimSyncTool.root)
            householdID = household.id
            zone = household.membership?.directory ?? ""
            owner.joined = true
            return "created \(zone)"
        }
        tool.settle()
        var random = SplitMix64(seed: plan.seed ^ 0x0005_EEDE_D0A4)
        for index in 1..<plan.initialMembers {
            // With races (v4), the last member is often read-only: someone to upgrade.
            let readOnly = plan.generator == .v4 && index == plan.initialMembers - 1 && random.chance(0.5)
            invite(devices[index], readOnly: readOnly)
            tool.settle()
            join(devices[index])
            tool.settle()
            _ = attempt("owner sync", on: owner, allowed: []) { () throws(OursError) -> String in
                try owner.zone(householdID).sync()
                return ""
            }
            tool.settle()
        }
        if plan.generator == .v4 { setUpOwnersDevices() }
        log.append("setup: \(plan.deviceCount) devices, \(plan.initialMembers) members, household \(zone)")
    }

    // MARK: Steps

    func perform(_ op: SimOp) {
        var random = SplitMix64(seed: op.param)
        for device in devices { device.clock.advance(by: random.int64(0...1500)) }
        let device = devices[op.device]
        let before = devices.map { (left: $0.left, removed: $0.removed) }
        let note: String
        switch op.kind {
        case .create: note = create(device, &random)
        case .update: note = update(device, &random)
        case .check: note = check(device, &random)
        case .delete: note = delete(device, &random)
        case .resolve: note = resolve(device, &random)
        case .sync, .quickSync: note = sync(device, quick: op.kind == .quickSync)
        case .restart:
            device.restart()
            count("restarts")
            note = "restarted"
        case .deliver:
            tool.step(&random)
            note = "queue \(tool.queue.count), half-written \(tool.halfWrites.count)"
        case .handEdit: note = handEdit(device, &random)
        case .breakFile: note = breakFile(device, &random)
        case .fixFile: note = fixFiles(device)
        case .removeFile: note = removeFile(device, &random)
        case .removeRecords: note = removeRecords(device)
        case .removeDocument: note = removeDocument(device, &random)
        case .unmount: note = unmount(device, &random)
        case .remount: note = remount(device)
        case .clockJump: note = clockJump(device, &random)
        case .dayAhead: note = dayAhead(device)
        case .clockFix: note = clockFix(device)
        case .invite: note = inviteSomeone(&random)
        case .join: note = join(device)
        case .leave: note = leave(device)
        case .removeMember: note = removeMember(&random)
        case .editInPlace: note = editInPlace(device, &random)
        case .editDocument: note = editDocument(device, &random)
        case .farTime: note = farTime(device, &random)
        case .bigValue: note = bigValue(device, &random)
        case .rejoin: note = rejoin(device, &random)
        case .upgrade: note = upgrade(&random)
        case .transfer: note = transfer(&random)
        case .tamperReadOnly: note = tamperReadOnly(device)
        case .linkDevice: note = linkDevice(device, &random)
        case .removeDevice: note = removeDevice(device, &random)
        case .recover: note = recover(device)
        case .race: note = race(&random)
        }
        followPeople(before)
        log.append("\(step): \(op) → \(note)")
        noteLaterHolders(device)
        traceRecord()
        traceManifest()
    }

    // MARK: Helpers

    func count(_ event: String) { events[event, default: 0] += 1 }

    /// Runs an engine call on a device; errors of the allowed kinds are refusals, any other is
    /// a failure. Files a person broke (or a tool half-wrote) must come out of it untouched.
    func attempt(
        _ what: String, on device: SimDevice, allowed: Set<OursError.Kind>,
        alsoAllowed: (OursError) -> Bool = { _ in false }, _ body: () throws(OursError) -> String
    ) -> String {
        let broken = brokenFiles(device)
        defer {
            for (path, bytes) in broken.sorted(by: { $0.key < $1.key })
            where (try? device.fileSystem.read(path, limit: Int.max)) != bytes {
                failures.append("overwrote a broken file: step \(step) \(device.name) \(what) changed \(path)")
            }
        }
        do { return try body() } catch {
            if allowed.contains(error.kind) || alsoAllowed(error) {
                return "refused (\(error.kind.rawValue)): \(error.message.prefix(90))"
            }
            failures.append("unexpected: step \(step) \(what): \(error.kind.rawValue) error: \(error.message)")
            return "FAILED: \(error.message)"
        }
    }

    /// Files in a device's folder copy that do not parse: ones a person broke, downloads the
    /// tool has half-written.
    func brokenFiles(_ device: SimDevice) -> [String: [UInt8]] {
        guard device.unmounted == nil else { return [:] }
        var result: [String: [UInt8]] = [:]
        for (path, bytes) in device.fileSystem.files(under: SimSyncTool.root) where fixes[bytes] != nil { result[path] = bytes }
        for half in tool.halfWrites where half.copy == device.index {
            let path = SimSyncTool.root + "/" + half.path
            if let bytes = try? device.fileSystem.read(path, limit: Int.max), bytes == half.truncated { result[path] = bytes }
        }
        return result
    }

    func syncAllowed(_ device: SimDevice) -> Set<OursError.Kind> {
        [.folderUnavailable, .notPermitted]
    }

    func sync(_ device: SimDevice, quick: Bool) -> String {
        guard device.joined else { return "not a member" }
        return attempt(quick ? "quick sync" : "sync", on: device, allowed: syncAllowed(device)) {
            () throws(OursError) -> String in
            let household = try device.zone(householdID)
            let report = quick ? try household.quickSync() : try household.sync()
            if report.recordsMerged + report.filesWritten + report.filesRestored + report.copiesRemoved > 0 {
                syncsThatChangedSomething += 1
            }
            if let event = report.lifecycle { return "learnt: \(event.rawValue)" }
            let detail = SimWorld.showsProblems ? ": " + report.problems.map(\.text).joined(separator: " | ") : ""
            return "read \(report.filesRead), merged \(report.recordsMerged), wrote \(report.filesWritten), "
                + "restored \(report.filesRestored), copies removed \(report.copiesRemoved), problems \(report.problems.count)"
                + detail
        }
    }

    /// Stamps of this device in a record before a change, to find the change's stamp after it.
    func ownStamps(_ device: SimDevice, _ household: Zone, _ key: RecordKey) -> Set<Stamp> {
        let state = try? household.state(of: key)
        return Set((state ?? nil)?.allStamps.filter { $0.device == device.identity.deviceID } ?? [])
    }

    /// Notes an acknowledged write in the ledger: the new stamp of this device in the record.
    func acknowledge(_ device: SimDevice, _ household: Zone, _ key: RecordKey, before: Set<Stamp>, _ what: String) {
        guard let state = (try? household.state(of: key)) ?? nil,
            let stamp = state.allStamps.filter({ $0.device == device.identity.deviceID && !before.contains($0) }).max()
        else {
            failures.append(
                "unexpected: step \(step) \(device.name) \(what) was acknowledged, but left no new stamp in the replica")
            return
        }
        let fields = state.fields.filter { $0.value.entries.contains { $0.stamp == stamp } }.keys.sorted()
        let deletion = state.deletions.contains { $0.stamp == stamp }
        ledger.writes.append(
            SimLedger.Write(
                key: key, fields: fields, deletion: deletion, stamp: stamp, writer: device.index, step: step,
                what: "\(device.name) \(what)",
                // Written only because the device edited its own state to say read-write: no
                // device promised to keep it (a linked device's may still be admitted once listed).
                voided: device.tampered && device.readOnly ? "made by a device that tampered with its own state" : nil))
    }
}
