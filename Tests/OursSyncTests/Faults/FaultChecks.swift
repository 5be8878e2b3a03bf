@testable import OursSync

/// The invariants after a faulted operation, on what is on the disk (the fault already gone).
struct FaultChecks {
    let world: FaultWorld
    /// Every file before the operation.
    let before: [String: [UInt8]]
    var violations: [String] = []

    init(world: FaultWorld, before: [String: [UInt8]]) {
        self.world = world
        self.before = before
    }

    /// Decodes a record file or a household document.
    static func state(_ path: String, _ bytes: [UInt8]) -> RecordState? {
        switch lastComponent(path) {
        case "zone.json": try? StampedDocument.decodeZone(bytes, modifiedMillis: 0).state
        case "participants.json": try? StampedDocument.decodeManifest(bytes, modifiedMillis: 0).state
        default: try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state
        }
    }

    /// Files the engine reads as records or household documents: in the shared folder and in
    /// each replica, never the temporary files readers ignore.
    static func isStateFile(_ path: String) -> Bool {
        let name = lastComponent(path)
        guard FolderNames.isRecordCandidate(name) else { return false }
        return path.contains("/records/") || name == "zone.json" || name == "participants.json"
    }

    /// Nothing half-written is published, and nothing that was there is lost: every such file
    /// parses, no file that was there is gone (but for conflict copies merged into their
    /// record), and each one holds at least everything it held before.
    mutating func checkFiles() {
        let after = world.files()
        for (path, bytes) in after where Self.isStateFile(path) && Self.state(path, bytes) == nil {
            violations.append("\(path) does not parse (\(bytes.count) bytes)")
        }
        for (path, old) in before where Self.isStateFile(path) {
            guard let oldState = Self.state(path, old) else { continue }
            guard let bytes = after[path] else {
                if !isMergedCopy(path, oldState, after) && !isMoved(path, oldState, after) {
                    violations.append("\(path) is gone")
                }
                continue
            }
            guard let state = Self.state(path, bytes) else { continue }
            if state.merging(oldState) != state { violations.append("\(path) lost part of what it held") }
        }
        for device in [world.sarahDevice, world.mikeDevice] {
            do {
                _ = try device.memberships()
                _ = try device.currentClock()
            } catch { violations.append("\(device.home): \(error)") }
        }
    }

    /// No household folder nobody belongs to is left in the shared folder (a `household
    /// create` that failed removes what it made); an unpublished one (`.ours-new-…`) only when
    /// removing it failed too, for the sweep to take later.
    mutating func checkNoHouseholdWithoutMember(removalsWork: Bool) {
        let members = Set([world.sarahDevice, world.mikeDevice].flatMap { (try? $0.memberships()) ?? [] }.map(\.directory))
        for entry in (try? world.disk.list(world.shared)) ?? [] where entry.kind == .directory && entry.name != "codes" {
            if entry.name.hasPrefix(ZoneLayout.stagingPrefix) {
                if removalsWork { violations.append("an unpublished household folder is left: \(entry.name)") }
            } else if !members.contains(entry.name), removalsWork {
                violations.append("a household folder nobody belongs to is left: \(entry.name)")
            }
        }
    }

    /// A conflict copy may go once its record's own file holds all it held.
    private func isMergedCopy(_ path: String, _ state: RecordState, _ after: [String: [UInt8]]) -> Bool {
        guard let zone = world.zone, path.hasPrefix(zone + "/records/") else { return false }
        let canonical = joinPath(zone, "records", ZoneLayout.relativePath(of: state.key))
        guard canonical != path, let bytes = after[canonical], let record = Self.state(canonical, bytes) else { return false }
        return record.merging(state) == record
    }

    /// A private record may go once a household's replica on the same device holds all it held.
    private func isMoved(_ path: String, _ state: RecordState, _ after: [String: [UInt8]]) -> Bool {
        guard let range = path.range(of: "/replicas/private/records/") else { return false }
        let prefix = String(path[..<range.lowerBound]) + "/replicas/"
        let suffix = "/records/" + path[range.upperBound...]
        return after.contains { other, bytes in
            guard other.hasPrefix(prefix), other.hasSuffix(suffix), other != path, let record = Self.state(other, bytes) else {
                return false
            }
            return record.merging(state) == record
        }
    }

    /// Nothing acknowledged is stranded: what a replica holds beyond the folder (its record file
    /// and any copies) waits in the outbox, so a later sync delivers it.
    mutating func checkOutbox(_ household: Zone?) {
        guard let household, let zone = world.zone, let keys = try? household.replica.keys() else { return }
        let pending = Set((try? household.replica.pendingKeys()) ?? [])
        let files = world.disk.files(under: joinPath(zone, "records"))
        var folder: [RecordKey: RecordState] = [:]
        for (path, bytes) in files where FolderNames.isRecordCandidate(lastComponent(path)) {
            guard let state = Self.state(path, bytes) else { continue }
            folder[state.key] = folder[state.key].map { $0.merging(state) } ?? state
        }
        for key in keys where !pending.contains(key) {
            guard let state = try? household.replica.load(key) else { continue }
            if folder[key].map({ $0.merging(state) != $0 }) ?? true {
                violations.append("\(household.device.home): \(key) holds more than the folder and is not in the outbox")
            }
        }
    }

    /// After the next syncs: the folder and both replicas hold the same bytes, no conflict copy
    /// and no temporary file in either device's state directory is left.
    mutating func checkConverged() {
        guard let zone = world.zone, let sarah = world.sarah, let mike = world.mike else {
            violations.append("no household after the next sync")
            return
        }
        func records(_ directory: String) -> [String: [UInt8]] {
            var result: [String: [UInt8]] = [:]
            for (path, bytes) in world.disk.files(under: directory) where FolderNames.isRecordCandidate(lastComponent(path)) {
                result[String(path.dropFirst(directory.count))] = bytes
            }
            return result
        }
        let folder = records(joinPath(zone, "records"))
        for household in [sarah, mike] where records(household.replica.recordsDirectory) != folder {
            violations.append("\(household.device.home) differs from the folder after the next sync")
        }
        for path in folder.keys where path.contains("sync-conflict") { violations.append("conflict copy \(path) is still there") }
        for home in ["/home/sarah", "/home/mike"] {
            for path in world.disk.files(under: home).keys where TemporaryName.matches(lastComponent(path)) {
                violations.append("temporary file left in a state directory: \(path)")
            }
        }
    }

    /// An error names the file and the reason, and has the kind (exit code) the reason calls for.
    static func explains(_ error: OursError, _ hits: [FaultyFileSystem.Hit]) -> Bool {
        hits.contains { hit in
            guard error.message.contains(hit.path), error.message.contains(reasonText(hit.error.reason)) else { return false }
            // A denied access may stop a command as "not permitted" (exit 3); no fault is ever
            // a usage error or a "not found".
            switch hit.error.reason {
            case .permissionDenied: return [.notPermitted, .failed, .folderUnavailable].contains(error.kind)
            default: return [.failed, .folderUnavailable].contains(error.kind)
            }
        }
    }
}
