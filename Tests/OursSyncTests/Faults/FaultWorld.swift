import Foundation

@testable import OursSync

/// Sarah and Mike on one in-memory disk, each through a `FaultyFileSystem` that a scenario arms
/// for the device under test. Record ids are fixed, so runs can be compared record by record.
final class FaultWorld {
    let clock: ManualWallClock
    let disk: InMemoryFileSystem
    let sarahDisk: FaultyFileSystem
    let mikeDisk: FaultyFileSystem
    let shared = "/shared"
    let sarahDevice: Device
    let mikeDevice: Device
    /// Each device's household once it has one (private data until then).
    var sarah: Zone!
    var mike: Zone!
    /// The share code Mike joins with (set by scenarios that invite him).
    var code: String?

    /// Two devices set up, and nothing else.
    convenience init() {
        self.init(clock: ManualWallClock(millis: Fixture.t0))
        try! disk.createDirectory(shared)
        _ = try! sarahDevice.initialize(name: "Sarah", email: nil)
        _ = try! mikeDevice.initialize(name: "Mike", email: nil)
    }

    /// A copy of another world, files, times and all: scenarios set up once and copy the result
    /// for each fault point.
    convenience init(copying source: FaultWorld) {
        self.init(clock: ManualWallClock(millis: source.clock.nowMillis()))
        copyTree(from: source.disk, at: "/")
        code = source.code
        sarah = source.sarah?.membership.map { Zone(device: sarahDevice, membership: $0) }
        mike = source.mike?.membership.map { Zone(device: mikeDevice, membership: $0) }
    }

    private init(clock: ManualWallClock) {
        self.clock = clock
        disk = InMemoryFileSystem(clock: clock)
        sarahDisk = FaultyFileSystem(disk)
        mikeDisk = FaultyFileSystem(disk)
        sarahDevice = Device(home: "/home/sarah", fileSystem: sarahDisk, clock: clock)
        mikeDevice = Device(home: "/home/mike", fileSystem: mikeDisk, clock: clock)
    }

    private func copyTree(from source: InMemoryFileSystem, at directory: String) {
        for entry in (try? source.list(directory)) ?? [] {
            let path = joinPath(directory, entry.name)
            switch entry.kind {
            case .directory:
                try! disk.createDirectory(path)
                copyTree(from: source, at: path)
            case .file:
                let modified = (try? source.stat(path))??.modifiedNanos
                try! disk.writeInPlace(path, try! source.read(path, limit: .max), modifiedNanos: modified)
            default: continue
            }
        }
    }

    /// Time passes between steps, as between a person's commands.
    func tick() { clock.advance(by: 1_000) }

    func key(_ id: String) -> RecordKey { try! RecordKey(type: "item", id: id) }

    /// Sarah creates the household and invites Mike.
    func create() throws {
        sarah = try sarahDevice.createZone(name: "Home", folder: shared)
        code = try sarah.invite(readOnly: false).code
        tick()
    }

    func join() throws {
        mike = try mikeDevice.join(code: code!, folder: shared).zone
        try sarah.sync()
        tick()
    }

    /// Runs `body` with the shared folder gone, as when it is unmounted.
    func offline(_ body: () throws -> Void) throws {
        try disk.rename(shared, to: shared + ".away")
        defer { try? disk.rename(shared + ".away", to: shared) }
        try body()
    }

    /// The household's folder in the shared folder.
    var zone: String? { (sarah ?? mike)?.layout?.zone }

    /// Every file on the disk (path → bytes).
    func files() -> [String: [UInt8]] { disk.files(under: shared).merging(disk.files(under: "/home")) { first, _ in first } }

    /// A conflict copy of a record's folder file, as Syncthing names them, with a field added by
    /// hand: the sync must merge it into the record before removing it.
    func plantConflictCopy(of id: String, field: String, value: String) throws {
        guard let zone else { return }
        let path = joinPath(zone, "records", ZoneLayout.relativePath(of: key(id)))
        let text = String(decoding: try disk.read(path, limit: 1 << 20), as: UTF8.self)
        let copy = String(path.dropLast(5)) + ".sync-conflict-20260101-000000-ABCDEFG.json"
        try disk.writeInPlace(copy, Array(("{\n  \"\(field)\": \"\(value)\"," + text.dropFirst()).utf8))
    }

    /// Every record as each place holds it: the folder, Sarah's replica, Mike's replica.
    func recordValues() -> [String: [String: [String: JSONValue]]] {
        var result: [String: [String: [String: JSONValue]]] = [:]
        let places = [
            ("folder", zone.map { joinPath($0, "records") }), ("sarah", sarah.map(\.replica.recordsDirectory)),
            ("mike", mike.map(\.replica.recordsDirectory)),
        ]
        for (place, directory) in places {
            guard let directory else { continue }
            var records: [String: [String: JSONValue]] = [:]
            for (path, bytes) in disk.files(under: directory) where FolderNames.isRecordCandidate(lastComponent(path)) {
                guard let decoded = try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0),
                    path == joinPath(directory, ZoneLayout.relativePath(of: decoded.state.key))
                else { continue }
                records[decoded.state.key.id] = decoded.state.values
            }
            result[place] = records
        }
        return result
    }
}
