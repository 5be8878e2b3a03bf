import Foundation
import OursHousehold
import OursTestSupport
import Testing

@testable import OursSync

/// The household simulation's checks can fail: each test breaks one invariant after a run that
/// passes, and the check must name it.
@Suite("Simulation: household checker")
struct HouseholdSimCheckerTests {
    /// A seed whose run passes (four devices; a fixed seed, so it runs untouched there).
    static let seed: UInt64 = 1

    @Test("an item only one device holds is a divergence")
    func localItem() {
        let world = HouseholdSimWorld(seed: HouseholdSimCheckerTests.seed)
        world.run(beforeChecks: { world in
            _ = try! world.devices[0].household(world.householdID).add(["kumquat"], to: nil)
        })
        #expect(
            world.failures.contains {
                $0.hasPrefix("divergence: ") && $0.contains("other items than Sarah") && $0.contains("kumquat")
            })
    }

    @Test("a name only an ignored writer used, shown on another device, is a ghost")
    func ghost() {
        let world = HouseholdSimWorld(seed: HouseholdSimCheckerTests.seed)
        world.run(beforeChecks: { world in
            let owner = try! world.devices[0].household(world.householdID)
            _ = try! owner.addRecipe(named: "Late 99", ingredients: ["1 egg"], sameTitle: .replace)
            world.ghostNames["Late 99"] = "Nobody"
        })
        #expect(world.failures.contains { $0 == "ghost: Sarah shows Late 99, which only an ignored writer (Nobody) wrote" })
    }

    @Test("an item on a list no one can see is hidden")
    func orphan() {
        let world = HouseholdSimWorld(seed: HouseholdSimCheckerTests.seed)
        world.run(beforeChecks: { world in
            _ = try! world.devices[0].device.zone(world.householdID).put(
                type: RecordTypes.item, id: "stray-1", fields: ["name": "stray", "list": "nowhere-123456789abc"])
        })
        #expect(world.failures.contains { $0 == "hidden: Sarah holds items on no visible list: stray-1" })
    }

    @Test("a pass that restores a file over the healed folder is a write loop")
    func writeLoop() {
        let world = HouseholdSimWorld(seed: HouseholdSimCheckerTests.seed)
        world.run(beforeQuiet: { world in
            let owner = world.devices[0]
            let files = owner.fileSystem.files(under: SimSyncTool.root).keys.filter { $0.contains("/records/") }
            try! owner.fileSystem.remove(files.sorted()[0])
        })
        #expect(world.failures.contains { $0.hasPrefix("write loop: Sarah's full pass") })
    }
}
