import Foundation
import OursSync
import OursTestSupport
import Testing

/// Hostile `zone.json`, `participants.json` and share code files, each in its own household:
/// reported with the path, never overwritten (not even by an owner's command that would
/// rewrite it), never followed out of the shared folder.
@Suite("Hostile files: zone, participants, share codes", .tags(.slow), .fullLoopOnly)
struct HostileDocumentsTests {
    @Test("each hostile zone.json and participants.json", arguments: HostileCorpus.documents)
    func hostileDocument(_ hostile: HostileCase) throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try sarah.ok("sync")  // Sarah learns that Mike joined
        let outside = OutsideMarker(root: world.root)
        outside.arm()
        let outsideBefore = outside.snapshot()
        let name = hostile.placement == .zoneFile ? "zone.json" : "participants.json"
        let path = world.zone + "/" + name
        world.write(path, hostile.bytes)
        guard case .reported(let kind, let positioned) = hostile.expectation else {
            throw HostileTestError("not a document case")
        }

        for device in [sarah, mike, sarah, mike] {
            let sync = try device.measured("sync", "--json")
            #expect(sync.endedCleanly, "\(sync)")
            let matching = sync.problems.filter { $0["path"] as? String == world.zoneName + "/" + name }
            #expect(matching.contains { $0["kind"] as? String == kind }, "\(device.name): \(name) reported as \(kind): \(sync)")
            if positioned { #expect(matching.contains { $0["line"] is Int && $0["column"] is Int }, "\(matching)") }
            if kind == "newerFormat" {
                #expect(matching.contains { ($0["message"] as? String)?.contains("newer version of Ours") == true })
            }
        }
        // Good records still flow both ways.
        try sarah.ok("record", "put", "item", "eggs", "--fields", #"{"name": "Eggs"}"#)
        try mike.ok("sync")
        #expect(try mike.get("item", "eggs")["name"] as? String == "Eggs")
        // An owner's command that would rewrite the file refuses instead, naming it.
        let transfer = try sarah.measured("household", "transfer", "Mike")
        #expect(transfer.exited && transfer.exitCode == 1, "\(transfer)")
        #expect(transfer.stderr.contains(name), "\(transfer)")
        #expect(world.bytes(path) == hostile.bytes, "\(name) left byte for byte as it was")
        #expect(outside.snapshot() == outsideBefore)

        if hostile.file == "zone-future-format.json" {
            let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
            let carol = try world.device("Carol")
            let join = try carol.measured("join", code, "--folder", world.shared)
            #expect(join.exited && join.exitCode == 1, "\(join)")
            #expect(join.stderr.contains("zone.json was written by a newer version of Ours"), "\(join)")
            #expect(world.bytes(path) == hostile.bytes)
        }
    }

    @Test("each hostile share code", arguments: HostileCorpus.codes)
    func hostileCode(_ hostile: HostileCase) throws {
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let outside = OutsideMarker(root: world.root)
        outside.addHousehold(copyOf: world.zone)  // what `../outside/home` would find
        outside.arm()
        let outsideBefore = outside.snapshot()
        let path = world.shared + "/codes/" + HostileCorpus.code + ".json"
        world.write(path, hostile.bytes)

        let eve = try world.device("Eve")
        let join = try eve.measured("join", HostileCorpus.code, "--folder", world.shared)
        #expect(join.exited && join.exitCode != 0, "\(join)")
        #expect(join.stderr.contains("refused") || join.stderr.contains("damaged"), "a message says why: \(join)")
        #expect(try eve.run("household", "list", "--json").array.isEmpty, "Eve joined nothing")
        #expect(world.bytes(path) == hostile.bytes, "the code file is left as it was")
        #expect(outside.snapshot() == outsideBefore, "nothing outside the shared folder read or written")
    }

    @Test func aMemberPromotingThemselvesStaysAMemberOnEveryDevice() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let household = try mike.householdID()
        let mikeID = try mike.run("init", "--name", "Mike", "--json").object
        let participant = mikeID["participantId"] as? String ?? "?"
        let device = try #require(DeviceID(mikeID["deviceId"] as? String ?? ""))
        // Mike's own device writes both documents with a stamp of its own: owner, read-write.
        let stamp = Stamp(millis: Int64(Date().timeIntervalSince1970 * 1000) + 1000, device: device)
        let replica = mike.home + "/replicas/" + household
        var manifest = try StampedDocument.decodeManifest(world.bytes(replica + "/participants.json") ?? [], modifiedMillis: 0)
            .state
        manifest.write([participant + ".role": .string("owner"), participant + ".permission": .string("readWrite")], at: stamp)
        world.write(world.zone + "/participants.json", StampedDocument.encodeManifest(manifest))
        var zone = try StampedDocument.decodeZone(world.bytes(replica + "/zone.json") ?? [], modifiedMillis: 0).state
        zone.write(["owner": .string(participant)], at: stamp)
        world.write(world.zone + "/zone.json", StampedDocument.encodeZone(zone))

        let sync = try sarah.measured("sync", "--json")
        for name in ["participants.json", "zone.json"] {
            #expect(
                sync.problems.contains {
                    $0["kind"] as? String == "ignoredChange" && $0["path"] as? String == world.zoneName + "/" + name
                },
                "\(name): \(sync)")
        }
        try mike.ok("sync")
        try sarah.ok("sync")
        let carol = try world.device("Carol")
        try carol.ok("join", try sarah.ok("invite", "--json").object["code"] as? String ?? "", "--folder", world.shared)
        for device in [sarah, mike, carol] {
            let members = try device.run("members", "--json").array
            let entry = members.first { $0["id"] as? String == participant }
            #expect(entry?["role"] as? String == "member", "\(device.name) sees Mike as a member: \(members)")
            #expect(members.contains { $0["name"] as? String == "Sarah" && $0["role"] as? String == "owner" })
        }
        #expect(try mike.run("members", "remove", "Sarah", "--yes").exitCode == 3, "Mike still cannot act as the owner")
        let folder = try StampedDocument.decodeManifest(world.bytes(world.zone + "/participants.json") ?? [], modifiedMillis: 0)
        #expect(ParticipantManifest(folder.state).participants[participant]?.role == .member, "the folder's manifest is repaired")
    }

    @Test func aHandEditedManifestIsIgnored() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try sarah.ok("sync")
        let path = world.zone + "/participants.json"
        var document = world.object(path)
        var entries = document["participants"] as? [String: [String: Any]] ?? [:]
        let mikeID = try #require(entries.first { $0.value["name"] as? String == "Mike" }?.key)
        entries[mikeID]?["role"] = "owner"
        document["participants"] = entries
        world.write(path, Array(try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])))

        // The first device to read it reports and ignores the edit (and writes the manifest
        // back as the rules have it); everyone still sees Mike as a member.
        let sync = try mike.measured("sync", "--json")
        #expect(
            sync.problems.contains { problem in
                problem["kind"] as? String == "ignoredChange"
                    && problem["path"] as? String == world.zoneName + "/participants.json"
                    && (problem["message"] as? String)?.contains("edited by hand") == true
            }, "\(sync)")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let members = try device.run("members", "--json").array
            #expect(members.first { $0["id"] as? String == mikeID }?["role"] as? String == "member", "\(device.name): \(members)")
        }
        let folder = try StampedDocument.decodeManifest(world.bytes(path) ?? [], modifiedMillis: 0)
        #expect(ParticipantManifest(folder.state).participants[mikeID]?.role == .member, "the folder's manifest is repaired")
    }
}

struct HostileTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
