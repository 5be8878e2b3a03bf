import Foundation
import Testing

@Suite("The built binary, smoke")
struct SmokeTests {
    @Test func twoDevicesShareARecord() throws {
        let world = World()
        let devices = try world.household()
        let sarah = devices[0]
        let mike = devices[1]
        let put = try sarah.run("record", "put", "item", "--fields", #"{"name": "Milk"}"#, "--json")
        #expect(put.exitCode == 0, "\(put)")
        let id = put.object["id"] as? String ?? ""
        #expect(try mike.run("sync").exitCode == 0)
        let got = try mike.run("record", "get", "item", id, "--json")
        #expect(got.object["name"] as? String == "Milk", "\(got)")
    }
}
