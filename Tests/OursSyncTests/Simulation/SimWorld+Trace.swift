import Foundation

@testable import OursSync

/// Debugging aid: `OURS_SIM_TRACE=item/r0001` adds, after every step of the trace, what each
/// device's folder copy and replica hold for that record (the field entries with their stamps).
extension SimWorld {
    static let tracedKey: RecordKey? = ProcessInfo.processInfo.environment["OURS_SIM_TRACE"].flatMap { text in
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        return parts.count == 2 ? try? RecordKey(type: parts[0], id: parts[1]) : nil
    }

    /// Debugging aid: `OURS_SIM_PROBLEMS=1` adds to each sync's line in the trace the problems
    /// it reported.
    static let showsProblems = ProcessInfo.processInfo.environment["OURS_SIM_PROBLEMS"] != nil

    func traceRecord(after label: String? = nil) {
        guard let key = SimWorld.tracedKey, !zone.isEmpty else { return }
        if let label { log.append(label) }
        let relative = ZoneLayout.relativePath(of: key)
        for device in devices {
            let folder = SimSyncTool.root + "/" + zone + "/records/" + relative
            let replica = device.device.replica(householdID).recordsDirectory + "/" + relative
            let directory = String(folder.prefix { $0 != "." }.dropLast(key.id.count))
            let copies = device.fileSystem.files(under: directory).keys.filter {
                $0 != folder && $0.dropFirst(directory.count).hasPrefix(key.id)
            }
            for (place, path) in [("folder", folder), ("replica", replica)]
                + copies.sorted().map({ ("copy " + $0.dropFirst(directory.count), $0) })
            {
                guard let bytes = try? device.fileSystem.read(path, limit: Int.max) else { continue }
                log.append("        \(device.name) \(place): " + SimWorld.describe(bytes))
            }
        }
    }

    /// Debugging aid: `OURS_SIM_TRACE_MANIFEST=.status` adds, after every step, the fields of each
    /// device's admitted `participants.json` whose names end so, with what each entry replaced.
    static let tracedManifestFields = ProcessInfo.processInfo.environment["OURS_SIM_TRACE_MANIFEST"]

    func traceManifest() {
        guard let suffix = SimWorld.tracedManifestFields, !zone.isEmpty else { return }
        for device in devices {
            guard let manifest = try? device.device.replica(householdID).loadManifest() else { continue }
            let fields = manifest.fields.keys.sorted().filter { $0.hasSuffix(suffix) }.map { name in
                name + "=" + manifest.fields[name]!.entries.map(SimWorld.describe).joined(separator: "|")
            }
            log.append("        \(device.name) manifest: " + fields.joined(separator: " "))
        }
    }

    /// One entry and, in brackets, the entries it replaced.
    static func describe(_ entry: FieldEntry) -> String {
        let one = { (entry: FieldEntry) in "\(entry.value.map { "\($0)" } ?? "∅")@\(entry.stamp)" }
        return one(entry) + (entry.replaced.isEmpty ? "" : "[" + entry.replaced.map(one).joined(separator: ",") + "]")
    }

    static func describe(_ bytes: [UInt8]) -> String {
        guard let state = try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state else {
            return "unreadable (\(bytes.count) bytes)"
        }
        return describe(state)
    }

    /// `zone.json` or `participants.json`, field by field.
    static func describeDocument(_ bytes: [UInt8]) -> String {
        let decoded =
            (try? StampedDocument.decodeManifest(bytes, modifiedMillis: 0))
            ?? (try? StampedDocument.decodeZone(bytes, modifiedMillis: 0))
        return decoded.map { describe($0.state) } ?? "unreadable (\(bytes.count) bytes)"
    }

    static func describe(_ state: RecordState) -> String {
        var parts = state.fields.keys.sorted().map { field in
            field + "="
                + state.fields[field]!.entries.map { "\($0.value.map { "\($0)" } ?? "∅")@\($0.stamp)" }
                .joined(separator: "|")
        }
        if !state.deletions.isEmpty { parts.append("deleted@" + state.deletions.map { "\($0.stamp)" }.joined(separator: "|")) }
        return parts.joined(separator: " ")
    }
}
