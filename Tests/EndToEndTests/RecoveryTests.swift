import Foundation
import Testing

/// An owner who deleted their only device's state gets the household back on a new device
/// with the recovery code shown when it was made, through the built binary.
@Suite("End to end: recovering a household's ownership")
struct RecoveryTests {
    @Test func anOwnerWhoLostTheirOnlyDeviceRecoversThenRemovesAMemberAndDissolves() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        let created = try sarah.ok("household", "create", "Home", "--folder", world.shared, "--json").object
        let code = try #require(created["recoveryCode"] as? String)
        #expect(code.count == 23, "twenty characters in groups of five: \(code)")
        #expect(!world.text(world.zone + "/zone.json").contains(code), "never stored readable")
        let invite = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike")
        try mike.ok("join", invite, "--folder", world.shared)
        #expect(try mike.run("household", "recovery").exitCode == 3, "only the owner issues one")
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Milk"}"#)
        try FileManager.default.removeItem(atPath: sarah.home)

        let wrong = try SimulatedDevice(name: "Guess", home: world.root + "/home-guess")
            .run("household", "recover", "AAAAA-BBBBB-CCCCC-DDDDD", "--folder", world.shared)
        #expect(wrong.exitCode == 4 && wrong.stderr.contains(world.shared), "\(wrong)")

        let laptop = SimulatedDevice(name: "SarahLaptop", home: world.root + "/home-sarahlaptop")
        let recovered = try laptop.ok("household", "recover", code.lowercased(), "--folder", world.shared, "--json").object
        #expect(recovered["role"] as? String == "owner", "\(recovered)")
        let fresh = try #require(recovered["recoveryCode"] as? String)
        #expect(fresh != code && (recovered["removedDevices"] as? [String])?.count == 1)
        #expect(try laptop.get("item", "milk")["name"] as? String == "Milk")

        try mike.ok("sync")
        let members = try mike.ok("members", "--json").array
        #expect(members.count == 2, "the same person, not a new member: \(members)")
        #expect(members.first { $0["name"] as? String == "Sarah" }?["role"] as? String == "owner")

        let spent = try SimulatedDevice(name: "Again", home: world.root + "/home-again")
            .run("household", "recover", code, "--folder", world.shared)
        #expect(spent.exitCode == 4, "the code used is spent: \(spent)")

        try laptop.ok("members", "remove", "Mike", "--yes")
        #expect(try mike.run("sync").exitCode == 3, "Mike learns he was removed")
        let reissued = try laptop.ok("household", "recovery", "--json").object["recoveryCode"] as? String
        #expect(reissued != nil && reissued != fresh)
        try laptop.ok("household", "dissolve", "--yes")
        let zone = try JSONSerialization.jsonObject(with: Data(world.text(world.zone + "/zone.json").utf8)) as? [String: Any]
        #expect(zone?["dissolvedAt"] as? String != nil, "dissolved: \(String(describing: zone))")
    }
}
