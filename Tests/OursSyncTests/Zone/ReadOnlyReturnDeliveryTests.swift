import Testing

@testable import OursSync

/// A change made while its person could write, still waiting on their device when they became
/// read-only (a return with a read-only code), is delivered: every device takes it by its stamp,
/// and no other device holds it.
@Suite("Read-only now: a change made while writing still goes out")
struct ReadOnlyReturnDeliveryTests {
    @Test func aChangeThatWaitedThroughAReadOnlyReturnIsDelivered() throws {
        let folder = try InMemoryFolder()
        let (clock, fileSystem) = (folder.clock, folder.fileSystem)
        let home = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
        let mike = try folder.device("Mike")
        var mikes = try mike.join(code: try home.invite(readOnly: false).code, folder: "/shared").zone
        let milk = try mikes.put(type: "item", fields: ["name": "Milk"])
        try mikes.sync()
        try home.sync()
        let file = try #require(home.layout).path(of: milk)
        try fileSystem.writeInPlace(file, Array("{ \"name\": ".utf8))  // a person broke it

        clock.advance(by: 1000)
        _ = try mikes.put(type: "item", id: milk.id, fields: ["qty": 2])  // waits: the file is broken
        clock.advance(by: 1000)
        try mikes.leave()
        #expect(try mikes.replica.pendingKeys() == [milk], "still waiting when Mike left")
        clock.advance(by: 1000)
        mikes = try mike.join(code: try home.invite(readOnly: true).code, folder: "/shared").zone
        #expect(mikes.membership?.permission == .readOnly)

        try fileSystem.remove(file)  // the broken file goes; Sarah's copy comes back
        try home.sync()
        try mikes.sync()
        #expect(try mikes.replica.pendingKeys().isEmpty, "delivered, not waiting for good")
        try home.sync()
        #expect(try home.state(of: milk)?.fields["qty"]?.winner.value == 2, "Sarah has Mike's change")
    }
}
