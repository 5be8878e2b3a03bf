import Testing

@testable import OursSync

/// Issue 32: the device's own state files — the sync state, the clock, the folder index, the
/// list of households and the replica's caches — made oversized or damaged, one at a time.
/// Each is reported (by the command that meets it, and by `doctor`), never stops a sync but
/// for the clock (whose commands point to `doctor --fix`), and is mended by `doctor --fix`;
/// afterwards Sarah writes with a stamp later than all her earlier ones, and both devices
/// converge with nothing lost.
@Suite("Faults: oversized and damaged state files")
struct StateFileFaultTests {
    enum File: String, CaseIterable, Sendable {
        case syncState, clock, folderIndex, households, writeLoops, shareCodes
    }

    enum Damage: String, CaseIterable, Sendable {
        /// Empty, as a power cut after a rename that was not flushed leaves a file.
        case empty
        /// Bytes of something else.
        case garbage
        /// The first half of what it held (the clock, a JSON file) or a line that is not one
        /// (the folder index).
        case cut
        /// One byte more than its reader takes.
        case oversized
    }

    static let cases: [(File, Damage)] = File.allCases.flatMap { file in Damage.allCases.map { (file, $0) } }

    @Test(arguments: cases)
    func doctorFixMendsIt(_ file: File, _ damage: Damage) throws {
        let world = FaultWorld()
        try world.create()
        try world.join()
        try world.sarah.put(type: "item", id: "a", fields: ["name": "a"])
        try world.mike.put(type: "item", id: "b", fields: ["name": "b"])
        try world.sarah.sync()
        try world.mike.sync()
        world.tick()
        let sarahsLatest = try #require(try ownStamps(world).max())
        let id = world.sarah.id
        let path = self.path(of: file, world)

        try plant(damage, at: path, file: file, world)
        try expectReported(file, path: path, world)
        if file != .clock, file != .households {
            let report = try world.sarah.sync()  // lost bookkeeping never stops a sync
            if file == .syncState || file == .folderIndex {
                #expect(report.problems.contains { $0.kind == .unreadableStateFile && $0.path == path }, "\(report.problems)")
            }
            #expect(try world.sarah.status().householdID == id)
            try plant(damage, at: path, file: file, world)
        }

        let mended = try world.sarahDevice.checkStateFiles(fix: true)
        if world.sarahDevice.membership(id) == nil {
            #expect(file == .households, "\(mended)")
            #expect(mended.problems.contains { $0.message.contains("(\(id)) is not listed again") }, "\(mended)")
            _ = try world.sarahDevice.relocate(id, to: world.shared)
        }
        let membership = try #require(world.sarahDevice.membership(id))
        world.sarah = Zone(device: world.sarahDevice, membership: membership)
        let doctor = try world.sarah.doctor(fix: true)
        let fixed = mended.fixed + doctor.fixed
        #expect(doctor.problems.isEmpty, "\(doctor.problems)")
        if file != .households || !mended.fixed.isEmpty {
            #expect(fixed.contains { $0.contains(lastComponent(path)) || $0.contains("the clock file") }, "\(fixed)")
        }
        try expectReadable(file, path: path, world)

        try world.sarah.put(type: "item", id: "c", fields: ["name": "c"])
        #expect(try ownStamps(world).max()! > sarahsLatest, "a new stamp is later than every earlier one")
        _ = try FaultRunner.converge(world)
        _ = try FaultRunner.converge(world)
        let values = world.recordValues()
        #expect(Set(values["folder"]?.keys ?? [:].keys) == ["a", "b", "c"], "\(values)")
        #expect(values["sarah"] == values["folder"] && values["mike"] == values["folder"], "\(values)")
    }

    private func path(of file: File, _ world: FaultWorld) -> String {
        let replica = world.sarah.replica
        switch file {
        case .syncState: return replica.syncStateFile
        case .clock: return world.sarahDevice.clockFile
        case .folderIndex: return replica.folderIndexFile
        case .households: return world.sarahDevice.membershipsFile
        case .writeLoops: return replica.writeLoopsFile
        case .shareCodes: return joinPath(replica.directory, ShareCodeLookup.fileName)
        }
    }

    private func plant(_ damage: Damage, at path: String, file: File, _ world: FaultWorld) throws {
        let limit: Int
        switch file {
        case .clock: limit = Device.clockFileLimit
        case .households: limit = Device.stateFileLimit
        case .folderIndex: limit = FolderIndex.Decoder.longestLine
        default: limit = Replica.stateFileLimit
        }
        let held = (try? world.disk.read(path, limit: .max)) ?? Array(#"{"format": 1, "files": {"a": 1}}"#.utf8)
        let bytes: [UInt8]
        switch (damage, file) {
        case (.empty, _): bytes = []
        case (.garbage, _): bytes = [0, 0xFF, 0x17] + Array("not a state file".utf8)
        case (.cut, .folderIndex): bytes = Array((FolderIndex.header + "\nx\tnot a line\n").utf8)
        case (.cut, _): bytes = Array(held.prefix(held.count / 2))
        case (.oversized, .folderIndex):
            bytes = Array((FolderIndex.header + "\n").utf8) + [UInt8](repeating: 0x78, count: limit + 1)
        case (.oversized, _): bytes = Array("{".utf8) + [UInt8](repeating: 0x20, count: limit) + Array("}".utf8)
        }
        try world.disk.writeInPlace(path, bytes)
    }

    /// What meets the damage says so: commands that need the file fail naming it (the clock,
    /// the list of households), and `doctor` reports it.
    private func expectReported(_ file: File, path: String, _ world: FaultWorld) throws {
        switch file {
        case .clock:
            #expect(throws: OursError.self) { try world.sarah.put(type: "item", id: "x", fields: ["name": "x"]) }
            do throws(OursError) { _ = try world.sarah.put(type: "item", id: "x", fields: [:]) } catch {
                #expect(error.message.contains(path) && error.hint?.contains("ours doctor --fix") == true, "\(error)")
            }
        case .households:
            do throws(OursError) { _ = try world.sarahDevice.memberships() } catch {
                #expect(error.message.contains(path) && error.hint?.contains("ours doctor --fix") == true, "\(error)")
            }
            let report = try world.sarahDevice.checkStateFiles(fix: false)
            #expect(report.problems.contains { $0.path == path }, "\(report)")
            return
        default: break
        }
        let doctor = try world.sarah.doctor(fix: false)
        #expect(doctor.problems.contains { $0.kind == .unreadableStateFile && $0.path == path }, "\(doctor.problems)")
    }

    private func expectReadable(_ file: File, path: String, _ world: FaultWorld) throws {
        let replica = world.sarah.replica
        switch file {
        case .syncState: #expect(try replica.loadSyncState().unreadable == nil)
        case .clock:
            if case .stamp = try world.sarahDevice.readClockFile() {} else { Issue.record("the clock file holds no stamp") }
        case .folderIndex: #expect(replica.loadFolderIndex().damage == nil)
        case .households: if case .read = try world.sarahDevice.readMembershipsFile() {} else { Issue.record("households.json") }
        case .writeLoops, .shareCodes:
            if let bytes = try replica.readIfPresent(path) { _ = try JSONObjectReader(bytes, path: path) }
        }
    }

    /// Every stamp of Sarah's device in her replica's records.
    private func ownStamps(_ world: FaultWorld) throws -> [Stamp] {
        let me = try world.sarahDevice.requireIdentity().deviceID
        return try world.sarah.replica.keys().compactMap { try world.sarah.replica.load($0) }
            .flatMap(\.allStamps).filter { $0.device == me }
    }
}

extension Device {
    fileprivate func membership(_ id: String) -> Membership? {
        ((try? memberships()) ?? []).first { $0.id == id }
    }
}
