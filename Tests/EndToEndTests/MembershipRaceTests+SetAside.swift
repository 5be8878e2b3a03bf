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
        let (sarah, mike) = (home.devices[0], home.devices[1])
        var recovering: [SimulatedDevice] = []
        for name in ["First", "Second"] {
            let device = SimulatedDevice(name: name, home: home.world.root + "/home-" + name.lowercased())
            let copy = home.copies.path(of: device)
            try FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: home.copies.path(of: sarah), toPath: copy)
            try device.ok("household", "recover", home.recoveryCode, "--folder", copy)
            recovering.append(device)
            Thread.sleep(forTimeInterval: 0.02)
        }
        let (first, second) = (recovering[0], recovering[1])
        try second.ok("add", "caviar")  // before it has seen the first recovery
        home.devices += recovering
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
