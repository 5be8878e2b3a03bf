import Foundation
import Testing

/// Linking at its edges, through the built binary: two new devices racing for one link code,
/// and a person whose households live in several shared folders.
@Suite("End to end: linking at its edges")
struct DeviceLinkClaimTests {
    /// Mike's devices as a device's `ours members` shows them.
    func mikesDevices(_ device: SimulatedDevice, household: String? = nil) throws -> Set<String> {
        let arguments = (household.map { ["--household", $0] } ?? []) + ["members", "--json"]
        let members = try device.run(arguments: arguments).array
        return Set(members.first { $0["name"] as? String == "Mike" }?["devices"] as? [String] ?? [])
    }

    func deviceID(_ device: SimulatedDevice) throws -> String {
        try device.run("init", "--name", device.name, "--json").object["deviceId"] as? String ?? "?"
    }

    @Test func twoDevicesClaimingOneCodeAtOnceOneWinsTheOtherIsRefusedAndEveryoneAgrees() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        let code = try #require(try mike.ok("device", "link", "--json").object["code"] as? String)
        let claimants = [
            SimulatedDevice(name: "Laptop", home: world.root + "/home-laptop"),
            SimulatedDevice(name: "Tablet", home: world.root + "/home-tablet"),
        ]
        let results = Claims()
        let shared = world.shared
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.set(index, try? claimants[index].run("init", "--link", code, "--folder", shared, "--json"))
        }
        let outcomes = results.all
        let winners = (0..<2).filter { outcomes[$0]?.exitCode == 0 }
        try #require(winners.count == 1, "exactly one claim wins: \(outcomes)")
        let (winner, loser) = (claimants[winners[0]], claimants[1 - winners[0]])
        let refused = try #require(outcomes[1 - winners[0]])
        let winnerID = try deviceID(winner)
        #expect(refused.exitCode == 3, "\(refused)")
        #expect(refused.stderr.contains("link code \(code) was already used by device \(winnerID)"), "\(refused)")
        let households = try loser.run("household", "list", "--json")
        #expect(households.exitCode == 0 && households.array.isEmpty, "the refused device belongs to no household: \(households)")

        try mike.ok("sync")
        try winner.ok("sync")
        try sarah.ok("sync")
        let phoneID = try deviceID(mike)
        for device in [sarah, mike, winner] {
            #expect(try mikesDevices(device) == [phoneID, winnerID], "\(device.name)")
        }
        try winner.ok("record", "put", "item", "eggs", "--fields", #"{"name": "Eggs"}"#)
        try winner.ok("sync")
        try sarah.ok("sync")
        #expect(try sarah.get("item", "eggs")["name"] as? String == "Eggs", "the winner writes as Mike")
        let again = try loser.run("init", "--link", code, "--folder", world.shared)
        #expect(again.exitCode != 0, "a used code stays used: \(again)")
    }

    @Test func aPersonInHouseholdsInTwoFoldersLinksADeviceToEachFolderWithOneCode() throws {
        let world = World()
        let other = world.root + "/other-shared"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        let ana = try world.device("Ana")
        try ana.ok("household", "create", "Flat", "--folder", other)
        let invite = try #require(try ana.ok("invite", "--json").object["code"] as? String)
        try mike.ok("join", invite, "--folder", other)

        let code = try #require(try mike.ok("device", "link", "--json").object["code"] as? String)
        for folder in [world.shared, other] {
            #expect(FileManager.default.fileExists(atPath: folder + "/codes/link-\(code).json"), "the code is in \(folder)")
        }
        let laptop = SimulatedDevice(name: "Laptop", home: world.root + "/home-laptop")
        let flat = try laptop.ok("init", "--link", code, "--folder", other, "--json").object
        #expect((flat["households"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Flat"], "\(flat)")
        let home = try laptop.ok("init", "--link", code, "--folder", world.shared, "--json").object
        #expect((home["households"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Home"], "\(home)")
        #expect(home["participantId"] as? String == flat["participantId"] as? String, "one person")

        for household in ["Home", "Flat"] { try mike.ok("--household", household, "sync") }
        for household in ["Home", "Flat"] { try laptop.ok("--household", household, "sync") }
        let laptopID = try deviceID(laptop)
        for household in ["Home", "Flat"] {
            #expect(try mikesDevices(laptop, household: household).contains(laptopID), "listed in \(household)")
            try laptop.ok("--household", household, "record", "put", "item", "soap", "--fields", #"{"name": "Soap"}"#)
            try laptop.ok("--household", household, "sync")
        }
        try sarah.ok("sync")
        try ana.ok("sync")
        #expect(try sarah.get("item", "soap")["name"] as? String == "Soap", "Home takes the laptop's write as Mike's")
        #expect(try ana.get("item", "soap")["name"] as? String == "Soap", "Flat too")
        #expect(try mikesDevices(ana).contains(laptopID))
        #expect(try mikesDevices(sarah).contains(laptopID))
        #expect(try ana.run("members", "--json").array.count == 2, "Ana sees one Mike, not a new member")
    }
}

/// What each of two claims running at once returned.
private final class Claims: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: RunResult] = [:]

    func set(_ index: Int, _ result: RunResult?) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    var all: [Int: RunResult] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}
