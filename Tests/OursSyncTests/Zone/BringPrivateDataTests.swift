import Testing

@testable import OursSync

/// Which private records must come into a household as the joiner's own writes: those holding
/// any write (or replaced write, or deletion) made on another device.
@Suite("Bringing private data: whose writes a record holds")
struct BringPrivateDataTests {
    @Test func aRecordWrittenOnlyHereKeepsItsStamps() {
        var state = Fixture.state(["name": "Tea"], at: Fixture.stamp(1))
        state.write(["qty": "2"], at: Fixture.stamp(2))
        #expect(!Zone.hasForeignWrites(state, own: Fixture.alice))
    }

    @Test func anotherDevicesWriteAnywhereInTheRecordCounts() {
        let written = Fixture.state(["name": "Tea"], at: Fixture.stamp(1, 0, Fixture.bob))
        #expect(Zone.hasForeignWrites(written, own: Fixture.alice))

        var replaced = written
        replaced.write(["name": "Green tea"], at: Fixture.stamp(2))
        #expect(Zone.hasForeignWrites(replaced, own: Fixture.alice), "the value it replaced was Bob's")

        var deleted = Fixture.state(["name": "Tea"], at: Fixture.stamp(1))
        deleted.delete(at: Fixture.stamp(3, 0, Fixture.bob))
        #expect(Zone.hasForeignWrites(deleted, own: Fixture.alice))
    }

    @Test func aHandEditIsNobodysDevice() {
        let edited = Fixture.state(["name": "Tea"], at: Fixture.stamp(1, 0, DeviceID("_2k4m6p8")!))
        #expect(!Zone.hasForeignWrites(edited, own: Fixture.alice))
    }
}
