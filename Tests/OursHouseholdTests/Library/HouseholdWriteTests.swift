import Foundation
import OursSync
import Testing

@testable import OursHousehold

/// `Household.write`: several household actions as one change, saved together or not at all.
@Suite("Library: household actions in one write")
struct HouseholdWriteTests {
    let world = SharedFolderWorld()

    @Test func actionsThatThrowHalfWayLeaveNothing() throws {
        let (sarahZone, _) = try world.couple()
        let sarah = Household(sarahZone)
        _ = try sarah.add(["Milk"])
        #expect(throws: OursError.self) {
            try sarah.write { () throws(OursError) in
                _ = try sarah.add(["Yeast", "Salt"])
                _ = try sarah.check("Milk")
                throw OursError.usage("the recipe needs no yeast after all")
            }
        }
        let names = try sarah.items(on: sarah.list(named: nil)).map { "\($0.name)\($0.checked ? " ✓" : "")" }
        #expect(names == ["Milk"], "neither the added items nor the tick were kept")
    }

    @Test func actionsInOneWriteReachTheOtherDeviceTogether() async throws {
        let (sarahZone, mikeZone) = try world.couple()
        let sarah = Household(sarahZone)
        let mike = Household(mikeZone)
        let added = try await sarah.write { household throws(OursError) -> Int in
            let flour = try household.add(["Flour", "Sugar"]).items.count
            let butter = try household.add(["Butter"], to: "Baking").items.count
            // Inside the write, reads see what it did.
            return flour + butter + (try household.items(on: household.list(named: "Baking")).count)
        }
        #expect(added == 4)
        // As the README writes it.
        let more = try await sarah.write { household throws(OursError) in try household.add(["Flour", "Sugar"]) }
        #expect(more.items.map(\.outcome) == [Household.Outcome.unchanged, .unchanged])
        try mike.zone.sync()
        #expect(try mike.items(on: mike.list(named: nil)).map(\.name).sorted() == ["Flour", "Sugar"])
        #expect(try mike.items(on: mike.list(named: "Baking")).map(\.name) == ["Butter"])
    }
}
