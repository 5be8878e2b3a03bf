import Foundation
import OursHousehold
import OursTestSupport

@testable import OursSync

/// A household simulation: several devices live a household's life through `Household` (add,
/// check, list delete, recipes, the plan, chores, tasks), their folder copies joined by the
/// engine simulator's sync tool (`SimSyncTool`: delays, reorders, duplicates, drops,
/// half-writes, conflict copies), while the owner removes members and read-only members make
/// their own device state say read-write. Then everything heals and the household-level
/// invariants are checked (`HouseholdSimWorld+Checks`).
final class HouseholdSimWorld {
    enum Step: String, CaseIterable {
        case add, check, uncheck, removeItem, deleteList, addRecipe, deleteRecipe, plan, removeMeal
        case addChore, choreDone, addTask, taskDone, deleteProject, sync, quickSync, deliver, removeMember, tamper
        case join, leave
    }

    static let epoch: Int64 = 1_795_342_500_000
    static let weights: [(Step, Int)] = [
        (.add, 10), (.check, 5), (.uncheck, 2), (.removeItem, 2), (.deleteList, 3), (.addRecipe, 3), (.deleteRecipe, 2),
        (.plan, 4), (.removeMeal, 1), (.addChore, 2), (.choreDone, 3), (.addTask, 3), (.taskDone, 2),
        (.deleteProject, 2), (.sync, 12), (.quickSync, 4), (.deliver, 20), (.removeMember, 2), (.tamper, 3),
        (.join, 2), (.leave, 1),
    ]
    static let lists = [nil, "Party", "Hardware"]
    static let items = ["milk", "eggs", "salsa", "bread", "nails", "chips"]
    static let recipes = ["Pancakes", "Chili", "Salad"]
    static let days = ["2026-11-23", "2026-11-24", "2026-11-25"]
    static let projects = ["Garden", "Attic"]

    let seed: UInt64
    let devices: [HouseholdSimDevice]
    let tool: SimSyncTool
    var householdID = ""
    var failures: [String] = []
    var log: [String] = []
    var events: [String: Int] = [:]
    /// Names only ignored writers (removed members not yet told, self-made read-write
    /// members) ever used, with the writer's name: nothing of them may be visible after
    /// healing on any device but the writer's own (see `verify`).
    var ghostNames: [String: String] = [:]
    var step = 0

    init(seed: UInt64) {
        self.seed = seed
        var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 7)
        let count = random.int(2...4)
        devices = (0..<count).map { HouseholdSimDevice(index: $0, seed: seed, epoch: HouseholdSimWorld.epoch) }
        tool = SimSyncTool(
            copies: devices.map {
                SimCopy(
                    fileSystem: $0.fileSystem, clock: $0.clock, person: $0.name, shortID: HouseholdSimDevice.shortIDs[$0.index])
            })
    }

    /// The steps of a seed: each with its own random parameter, so it does the same whatever ran before.
    static func steps(seed: UInt64, count: ClosedRange<Int> = 50...90) -> [(Step, Int, UInt64)] {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 3)
        let total = weights.reduce(0) { $0 + $1.1 }
        return (0..<random.int(count)).map { _ in
            var pick = random.int(0...(total - 1))
            var chosen = Step.sync
            for (step, weight) in weights {
                if pick < weight { chosen = step; break }
                pick -= weight
            }
            return (chosen, random.int(0...3), random.next())
        }
    }

    func count(_ event: String) { events[event, default: 0] += 1 }

    /// The owner creates the household; every other device joins (one in three read-only),
    /// except, in half the households of three or more, the last one, which joins during the
    /// run (a `join` step).
    func setUp() {
        var random = SplitMix64(seed: seed &+ 11)
        let owner = devices[0]
        let late = devices.count >= 3 && random.chance(0.5) ? devices.last : nil
        do {
            let zone = try owner.device.createZone(name: "Sim Home", folder: SimSyncTool.root)
            householdID = zone.id
            owner.joined = true
            tool.settle()
            for device in devices.dropFirst() where device !== late {
                let readOnly = random.chance(0.33)
                let code = try owner.device.zone(householdID).invite(readOnly: readOnly)
                tool.settle()
                _ = try device.device.join(code: code.code, folder: SimSyncTool.root)
                device.joined = true
                device.readOnly = readOnly
                tool.settle()
                try owner.device.zone(householdID).sync()
                tool.settle()
            }
        } catch {
            failures.append("unexpected: setting up the household failed: \(error)")
        }
    }

    /// Sets up, plays the seed's steps, heals, then runs the write-loop detector and the
    /// checks. `beforeQuiet` runs just before the detector, `beforeChecks` just before the
    /// checks (both for tests of the checker itself).
    func run(
        beforeQuiet: ((HouseholdSimWorld) -> Void)? = nil, beforeChecks: ((HouseholdSimWorld) -> Void)? = nil
    ) {
        setUp()
        guard failures.isEmpty else { return }
        for (index, (kind, who, param)) in HouseholdSimWorld.steps(seed: seed).enumerated() {
            step = index
            perform(kind, devices[who % devices.count], param)
        }
        heal()
        beforeQuiet?(self)
        if failures.isEmpty { verifyQuiet() }
        beforeChecks?(self)
        if failures.isEmpty { verify() }
    }

    /// Runs a household command; refusals (`notFound`, `usage`, `failed`, `notPermitted`) are
    /// what a person sees at times, any other error is a failure (`refusal`). An acknowledged write by a
    /// device every other device ignores marks its names as ghosts.
    func act(
        _ device: HouseholdSimDevice, _ what: String, ghost: String? = nil, _ body: (Household) throws(OursError) -> Void
    )
        -> String
    {
        guard device.joined else { return "not a member" }
        do {
            try body(try device.household(householdID))
            if let ghost, device.isIgnoredWriter { ghostNames[ghost] = device.name }
            return "\(what): ok"
        } catch {
            return "\(what): " + refusal(error, "\(device.name) \(what)")
        }
    }
}
