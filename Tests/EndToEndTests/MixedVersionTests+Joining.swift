import Foundation
import Testing

/// Joining and leaving across versions: a preview of and bringing one's data into a household
/// the previous build made, keeping a copy it dissolved, and spent codes tidied while a device
/// on the previous build keeps syncing (docs/FORMAT.md, "Spent share codes").
extension MixedVersionTests {
    func names(_ device: SimulatedDevice) throws -> [String] {
        let shown = try device.ok("list", "show", "--json").object["items"] as? [[String: Any]] ?? []
        return shown.compactMap { $0["name"] as? String }.sorted()
    }

    @Test func aPreviewAndBroughtDataWorkWithAHouseholdThePreviousBuildMade() throws {
        let world = World()
        let sarah = try world.device("Sarah", binary: try previous())
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        try sarah.ok("add", "milk")
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike")
        try mike.ok("add", "tea")
        let preview = try mike.ok("join", code, "--folder", world.shared, "--preview", "--json").object
        #expect(preview["owner"] as? String == "Sarah")
        #expect((preview["records"] as? [String: Int])?["item"] == 1, "\(preview)")
        try mike.ok("join", code, "--folder", world.shared, "--bring-my-data")
        #expect(try names(mike) == ["milk", "tea"])
        try sarah.ok("sync")
        #expect(try names(sarah) == ["milk", "tea"], "the previous build admits what Mike brought")
        let members = try sarah.ok("members", "--json").array.compactMap { $0["name"] as? String }
        #expect(Set(members) == ["Sarah", "Mike"])
    }

    @Test func aCopyThePreviousBuildDissolvedIsKeptWithItsUnsyncedEdits() throws {
        let world = World()
        let sarah = try world.device("Sarah", binary: try previous())
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        try sarah.ok("add", "milk")
        let mike = try world.device("Mike")
        try mike.ok("join", try sarah.ok("invite", "--json").object["code"] as? String ?? "", "--folder", world.shared)
        try world.offline { try mike.ok("add", "bread") }
        try sarah.ok("household", "dissolve", "--yes")
        #expect(try mike.run("sync").exitCode == 3)
        try mike.ok("household", "keep", "Home", "--yes")
        #expect(try names(mike) == ["bread", "milk"])
    }

    @Test func aDeviceOnThePreviousBuildKeepsSyncingWhileSpentCodesAreTidied() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let gran = try world.device("Gran", binary: try previous())
        try gran.ok("join", try sarah.ok("invite", "--json").object["code"] as? String ?? "", "--folder", world.shared)
        let mikes = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike")
        try mike.ok("join", mikes, "--folder", world.shared)
        try mike.ok("add", "bread")
        try gran.ok("sync")  // reads Mike's code while judging his join
        #expect(try names(gran) == ["bread"])

        let later = { (device: SimulatedDevice) in device.with("OURS_CLOCK_OFFSET", "2d") }
        for device in [sarah, gran, mike, sarah] { try later(device).ok("sync") }
        try later(sarah).ok("codes")
        #expect(!world.exists(world.shared + "/codes/" + mikes + ".json"), "every member was seen a day after")
        #expect(world.text(world.zone + "/zone.json").contains("spentCodes." + mikes))

        try later(mike).ok("add", "eggs")
        let synced = try later(gran).ok("sync", "--json").object
        let problems = (synced["problems"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(problems.isEmpty, "the previous build takes zone.json's new fields in its stride: \(problems)")
        #expect(try names(later(gran)) == ["bread", "eggs"])
        try later(gran).ok("add", "jam")
        try later(sarah).ok("sync")
        #expect(try names(later(sarah)) == ["bread", "eggs", "jam"])
        let info = try later(gran).ok("household", "show", "--json").object
        #expect(info["name"] as? String == "Home")
    }

    /// What the previous build cannot do: judge a join by `zone.json`'s record. A device on it
    /// that was away for longer than the 90 days after which a code file goes regardless
    /// holds the newcomer's changes back; everything else keeps syncing.
    @Test func aDeviceOnThePreviousBuildAwayLongerThanNinetyDaysHoldsBackAJoinWhoseCodeWentMeanwhile() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        try sarah.ok("add", "milk")
        let gran = try world.device("Gran", binary: try previous())
        try gran.ok("join", try sarah.ok("invite", "--json").object["code"] as? String ?? "", "--folder", world.shared)
        let mike = try world.device("Mike")
        try mike.ok("join", try sarah.ok("invite", "--json").object["code"] as? String ?? "", "--folder", world.shared)
        try mike.ok("add", "bread")
        let later = { (device: SimulatedDevice) in device.with("OURS_CLOCK_OFFSET", "100d") }
        try later(sarah).ok("sync")
        try later(sarah).ok("codes")
        try later(sarah).ok("add", "eggs")

        let synced = try later(gran).run("sync", "--json")
        #expect(synced.exitCode == 0, "\(synced)")
        #expect(try names(later(gran)) == ["eggs", "milk"], "Sarah's change arrives; Mike's waits on this device")
        try later(sarah).ok("sync")
        try later(mike).ok("sync")
        #expect(try names(later(sarah)) == ["bread", "eggs", "milk"], "the current build keeps Mike")
        #expect(try names(later(mike)) == ["bread", "eggs", "milk"])
    }
}
