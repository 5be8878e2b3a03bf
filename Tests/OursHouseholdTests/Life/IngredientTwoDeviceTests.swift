import Foundation
import OursHousehold
import OursSync
import Testing

/// The same ingredient met on two devices offline is one record whose uses add up.
@Suite struct IngredientTwoDeviceTests {
    let world = SharedFolderWorld()

    func offline(_ body: () throws -> Void) throws {
        let away = world.shared + "-away"
        try FileManager.default.moveItem(atPath: world.shared, toPath: away)
        defer { try? FileManager.default.moveItem(atPath: away, toPath: world.shared) }
        try body()
    }

    @Test func usesCountedOfflineOnTwoDevicesAddUp() throws {
        let (sarah, mike) = try world.couple()
        try offline {
            _ = try Household(sarah).add(["Basil"])
            _ = try Household(sarah).add(["basil"], to: "Market")
            _ = try Household(mike).add(["fresh basil"], category: "Herbs")
            _ = try Household(mike).addRecipe(named: "Pesto", ingredients: ["2 cups Fresh Basil"])
        }
        _ = try sarah.sync()
        _ = try mike.sync()
        _ = try sarah.sync()
        for zone in [sarah, mike] {
            let records = try zone.list(type: RecordTypes.ingredient)
            #expect(records.count == 1)
            let basil = try Household(zone).ingredient(named: "Basil")
            #expect(basil.uses == 4, "2 on Sarah's phone, 2 on Mike's")
            #expect(basil.usesByDevice.count == 2)
            #expect(basil.category == "Herbs")
            #expect(try zone.conflicts().filter { $0.key.type == RecordTypes.ingredient }.isEmpty)
        }
        // Counting goes on from the merged state on either device.
        _ = try Household(mike).add(["basil"], to: "Market")
        _ = try sarah.sync()
        #expect(try Household(sarah).ingredient(named: "basil").uses == 5)
    }
}
