import Foundation
import Testing

extension MembershipRaceTests {
    /// Two new devices recover with one code at once, and the second adds caviar before it
    /// learns that its recovery did not take effect. No admitted list names the second device,
    /// so every device used to hold the caviar back for good, waiting for a listing that would
    /// never come. Now the first device, the owner's, removes it from the start: the caviar is
    /// ignored everywhere, nothing waits, and `ours devices` says the second never counted.
    @Test func aRecoverySetAsideLeavesNothingWaitingAndItsDeviceNeverCounted() throws {
        var home = try Household()
        let mike = home.devices[1]
        let (first, second) = try home.recoverOnTwoNewDevices()
        try second.ok("add", "caviar")  // before it has seen the first recovery
        home.devices += [first, second]
        try home.settle()

        let report = try mike.ok("sync", "--json").object
        let kinds = (report["problems"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(!kinds.contains("unknownWriter"), "nothing waits for a listing: \(report)")
        #expect(try mike.ids("item").isEmpty, "the second device's caviar (and its list) is ignored")
        #expect(try mike.ids("list").isEmpty)
        let secondID = try second.deviceID()
        let shown = try first.ok("devices", "--json").array.first { $0["id"] as? String == secondID }
        #expect(shown?["setAside"] as? Bool == true, "\(String(describing: shown))")
        #expect(try home.membership(of: second).status == "removed")
        try home.expectAgreement()
    }
}
