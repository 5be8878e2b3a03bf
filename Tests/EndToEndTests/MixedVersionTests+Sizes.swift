import Foundation
import Testing

/// Records near the size limit across versions: a record this build shed its history from is
/// an ordinary record to the previous build, and a record the previous build let grow past the
/// limit stops nothing on this one (docs/FORMAT.md, "Size").
extension MixedVersionTests {
    /// Sarah (this build) owns the household; Mike is on the previous build.
    func sarahAndMikeOnThePreviousBuild(_ world: World) throws -> (SimulatedDevice, SimulatedDevice) {
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike", binary: try previous())
        try mike.ok("join", code, "--folder", world.shared)
        return (sarah, mike)
    }

    func fields(_ name: String, _ letter: Character, size: Int) -> String {
        #"{"\#(name)": ""# + String(repeating: letter, count: size) + #""}"#
    }

    @Test func aRecordThatShedItsHistoryIsAnOrdinaryRecordToThePreviousBuild() throws {
        let world = World()
        let (sarah, mike) = try sarahAndMikeOnThePreviousBuild(world)
        for letter in "abcdefgh" {  // from the seventh edit on, the oldest values are shed
            try sarah.ok("record", "put", "item", "big", "--fields", "-", input: fields("note", letter, size: 600_000))
        }
        try mike.ok("sync")
        #expect((try mike.get("item", "big")["note"] as? String)?.first == "h")
        try mike.ok("record", "put", "item", "big", "--fields", #"{"qty": 2}"#)
        for device in [sarah, mike, sarah, mike] { try device.ok("sync") }

        // Settled: another round on both writes nothing (no file goes back and forth).
        let path = world.recordPath(type: "item", id: "big")
        let settled = world.version(path)
        for device in [sarah, mike] {
            let synced = try device.ok("sync", "--json").object
            #expect(synced["filesWritten"] as? Int == 0, "\(device.name): \(synced)")
        }
        #expect(world.version(path) == settled)
        for device in [sarah, mike] {
            let big = try device.get("item", "big")
            #expect((big["note"] as? String)?.first == "h" && big["qty"] as? Int == 2, "\(device.name)")
        }
    }

    /// The previous build checks no size: Mike's 2.5 MB write merged with Sarah's makes a
    /// 5 MB record, which it stores and writes to the folder (and then cannot read itself).
    /// Sarah's device reports that file and leaves it alone, and everything else keeps working.
    @Test func aRecordThePreviousBuildLetGrowPastTheLimitStopsNothingHere() throws {
        let world = World()
        let (sarah, mike) = try sarahAndMikeOnThePreviousBuild(world)
        try sarah.ok("record", "put", "item", "milk", "--fields", "-", input: fields("b", "y", size: 2_500_000))
        try sarah.ok("add", "eggs")
        try world.offline {
            _ = try mike.run("record", "put", "item", "milk", "--fields", "-", input: fields("a", "x", size: 2_500_000))
        }
        _ = try mike.run("sync")  // merges, and writes what it merged
        let size = (try? Data(contentsOf: URL(fileURLWithPath: world.recordPath(type: "item", id: "milk"))))?.count ?? 0
        #expect(size > 4 * 1024 * 1024, "the previous build wrote the merged record: \(size) bytes")

        let problems = SimulatedDevice.problems(try sarah.ok("sync", "--json"))
        #expect(problems.contains { $0.hasPrefix("brokenFile") && $0.contains("milk") }, "\(problems)")
        for command in [["record", "list", "item"], ["record", "get", "item", "milk"], ["list", "show"], ["doctor"]] {
            let result = try sarah.run(arguments: command)
            #expect(result.exitCode == 0 || (command == ["doctor"] && result.exitCode == 1), "ours \(command): \(result)")
        }
        try sarah.ok("add", "bread")
        let names = try sarah.itemNames() ?? []
        #expect(names.contains("bread") && names.contains("eggs"), "\(names)")
    }
}
