import Foundation
import Testing

/// Codes that were used up, expired or revoked leave `ours codes` and, once every member's
/// device has had the chance to read them, `codes/`; a device that never read one still
/// verifies the join made with it, from the owner's record in `zone.json`.
@Suite("End to end: spent codes")
struct SpentCodeTests {
    func code(_ device: SimulatedDevice, _ extra: String...) throws -> String {
        let result = try device.run(arguments: ["invite", "--json"] + extra)
        #expect(result.exitCode == 0, "\(result)")
        return result.object["code"] as? String ?? ""
    }

    func items(_ device: SimulatedDevice) throws -> [String] {
        let shown = try device.ok("list", "show", "--json").object["items"] as? [[String: Any]] ?? []
        return shown.compactMap { $0["name"] as? String }.sorted()
    }

    func codeFiles(_ world: World) -> [String] {
        world.files(under: world.shared + "/codes").sorted()
    }

    @Test func aDeviceThatNeverReadAGoneCodeStillVerifiesTheJoinMadeWithIt() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        try sarah.ok("add", "milk")
        let gran = try world.device("Gran")
        try gran.ok("join", try code(sarah), "--folder", world.shared)
        let spare = try code(sarah, "--read-only")
        let mikes = try code(sarah)
        let mike = try world.device("Mike")
        try mike.ok("join", mikes, "--folder", world.shared)
        try mike.ok("add", "bread")
        // Gran does not sync for a hundred days; Sarah's device tidies the codes meanwhile.
        let later = sarah.with("OURS_CLOCK_OFFSET", "100d")
        try later.ok("sync")
        let listed = try later.ok("codes", "--json").array
        #expect(listed.isEmpty, "nothing usable is left: \(listed)")
        #expect(codeFiles(world).isEmpty, "every spent code file is gone: \(codeFiles(world))")
        let all = try later.ok("codes", "--all", "--json").array
        #expect(Set(all.compactMap { $0["code"] as? String }).isSuperset(of: [spare, mikes]), "\(all)")
        #expect(all.allSatisfy { $0["tidied"] as? Bool == true })
        let join = try world.device("Tom").run("join", mikes, "--folder", world.shared)
        #expect(join.exitCode == 4, "a tidied code no longer works: \(join)")

        let granLater = gran.with("OURS_CLOCK_OFFSET", "100d")
        let synced = try granLater.ok("sync", "--json").object
        let problems = (synced["problems"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(problems.isEmpty, "\(problems)")
        #expect(try items(granLater) == ["bread", "milk"], "Mike's join is verified without his code's file")
        let members = try granLater.ok("members", "--json").array
        #expect(members.contains { $0["name"] as? String == "Mike" && $0["status"] as? String == "active" })
    }

    @Test func aSpentFileStaysUntilEveryMemberWasSeenADayAfter() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let gran = try world.device("Gran")
        try gran.ok("join", try code(sarah), "--folder", world.shared)
        let mikes = try code(sarah)
        let mike = try world.device("Mike")
        try mike.ok("join", mikes, "--folder", world.shared)
        try mike.ok("add", "bread")
        #expect(try sarah.ok("codes", "--json").array.isEmpty, "used up: no longer listed")
        #expect(codeFiles(world).contains(mikes + ".json"), "but Gran's device has not read it yet")

        let twoDays = sarah.with("OURS_CLOCK_OFFSET", "2d")
        try twoDays.ok("sync")
        try twoDays.ok("codes")
        #expect(codeFiles(world).contains(mikes + ".json"), "Gran was not seen since")
        try gran.with("OURS_CLOCK_OFFSET", "2d").ok("sync")
        try mike.with("OURS_CLOCK_OFFSET", "2d").ok("sync")
        try twoDays.ok("sync")
        try twoDays.ok("codes")
        #expect(!codeFiles(world).contains(mikes + ".json"), "everyone was seen a day after: \(codeFiles(world))")

        // A device that joins now never saw the file, and verifies Mike's join all the same.
        let tom = try world.device("Tom")
        try tom.ok("join", try code(twoDays), "--folder", world.shared)
        #expect(try items(tom) == ["bread"])
    }

    @Test func aMemberSeesOnlyUsableCodesAndTidiesNothing() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        let revoked = try code(mike, "--read-only")
        try mike.ok("codes", "revoke", revoked)
        #expect(try mike.ok("codes", "--json").array.isEmpty)
        #expect(try mike.ok("codes", "--all", "--json").array.contains { $0["code"] as? String == revoked })
        try mike.with("OURS_CLOCK_OFFSET", "100d").ok("codes")
        #expect(codeFiles(world).contains(revoked + ".json"), "only the owner's device removes code files")
        try sarah.with("OURS_CLOCK_OFFSET", "100d").ok("codes")
        #expect(!codeFiles(world).contains(revoked + ".json"))
    }
}
