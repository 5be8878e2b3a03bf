import Foundation
import Testing

/// Share codes through the built binary: every way a code can be wrong has its own message
/// and exit code; every way a person may type a right one works.
@Suite("Share codes")
struct ShareCodeTests {
    func ownerAndNewcomer(_ world: World) throws -> (SimulatedDevice, SimulatedDevice) {
        let owner = try world.device("Sarah")
        #expect(try owner.run("household", "create", "Home", "--folder", world.shared).exitCode == 0)
        return (owner, try world.device("Mike"))
    }

    func code(_ owner: SimulatedDevice, _ arguments: String...) throws -> String {
        try owner.run(arguments: ["invite", "--json"] + arguments).object["code"] as? String ?? ""
    }

    @Test(arguments: ["lower", "spaced", "dashed"])
    func mistypedButValidCodesWork(_ style: String) throws {
        let world = World()
        let (owner, mike) = try ownerAndNewcomer(world)
        let code = try code(owner)
        let typed: String
        switch style {
        case "lower": typed = code.lowercased()
        case "spaced": typed = code.prefix(3) + " " + code.suffix(3)
        default: typed = code.prefix(2) + "-" + code.dropFirst(2).prefix(2) + "-" + code.suffix(2)
        }
        let joined = try mike.run("join", typed, "--folder", world.shared)
        #expect(joined.exitCode == 0, "\(typed): \(joined)")
    }

    @Test func expiredUsedRevokedUnknownAndMalformedCodesEachSayWhy() throws {
        let world = World()
        let (owner, mike) = try ownerAndNewcomer(world)

        let expired = try code(owner, "--expires", "1ms")
        Thread.sleep(forTimeInterval: 0.01)
        let e = try mike.run("join", expired, "--folder", world.shared)
        #expect(e.exitCode == 3 && e.stderr.contains("expired"), "\(e)")

        let single = try code(owner, "--uses", "1")
        #expect(try world.device("Tom").run("join", single, "--folder", world.shared).exitCode == 0)
        let u = try mike.run("join", single, "--folder", world.shared)
        #expect(u.exitCode == 3 && u.stderr.contains("used up"), "\(u)")

        let revoked = try code(owner)
        #expect(try owner.run("codes", "revoke", revoked).exitCode == 0)
        let r = try mike.run("join", revoked, "--folder", world.shared)
        #expect(r.exitCode == 3 && r.stderr.contains("revoked"), "\(r)")

        let unknown = try mike.run("join", "ZZZZZZ", "--folder", world.shared)
        #expect(unknown.exitCode == 4 && unknown.stderr.contains("ZZZZZZ"), "\(unknown)")

        let malformed = try mike.run("join", "K0OL1X", "--folder", world.shared)
        #expect(malformed.exitCode == 2 && malformed.stderr.contains("'0'"), "\(malformed)")
        let short = try mike.run("join", "ABC", "--folder", world.shared)
        #expect(short.exitCode == 2 && short.stderr.contains("6"), "\(short)")

        let statuses = try owner.run("codes", "--all", "--json").array.map { $0["status"] as? String ?? "" }
        #expect(Set(statuses) == ["expired", "used", "revoked"], "\(statuses)")
        #expect(try owner.run("codes", "--json").array.isEmpty, "without --all, only codes that can still be used")
    }

    @Test(arguments: ["../outside", "/etc", "a/b", ".."])
    func aCodePointingOutsideTheFolderIsRefused(_ zone: String) throws {
        let world = World()
        let (_, mike) = try ownerAndNewcomer(world)
        let outside = world.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        world.write(outside + "/zone.json", "{}")
        let file = """
            {"code": "QQQQQQ", "zone": "\(zone)", "permission": "readWrite", "createdBy": "p1",
             "createdAt": "2026-01-01T00:00:00.000Z", "expiresAt": null, "maxUses": null, "uses": 0}
            """
        world.write(world.shared + "/codes/QQQQQQ.json", file)
        let refused = try mike.run("join", "QQQQQQ", "--folder", world.shared)
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(refused.stderr.contains("refused"), "\(refused)")
        #expect(try mike.run("household", "list", "--json").array.isEmpty)
    }

    @Test func aCodeWhoseZoneIsALinkOutOfTheFolderIsRefused() throws {
        let world = World()
        let (_, mike) = try ownerAndNewcomer(world)
        let outside = world.root + "/elsewhere"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: world.shared + "/sneaky", withDestinationPath: outside)
        let file = """
            {"code": "QQQQQQ", "zone": "sneaky", "permission": "readWrite", "createdBy": "p1",
             "createdAt": "2026-01-01T00:00:00.000Z", "expiresAt": null, "maxUses": null, "uses": 0}
            """
        world.write(world.shared + "/codes/QQQQQQ.json", file)
        let refused = try mike.run("join", "QQQQQQ", "--folder", world.shared)
        #expect(refused.exitCode == 1 && refused.stderr.contains("link"), "\(refused)")
    }

    @Test func joiningTwiceIsHarmless() throws {
        let world = World()
        let (owner, mike) = try ownerAndNewcomer(world)
        let code = try code(owner, "--uses", "5")
        #expect(try mike.run("join", code, "--folder", world.shared).exitCode == 0)
        let again = try mike.run("join", code, "--folder", world.shared, "--json")
        #expect(again.exitCode == 0)
        #expect(again.object["alreadyMember"] as? Bool == true)
        let codes = try owner.run("codes", "--json").array
        #expect(codes.first?["uses"] as? Int == 1, "the second join used nothing")
        let rows = try owner.run("members", "--json").array
        #expect(rows.filter { $0["status"] as? String != "invited" }.count == 2)
        #expect(rows.first { $0["status"] as? String == "invited" }?["usesLeft"] as? Int == 4, "\(rows)")
    }
}
