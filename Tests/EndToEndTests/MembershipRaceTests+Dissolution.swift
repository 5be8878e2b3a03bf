import Foundation
import Testing

extension MembershipRaceTests {
    /// The laptop adds tea, then dissolves the household before its copy carried the tea
    /// anywhere: the dissolution takes the record files out of its copy. Sarah's phone had
    /// removed the laptop first, so the dissolution does not take effect — and the tea, written
    /// before the removal, must not go with it: the laptop, removed, still puts back every
    /// record its copy of the folder lacks.
    @Test func aDissolutionSetAsidePutsBackTheRecordsItTookOutOfTheFolder() throws {
        var home = try Household()
        let (sarah, mike) = (home.devices[0], home.devices[1])
        let laptop = try home.linkSarahsLaptop()
        try laptop.ok("record", "put", "item", "tea", "--fields", #"{"name": "Tea"}"#)
        Thread.sleep(forTimeInterval: 0.05)
        try sarah.ok("device", "remove", try laptop.deviceID(), "--yes")
        Thread.sleep(forTimeInterval: 0.05)
        try laptop.ok("household", "dissolve", "--yes")
        let teaFile = home.copies.path(of: laptop) + "/records/item"
        #expect(
            (try? FileManager.default.subpathsOfDirectory(atPath: teaFile))?.contains { $0.hasSuffix("tea.json") } != true,
            "the dissolution took the tea out of the laptop's copy")
        home.copies.settle()
        let told = try laptop.run("sync")
        #expect(told.stdout.contains("did not take effect") || told.stderr.contains("did not take effect"), "\(told)")
        try home.settle()
        try home.expectAgreement()
        #expect(try home.membership(of: laptop).status == "removed")
        for device in [sarah, mike] {
            #expect(try home.membership(of: device).status == "active", "\(device.name)")
            #expect(try device.get("item", "tea")["name"] as? String == "Tea", "\(device.name) has the laptop's tea")
        }
    }
}
