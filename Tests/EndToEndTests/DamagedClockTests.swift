import Foundation
import Testing

/// Issue 32, case 6: a damaged clock file, or a clock at the last instant a stamp can name,
/// locks no command for good and damages no record.
@Suite("End to end: a damaged clock")
struct DamagedClockTests {
    /// A device's clock file: the last stamp it issued.
    private func clockFile(_ device: SimulatedDevice) -> String { device.home + "/clock" }

    /// An empty clock file (a power cut after a rename that was not flushed): commands that
    /// stamp point to `ours doctor --fix`, which rebuilds the clock from the replica's latest
    /// stamp; no stamp made afterwards goes back.
    @Test func doctorFixMendsAnEmptyClockFile() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        // Sarah's last write was stamped a minute ahead: a clock rebuilt from the wall clock
        // alone would stamp her next one below it.
        try sarah.with("OURS_CLOCK_OFFSET", "1m").ok("record", "put", "item", "milk", "--fields", #"{"qty": 2}"#)
        let before = world.text(clockFile(sarah)).trimmingCharacters(in: .whitespacesAndNewlines)
        world.write(clockFile(sarah), "")

        for command in [["add", "tea"], ["sync"], ["status"]] {
            let result = try sarah.run(arguments: command)
            #expect(result.exitCode == 1, "ours \(command.joined(separator: " ")): \(result)")
            #expect(result.stderr.contains("clock is damaged"), "\(result)")
            #expect(result.stderr.contains("Run `ours doctor --fix`"), "\(result)")
        }
        let fixed = try sarah.run("doctor", "--fix", "--json")
        #expect(fixed.exitCode == 0, "\(fixed)")
        let lines = fixed.object["fixed"] as? [String] ?? []
        #expect(lines.contains { $0.hasPrefix("the clock file was damaged") && $0.contains(before) }, "\(lines)")
        #expect(world.text(clockFile(sarah)).hasPrefix(before), "the clock starts again from the latest stamp held")

        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"qty": 3}"#)
        let after = world.text(clockFile(sarah)).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(after > before, "\(after) is not after \(before)")
        try sarah.ok("sync")
        try mike.ok("sync")
        #expect(try mike.get("item", "milk")["qty"] as? Int == 3, "Sarah's later write wins")
        for command in [["add", "tea"], ["status"], ["doctor"]] {
            let result = try sarah.run(arguments: command)
            #expect(result.exitCode == 0, "ours \(command.joined(separator: " ")): \(result)")
        }
    }

    /// A clock that has used every stamp of the last instant (`OURS_CLOCK_OFFSET` at the end
    /// of what 64 bits hold, then tens of thousands of changes; the clock file is set to that
    /// point rather than making them): the next add is refused, naming the clock, and no
    /// record or clock file is damaged; with the clock set right, `ours doctor --fix` moves
    /// the device to a new id and it writes again.
    @Test func noStampIsMadePastTheLastInstant() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let atTheEnd = sarah.with("OURS_CLOCK_OFFSET", "9223372036854775807")
        try atTheEnd.ok("add", "tea")
        let id = try sarah.deviceID()
        let spent = "9999-12-31T23:59:59.999Z-fffd-" + id
        world.write(clockFile(sarah), spent + "\n")

        for item in ["coffee", "sugar"] {
            let refused = try atTheEnd.run("add", item)
            #expect(refused.exitCode == 1, "\(refused)")
            #expect(refused.stderr.contains("has reached the last stamp there can be"), "\(refused)")
            #expect(refused.stderr.contains("OURS_CLOCK_OFFSET"), "\(refused)")
        }
        #expect(world.text(clockFile(sarah)).hasPrefix(spent), "the clock file is left as it was")
        for command in [["status"], ["list", "show", "Groceries"], ["sync"]] {
            let result = try atTheEnd.run(arguments: command)
            #expect(result.exitCode == 0, "ours \(command.joined(separator: " ")): \(result)")
        }
        let listed = try atTheEnd.ok("list", "show", "Groceries").stdout
        #expect(listed.contains("tea") && !listed.contains("coffee"), "\(listed)")
        let doctor = try sarah.run("doctor", "--fix", "--json")
        #expect(doctor.exitCode == 0, "\(doctor)")
        #expect(try sarah.deviceID() != id, "the device stamps under a new id")
        try sarah.ok("add", "coffee")
        try mike.ok("sync")
        let groceries = try mike.ok("list", "show", "Groceries").stdout
        #expect(groceries.contains("tea") && groceries.contains("coffee"), "\(groceries)")
        let problems = try mike.ok("status", "--json").object["problems"] as? [[String: Any]] ?? []
        #expect(!problems.contains { $0["kind"] as? String == "brokenFile" }, "no damaged record reached the folder: \(problems)")
    }

    /// `OURS_CLOCK_OFFSET` at either end of what 64 bits hold is read, not refused.
    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "-106751991167d"])
    func extremeClockOffsetsAreRead(_ offset: String) throws {
        let world = World()
        let (sarah, _) = try world.sarahAndMike()
        let shifted = sarah.with("OURS_CLOCK_OFFSET", offset)
        for command in [["status"], ["add", "tea"], ["sync"]] {
            let result = try shifted.run(arguments: command)
            #expect(result.exitCode == 0, "offset \(offset): ours \(command.joined(separator: " ")): \(result)")
        }
    }
}
