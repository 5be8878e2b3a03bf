@testable import OursSync

/// A person in the shared folder: editing record files by hand, breaking and fixing them,
/// deleting files and folders.
extension SimWorld {
    var recordsPrefix: String { SimSyncTool.root + "/" + zone + "/records/" }

    /// The files under the household's `records/` in a device's copy (not half-written ones).
    func recordFiles(_ device: SimDevice) -> [(path: String, bytes: [UInt8])] {
        device.fileSystem.files(under: SimSyncTool.root + "/" + zone + "/records")
            .filter { !tool.isInProgress(device.index, String($0.key.dropFirst(SimSyncTool.root.count + 1))) }
            .sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Record files at their canonical place that parse.
    func canonicalRecordFiles(_ device: SimDevice) -> [(path: String, bytes: [UInt8], key: RecordKey)] {
        recordFiles(device).compactMap { path, bytes in
            guard let decoded = try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0),
                path == recordsPrefix + ZoneLayout.relativePath(of: decoded.state.key)
            else { return nil }
            return (path, bytes, decoded.state.key)
        }
    }

    func modifiedNanos(_ device: SimDevice, _ path: String) -> Int64 {
        ((try? device.fileSystem.stat(path)) ?? nil)?.modifiedNanos ?? 0
    }

    /// Changes one top-level value of a record file in a text editor, leaving `_ours` alone.
    func handEdit(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.unmounted == nil else { return "folder unmounted" }
        let files = canonicalRecordFiles(device)
        guard !files.isEmpty else { return "no record files" }
        let (path, bytes, key) = files[random.int(0...(files.count - 1))]
        guard case .object(var top)? = try? JSONParser.parse(bytes) else { return "not an object" }
        let field = random.pick(["name", "qty", "checked", "note"])
        switch field {
        case "name": top[field] = .string("hand \(random.int(0...999))")
        case "qty": top[field] = JSONValue(random.int(0...30))
        case "checked": top[field] = .bool(!(top[field]?.boolValue ?? false))
        default: if top[field] == nil { top[field] = .string("by hand") } else { top[field] = nil }
        }
        var edited = JSONWriter.pretty(.object(top))
        edited.append(0x0A)
        guard edited != bytes else { return "no change" }
        return saveHandEdit(device, path, key, bytes, edited, modifiedNanos: nil)
            ?? "hand-edited \(key) \(field) → \(top[field].map { "\($0)" } ?? "removed")"
    }

    /// Saves a person's edit of a record file in place (keeping the file's time when
    /// `modifiedNanos` says so) and notes it in the ledger. Returns a note when the engine
    /// could not tell it from a file it wrote, `nil` when noted.
    func saveHandEdit(
        _ device: SimDevice, _ path: String, _ key: RecordKey, _ bytes: [UInt8], _ edited: [UInt8], modifiedNanos time: Int64?
    ) -> String? {
        let before = try? RecordFile.decode(
            bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: self.modifiedNanos(device, path) / 1_000_000)
        if before?.handEditedFields.isEmpty == false {
            voidWritesOnlyInFile(of: key, "a later hand edit of the same file folded it in")
        }
        try? device.fileSystem.writeInPlace(path, edited, modifiedNanos: time)
        let millis = self.modifiedNanos(device, path) / 1_000_000
        guard let decoded = try? RecordFile.decode(edited, fallbackType: nil, fallbackID: nil, modifiedMillis: millis),
            let first = decoded.handEditedFields.first,
            let stamp = decoded.state.fields[first]?.entries.map(\.stamp).max(), stamp.device.isHandEdit
        else { return "edited \(key), not detectable" }
        count("handEdits")
        ledger.writes.append(
            SimLedger.Write(
                key: key, fields: decoded.handEditedFields, deletion: false, stamp: stamp, writer: nil, step: step,
                what: "hand edit of \(key) \(decoded.handEditedFields) in \(device.name)'s folder"))
        return nil
    }

    /// Breaks a file (a bad save, a stray keystroke); the person fixes it later.
    func breakFile(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.unmounted == nil else { return "folder unmounted" }
        var candidates = canonicalRecordFiles(device).map { ($0.path, $0.bytes) }
        if random.chance(0.15) {
            candidates = ["zone.json", "participants.json"].compactMap { name in
                let path = SimSyncTool.root + "/" + zone + "/" + name
                guard !tool.isInProgress(device.index, zone + "/" + name),
                    let bytes = try? device.fileSystem.read(path, limit: Int.max), (try? JSONParser.parse(bytes)) != nil
                else { return nil }
                return (path, bytes)
            }
        }
        guard !candidates.isEmpty else { return "nothing to break" }
        let (path, bytes) = candidates[random.int(0...(candidates.count - 1))]
        var broken = bytes
        switch random.int(0...2) {
        case 0: broken = Array(bytes.prefix(random.int(1...max(1, bytes.count - 2))))
        case 1: broken.insert(contentsOf: Array("<<<<<<< HEAD".utf8), at: random.int(0...bytes.count))
        default: if let brace = bytes.lastIndex(of: UInt8(ascii: "}")) { broken.remove(at: brace) }
        }
        guard (try? JSONParser.parse(broken)) == nil else { return "still parses" }
        fixes[broken] = (bytes, modifiedNanos(device, path))
        count("brokenFiles")
        try? device.fileSystem.writeInPlace(path, broken)
        return "broke \(path.dropFirst(SimSyncTool.root.count + 1))"
    }

    /// The person puts back what they broke, wherever the broken bytes are now.
    func fixFiles(_ device: SimDevice) -> String {
        guard device.unmounted == nil else { return "folder unmounted" }
        var fixed = 0
        for (path, bytes) in device.fileSystem.files(under: SimSyncTool.root).sorted(by: { $0.key < $1.key }) {
            guard let fix = fixes[bytes], !tool.isInProgress(device.index, String(path.dropFirst(SimSyncTool.root.count + 1)))
            else { continue }
            try? device.fileSystem.writeInPlace(path, fix.bytes, modifiedNanos: fix.modifiedNanos)
            fixed += 1
        }
        return "fixed \(fixed)"
    }

    func removeFile(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.unmounted == nil else { return "folder unmounted" }
        let files = recordFiles(device)
        guard !files.isEmpty else { return "no record files" }
        let (path, bytes) = files[random.int(0...(files.count - 1))]
        let key = (try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0))?.state.key
        voidWritesOnlyInFile(of: key, "\(device.name) deleted a file holding it")
        try? device.fileSystem.remove(path)
        count("deletedFiles")
        return "rm \(path.dropFirst(SimSyncTool.root.count + 1))"
    }

    func removeRecords(_ device: SimDevice) -> String {
        guard device.unmounted == nil else { return "folder unmounted" }
        voidWritesOnlyInFile(of: nil, "\(device.name) deleted the records folder")
        device.fileSystem.removeTree(SimSyncTool.root + "/" + zone + "/records")
        count("deletedFiles")
        return "rm -r records"
    }

    func removeDocument(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.unmounted == nil else { return "folder unmounted" }
        let name = random.pick(["zone.json", "participants.json"])
        try? device.fileSystem.remove(SimSyncTool.root + "/" + zone + "/" + name)
        count("deletedFiles")
        return "rm \(name)"
    }

    /// What only a deleted file held is gone when a person deletes it (or a buggy tool rolls it
    /// back), and that is the person's doing, not a loss to report: hand edits no engine has
    /// read yet, and writes that only devices which stop syncing hold (they leave or are
    /// removed before the run ends; they stop the moment they learn, however their folder copy
    /// looks then). A device still syncing restores such files from its replica (unless it is
    /// read-only: it never writes a record file, so it never counts as a holder). Which devices
    /// sync to the end is known only then, so this notes who holds each write now, and
    /// `voidUnrecoverableWrites()` decides at the end.
    func voidWritesOnlyInFile(of key: RecordKey?, _ reason: String) {
        for index in ledger.writes.indices {
            let write = ledger.writes[index]
            guard write.voided == nil, key == nil || key == write.key else { continue }
            let holders = devices.filter { device in
                guard device.joined, !device.readOnly,
                    let state = (try? device.device.replica(householdID).load(write.key)) ?? nil
                else { return false }
                return SimLedger.keeps(write, state)
            }
            ledger.writes[index].fileLosses.append((Set(holders.map(\.index)), reason))
        }
    }

    /// A device that holds a write after a file that held it was lost counts as a holder of
    /// that loss too: once the write reached a device that syncs to the end, losing it is a bug.
    func noteLaterHolders(_ device: SimDevice) {
        guard device.joined, !device.readOnly else { return }  // a read-only device never writes a record file
        let replica = device.device.replica(householdID)
        for index in ledger.writes.indices where !ledger.writes[index].fileLosses.isEmpty && ledger.writes[index].voided == nil {
            let write = ledger.writes[index]
            guard let state = (try? replica.load(write.key)) ?? nil, SimLedger.keeps(write, state) else { continue }
            for loss in write.fileLosses.indices { ledger.writes[index].fileLosses[loss].holders.insert(device.index) }
        }
    }

    /// After healing: a write whose file was lost while only devices that have since stopped
    /// syncing held it is void.
    func voidUnrecoverableWrites() {
        let survivors = Set(devices.filter { $0.isActive && membershipStatus($0) == .active }.map(\.index))
        for index in ledger.writes.indices where ledger.writes[index].voided == nil {
            if let loss = ledger.writes[index].fileLosses.first(where: { $0.holders.isDisjoint(with: survivors) }) {
                ledger.writes[index].voided = loss.reason
            }
        }
    }
}
