import Foundation
import OursSync
import OursTestSupport
import Testing

/// Links, named pipes and codes that lead out of the shared folder, made at test time (git
/// cannot carry a pipe, and links must point at this run's own outside folder): never
/// followed, never opened, never a hang, reported with their path, and nothing outside the
/// shared folder is read or written.
@Suite("Hostile files: links, pipes and codes that lead outside", .tags(.slow), .fullLoopOnly)
struct HostileLinksTests {
    /// A household of Sarah and Mike (both synced), and an outside folder that holds a copy of it.
    func setUp() throws -> (World, SimulatedDevice, SimulatedDevice, OutsideMarker) {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try sarah.ok("sync")
        let outside = OutsideMarker(root: world.root)
        outside.addHousehold(copyOf: world.zone)
        return (world, sarah, mike, outside)
    }

    static func codeFile(_ code: String, zone: String) -> String {
        #"{"code": "\#(code)", "createdAt": "2026-11-22T10:00:00.000Z", "createdBy": "p", "expiresAt": "2099-01-01T00:00:00.000Z", "#
            + #""maxUses": 9, "permission": "readWrite", "revokedAt": null, "uses": 0, "zone": "\#(zone)"}"#
    }

    @Test(arguments: ["zone.json", "participants.json"])
    func aDocumentThatIsALinkOutOfTheFolderIsReportedNotFollowed(_ name: String) throws {
        let (world, sarah, mike, outside) = try setUp()
        world.remove(world.zone + "/" + name)
        HostileMaker.link(world.zone + "/" + name, to: outside.path + "/home/" + name)
        outside.arm()
        let before = outside.snapshot()
        for device in [sarah, mike] {
            let sync = try device.measured("sync", "--json")
            #expect(sync.endedCleanly, "\(sync)")
            #expect(
                sync.problems.contains {
                    $0["kind"] as? String == "unreadableFile" && $0["path"] as? String == world.zoneName + "/" + name
                        && ($0["message"] as? String)?.contains("symbolic link") == true
                }, "\(sync)")
        }
        #expect(Entry.at(world.zone + "/" + name) == .link(outside.path + "/home/" + name))
        #expect(outside.snapshot() == before)
    }

    @Test(arguments: ["zone.json", "participants.json", "records/item/00/fifo.json"])
    func aNamedPipeNeverBlocksASync(_ name: String) throws {
        let (world, sarah, mike, _) = try setUp()
        if name.hasPrefix("records") == false { world.remove(world.zone + "/" + name) }
        HostileMaker.fifo(world.zone + "/" + name)
        for device in [sarah, mike] {
            let sync = try device.measured("sync", "--json", timeout: 20)
            #expect(sync.endedCleanly, "a pipe must not hang the pass: \(sync)")
            #expect(
                sync.problems.contains {
                    $0["kind"] as? String == "unreadableFile" && $0["path"] as? String == world.zoneName + "/" + name
                },
                "\(sync)")
            let doctor = try device.measured("doctor", "--json", timeout: 20)
            #expect(doctor.exited, "\(doctor)")
        }
        #expect(Entry.at(world.zone + "/" + name) == .pipe)
    }

    @Test func aShareCodeThatIsANamedPipeNeverBlocksAJoin() throws {
        let (world, _, _, _) = try setUp()
        HostileMaker.fifo(world.shared + "/codes/PPPPPP.json")
        let eve = try world.device("Eve")
        let join = try eve.measured("join", "PPPPPP", "--folder", world.shared, timeout: 20)
        #expect(join.exited && join.exitCode != 0, "\(join)")
        #expect(join.stderr.contains("PPPPPP"), "\(join)")
        #expect(Entry.at(world.shared + "/codes/PPPPPP.json") == .pipe)
    }

    @Test(arguments: ["a link", "an absolute path"])
    func aCodeLeadingToAHouseholdOutsideIsRefused(_ how: String) throws {
        let (world, _, _, outside) = try setUp()
        var zone = outside.path + "/home"
        if how == "a link" {
            zone = "linked-home"
            HostileMaker.link(world.shared + "/linked-home", to: outside.path + "/home")
        }
        world.write(world.shared + "/codes/QQQQQQ.json", Self.codeFile("QQQQQQ", zone: zone))
        outside.arm()
        let before = outside.snapshot()
        let eve = try world.device("Eve")
        let join = try eve.measured("join", "QQQQQQ", "--folder", world.shared)
        #expect(join.exited && join.exitCode == 1, "\(join)")
        #expect(join.stderr.contains("refused"), "\(join)")
        #expect(try eve.run("household", "list", "--json").array.isEmpty)
        #expect(outside.snapshot() == before)
    }

    @Test func aCodesFolderThatIsALinkIsNeitherReadNorWritten() throws {
        let (world, sarah, _, outside) = try setUp()
        try FileManager.default.removeItem(atPath: world.shared + "/codes")
        outside.addFile("codes/RRRRRR.json", Self.codeFile("RRRRRR", zone: world.zoneName))
        HostileMaker.link(world.shared + "/codes", to: outside.path + "/codes")
        outside.arm()
        let before = outside.snapshot()
        let eve = try world.device("Eve")
        let join = try eve.measured("join", "RRRRRR", "--folder", world.shared)
        #expect(join.exited && join.exitCode != 0, "\(join)")
        #expect(join.stderr.contains("symbolic link"), "\(join)")
        let invite = try sarah.measured("invite", "--json")
        #expect(invite.exited && invite.exitCode != 0, "no code is written through the link: \(invite)")
        #expect(try sarah.measured("codes", "--json").exited)
        #expect(outside.snapshot() == before)
    }

    @Test func aRecordsFolderThatIsALinkIsReportedAndNothingIsWrittenThroughIt() throws {
        let (world, sarah, mike, outside) = try setUp()
        try FileManager.default.removeItem(atPath: world.zone + "/records")
        HostileMaker.link(world.zone + "/records", to: outside.path + "/dir")
        outside.arm()
        let before = outside.snapshot()
        try sarah.ok("record", "put", "item", "eggs", "--fields", #"{"name": "Eggs"}"#)
        for device in [sarah, mike, sarah] {
            let sync = try device.measured("sync", "--json")
            #expect(sync.endedCleanly, "\(sync)")
            #expect(
                sync.problems.contains {
                    $0["kind"] as? String == "symlink" && $0["path"] as? String == world.zoneName + "/records"
                },
                "\(sync)")
            #expect(sync.problems.contains { $0["kind"] as? String == "writeFailed" }, "the records that wait say so: \(sync)")
        }
        #expect(outside.snapshot() == before)
        #expect(try sarah.get("item", "milk")["name"] as? String == "Milk", "the replicas keep everything")
    }

    @Test func aHouseholdFolderThatIsALinkStopsTheSync() throws {
        let (world, sarah, _, outside) = try setUp()
        let name = world.zoneName
        try FileManager.default.moveItem(atPath: world.zone, toPath: world.root + "/moved-away")
        HostileMaker.link(world.shared + "/" + name, to: outside.path + "/home")
        outside.arm()
        let before = outside.snapshot()
        let sync = try sarah.measured("sync", "--json")
        #expect(sync.exited && sync.exitCode == 5, "\(sync)")
        #expect(outside.snapshot() == before)
    }

    @Test func dissolvingNeverRemovesAFileThroughALink() throws {
        let (world, sarah, _, outside) = try setUp()
        let shards = Set((try? FileManager.default.contentsOfDirectory(atPath: world.zone + "/records/item")) ?? [])
        let spare = (0...).lazy.map { "spare-\($0)" }.first { !shards.contains(ZoneLayout.shard(of: $0)) }!
        HostileMaker.link(world.zone + "/records/item/" + ZoneLayout.shard(of: spare), to: outside.path + "/dir")
        outside.addFile("dir/\(spare).json", "someone else's file, named like a record\n")
        try sarah.ok("record", "put", "item", spare, "--fields", #"{"name": "Spare"}"#)
        outside.arm()
        let before = outside.snapshot()
        let dissolve = try sarah.measured("household", "dissolve", "--yes")
        #expect(dissolve.endedCleanly, "\(dissolve)")
        #expect(outside.snapshot() == before, "the file behind the link is still there, untouched")
    }
}
