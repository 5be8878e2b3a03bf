import Foundation
import OursSync
import Testing

/// Touching the shared folder the way people and sync tools do: unmounting it, editing,
/// breaking, copying and deleting files behind the engine's back.
extension World {
    /// Where the shared folder goes while "unmounted".
    var unmountedShared: String { root + "/shared.unmounted" }

    /// Renames the shared folder away, as an unmounted drive or a stopped sync tool leaves it.
    func unmount() {
        try! FileManager.default.moveItem(atPath: shared, toPath: unmountedShared)
    }

    /// Puts the shared folder back where every device mounts it.
    func remount() {
        try! FileManager.default.moveItem(atPath: unmountedShared, toPath: shared)
    }

    /// Runs `body` while the shared folder is unmounted: whatever a device does meanwhile
    /// waits in its outbox.
    @discardableResult
    func offline<T>(_ body: () throws -> T) rethrows -> T {
        unmount()
        defer { remount() }
        return try body()
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

    func text(_ path: String) -> String { bytes(path).map { String(decoding: $0, as: UTF8.self) } ?? "" }

    func write(_ path: String, _ text: String) { write(path, Array(text.utf8)) }

    func write(_ path: String, _ bytes: [UInt8]) {
        let url = URL(fileURLWithPath: path)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(bytes).write(to: url)
    }

    func remove(_ path: String) { try! FileManager.default.removeItem(atPath: path) }

    /// Edits a file in place, the way a text editor saves it; records an issue unless `old`
    /// occurs exactly once.
    func replace(in path: String, _ old: String, with new: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let content = text(path)
        let count = content.components(separatedBy: old).count - 1
        guard count == 1 else {
            Issue.record("\"\(old)\" occurs \(count) times in \(path):\n\(content)", sourceLocation: sourceLocation)
            return
        }
        write(path, content.replacingOccurrences(of: old, with: new))
    }

    /// Every regular file under `directory`, as sorted paths relative to it.
    func files(under directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var result: [String] = []
        while let relative = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular { result.append(relative) }
        }
        return result.sorted()
    }

    /// The folder of a record's canonical file (where sync tools leave their conflict copies).
    func recordDirectory(type: String, id: String) -> String {
        (recordPath(type: type, id: id) as NSString).deletingLastPathComponent
    }

    /// Parses a JSON object file (a record as stored), or an empty object.
    func object(_ path: String) -> [String: Any] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
}

extension SimulatedDevice {
    /// This device, with one more environment variable for its runs (e.g. `OURS_CLOCK_OFFSET`).
    func with(_ key: String, _ value: String) -> SimulatedDevice {
        var copy = self
        copy.environment[key] = value
        return copy
    }

    /// Runs `ours` and records an issue unless it exits 0.
    @discardableResult
    func ok(
        _ arguments: String..., input: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> RunResult
    {
        let result = try run(arguments: arguments, input: input)
        if result.exitCode != 0 {
            Issue.record("\(name): ours \(arguments.joined(separator: " ")) failed: \(result)", sourceLocation: sourceLocation)
        }
        return result
    }

    /// `ours record get TYPE ID --json`: the record's fields at the top level.
    func get(_ type: String, _ id: String) throws -> [String: Any] {
        try run("record", "get", type, id, "--json").object
    }

    /// `ours record list TYPE --json`: the ids of the records that are not deleted, sorted.
    func ids(_ type: String) throws -> [String] {
        try run("record", "list", type, "--json").array.compactMap { ($0["_ours"] as? [String: Any])?["id"] as? String }.sorted()
    }

    /// `ours conflicts --json`.
    func conflicts() throws -> [[String: Any]] {
        try run("conflicts", "--json").array
    }

    /// The id of the household in use.
    func householdID() throws -> String {
        try run("household", "show", "--json").object["id"] as? String ?? "none"
    }

    /// The directory holding this device's replica of the household's records.
    func replicaRecords() throws -> String {
        home + "/replicas/" + (try householdID()) + "/records"
    }

    /// The path of a record's file in this device's replica.
    func replicaPath(type: String, id: String) throws -> String {
        try replicaRecords() + "/" + ZoneLayout.relativePath(of: try RecordKey(type: type, id: id))
    }
}

extension World {
    /// Sarah and Mike share a household; Sarah made `item/milk` with `fields`, Mike has synced it.
    func sarahAndMike(milk fields: String = #"{"name": "Milk", "qty": 1}"#) throws -> (SimulatedDevice, SimulatedDevice) {
        let devices = try household()
        try devices[0].ok("record", "put", "item", "milk", "--fields", fields)
        try devices[1].ok("sync")
        return (devices[0], devices[1])
    }
}

extension SimulatedDevice {
    /// This device's id (what its stamps end with).
    func deviceID() throws -> String {
        try run("init", "--name", name, "--json").object["deviceId"] as? String ?? "none"
    }
}
