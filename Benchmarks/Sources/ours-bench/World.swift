import Foundation
import OursHousehold
import OursSync

/// The devices and households the benchmarks run on, in a temporary folder:
///
/// - Sarah's device (`a`) owns the big household, whose records are generated into the shared
///   folder and into her replica;
/// - Mike's device (`b`) joins it (the join benchmark, or untimed) and runs the watchers;
/// - Alex's device (`c`) owns a second household of `commandSize` records for `ours add`.
final class World: Sendable {
    let options: Options
    let root: String
    let shared: String
    let a: Device
    let big: Zone
    let b: Device
    /// The items of the big household, which the benchmarks change.
    let items: [RecordKey]
    let recordCounts: [(type: String, count: Int)]

    init(options: Options) throws {
        self.options = options
        root = try World.makeRoot(options.directory)
        shared = joinPath(root, "shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        a = Device(home: joinPath(root, "sarah"))
        _ = try a.initialize(name: "Sarah", email: "sarah@example.com")
        big = try a.createZone(name: "Sarah & Mike's Home", folder: shared)
        recordCounts = Generator.mix(size: options.size)
        items = try World.generate(options.size, into: big, seed: options.seed)
        b = Device(home: joinPath(root, "mike"))
        _ = try b.initialize(name: "Mike", email: nil)
    }

    /// Mike's side of the big household, once he has joined.
    func joined() throws -> Zone {
        let membership = try b.membership(matching: nil)
        guard let membership, membership.id == big.id else { throw BenchError("Mike has not joined the household") }
        return Zone(device: b, membership: membership)
    }

    /// A share code for Mike.
    func invite() throws -> String { try big.invite(readOnly: false).code }

    /// The environment of an `ours` process acting as the device at `home`.
    func environment(home: String) -> [String: String] {
        var environment = ["OURS_HOME": home, "NO_COLOR": "1", "LANG": "C.UTF-8"]
        for name in ["PATH", "HOME", "TMPDIR"] { environment[name] = ProcessInfo.processInfo.environment[name] }
        return environment
    }

    var zone: String { big.layout!.zone }

    func removeAll() { try? FileManager.default.removeItem(atPath: root) }

    private static func makeRoot(_ given: String?) throws -> String {
        if let given {
            try FileManager.default.createDirectory(atPath: given, withIntermediateDirectories: true)
            return given
        }
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(joinPath(base, "ours-bench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError("cannot make a temporary folder in \(base)") }
        return String(cString: made)
    }

    /// Writes a generated household's records into its folder and into the owner's replica,
    /// byte for byte as the library encodes them (as if the owner had made them and synced).
    /// - Returns: the keys of its items.
    static func generate(_ size: Int, into household: Zone, seed: UInt64) throws -> [RecordKey] {
        let identity = try household.device.requireIdentity()
        var generator = Generator(
            device: identity.deviceID, participant: identity.participantID, nowMillis: household.device.clock.nowMillis(),
            seed: seed)
        let layout = household.layout!
        let writer = FileWriter()
        var items: [RecordKey] = []
        try generator.records(size: size) { state in
            let bytes = RecordFile.encode(state)
            let relative = ZoneLayout.relativePath(of: state.key)
            try writer.write(bytes, to: joinPath(layout.records, relative))
            try writer.write(bytes, to: joinPath(household.replica.recordsDirectory, relative))
            if state.key.type == RecordTypes.item { items.append(state.key) }
        }
        return items
    }
}

/// Plain POSIX writes, for generating households fast (the library's own writes are atomic and
/// flushed, which the benchmarks measure where it matters).
final class FileWriter {
    private var made: Set<String> = []

    func write(_ bytes: [UInt8], to path: String) throws {
        let directory = parentPath(path)
        if !made.contains(directory) {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            made.insert(directory)
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw BenchError("cannot write \(path): errno \(errno)") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw BenchError("short write to \(path)") }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
