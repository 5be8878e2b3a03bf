import Foundation

@testable import OursSync

/// One step of a simulated run. Each step carries its own random `param`, so it does the same
/// thing whatever ran before it (as far as the world then allows): a failing run can be shrunk
/// by dropping steps and replaying the rest.
struct SimOp: Sendable, Equatable, CustomStringConvertible {
    enum Kind: String, Sendable, CaseIterable {
        // A person using the app.
        case create, update, check, delete, resolve
        // The app and the device.
        case sync, quickSync, restart
        // The sync tool moving files between the folder copies.
        case deliver
        // A person in the shared folder.
        case handEdit, breakFile, fixFile, removeFile, removeRecords, removeDocument
        // The world.
        case unmount, remount, clockJump, dayAhead, clockFix
        // A household's life.
        case invite, join, leave, removeMember
        // Added with generator v2: what ordinary use found that v1 could not reach.
        case editInPlace, editDocument, farTime, bigValue
        case rejoin, upgrade, transfer, tamperReadOnly
        // Added with generator v3: one person, many devices.
        case linkDevice, removeDevice, recover
        // Added with generator v4: two membership actions at once, on devices that have not synced.
        case race
    }

    var kind: Kind
    var device: Int
    var param: UInt64

    var description: String { "\(kind.rawValue) d\(device) #\(String(param % 0xFFFF, radix: 16))" }
}

/// Everything a run does, derived from its seed and a generator: how many devices, how many
/// start as members, and the steps.
struct SimPlan: Sendable, Equatable {
    /// How a seed becomes a plan. A regression seed names the generator it failed with and is
    /// replayed with it, so it keeps replaying the run that failed when plans are made
    /// differently later (new kinds of step, other weights). An existing generator is frozen
    /// (`SimPlanTests` holds its fingerprint): to change how plans are made, add a case with
    /// its own weights and make it `current`; keep every step kind an older one can pick.
    enum Generator: String, Sendable, CaseIterable {
        case v1
        /// v1 and: hand edits in place timed against quick passes, hand edits of
        /// `participants.json` and `zone.json` around joins, far file times, values near and past
        /// the size limit, rejoins, upgrades, transfers, read-only members who make themselves
        /// read-write in their own device state.
        case v2
        /// v2 and: a new device linked to a person (with a code made on any of their devices,
        /// claimed once the sync tool brought it), a person removing one of their devices (which
        /// goes on writing until it learns), the owner recovering the household on a fresh
        /// device with the recovery code. Up to six devices, one at least not a member at first.
        case v3
        /// v3 and: membership actions that race — transfer, leave, remove, dissolve, recover,
        /// link, device removal, upgrade and rejoin, two at a time on devices whose folder copies
        /// have not seen each other's. Five or six devices, three members at least and two fresh
        /// devices at most, the owner often with a second device and a member often read-only,
        /// and a recovery code written down at the start.
        case v4

        /// What random seeds run with; `OURS_SIM_GENERATOR` picks another, to replay a seed
        /// reported with it.
        static let current: Generator = .v4

        static let fromEnvironment: Generator =
            ProcessInfo.processInfo.environment["OURS_SIM_GENERATOR"]
            .flatMap(Generator.init(rawValue:)) ?? current

        /// Relative weights of the steps: the app and the sync tool run most of the time.
        var weights: [(SimOp.Kind, Int)] {
            switch self {
            case .v1:
                [
                    (.create, 8), (.update, 10), (.check, 6), (.delete, 4), (.resolve, 2),
                    (.sync, 14), (.quickSync, 4), (.restart, 2), (.deliver, 24),
                    (.handEdit, 4), (.breakFile, 2), (.fixFile, 3), (.removeFile, 2), (.removeRecords, 1),
                    (.removeDocument, 1), (.unmount, 2), (.remount, 3), (.clockJump, 2), (.dayAhead, 1), (.clockFix, 2),
                    (.invite, 2), (.join, 3), (.leave, 1), (.removeMember, 1),
                ]
            case .v2:
                Generator.v1.weights + [
                    (.editInPlace, 4), (.editDocument, 2), (.farTime, 1), (.bigValue, 1),
                    (.rejoin, 4), (.upgrade, 2), (.transfer, 1), (.tamperReadOnly, 2),
                    // More departures and read-only members, for the churn above to act on.
                    (.leave, 1), (.removeMember, 2), (.invite, 1),
                ]
            case .v3:
                Generator.v2.weights + [(.linkDevice, 6), (.removeDevice, 2), (.recover, 2)]
            case .v4:
                Generator.v3.weights + [(.race, 7)]
            }
        }
    }

    var seed: UInt64
    var generator: Generator = .current
    var deviceCount: Int
    /// Devices 0..<initialMembers are in the household from the start (0 is the owner).
    var initialMembers: Int
    var ops: [SimOp]

    static func make(seed: UInt64, generator: Generator = .current, operations: ClosedRange<Int> = 60...120) -> SimPlan {
        var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1)
        let weights = generator.weights
        let (devices, initial): (Int, Int)
        switch generator {
        case .v1, .v2:
            let count = random.int(2...5)
            (devices, initial) = (count, random.int(2...count))
        case .v3:
            let count = random.int(3...6)
            (devices, initial) = (count, random.int(2...(count - 1)))
        case .v4:
            let count = random.int(5...6)
            (devices, initial) = (count, random.int(3...(count - 2)))
        }
        let total = weights.reduce(0) { $0 + $1.1 }
        var ops: [SimOp] = []
        for _ in 0..<random.int(operations) {
            var pick = random.int(0...(total - 1))
            var kind = SimOp.Kind.sync
            for (candidate, weight) in weights {
                if pick < weight { kind = candidate; break }
                pick -= weight
            }
            ops.append(SimOp(kind: kind, device: random.int(0...(devices - 1)), param: random.next()))
        }
        return SimPlan(seed: seed, generator: generator, deviceCount: devices, initialMembers: initial, ops: ops)
    }

    /// The same plan with fewer devices: steps of the devices dropped go too.
    func limited(toDevices count: Int) -> SimPlan {
        SimPlan(
            seed: seed, generator: generator, deviceCount: count, initialMembers: min(initialMembers, count),
            ops: ops.filter { $0.device < count })
    }

    /// A digest of the plans a generator makes for some seeds: what `SimPlanTests` pins.
    static func fingerprint(_ generator: Generator, seeds: ClosedRange<UInt64>) -> String {
        var digest = Digest()
        for seed in seeds {
            let plan = make(seed: seed, generator: generator)
            digest.update("\(plan.deviceCount) \(plan.initialMembers)".utf8)
            for op in plan.ops { digest.update("\(op.kind.rawValue) \(op.device) \(op.param);".utf8) }
        }
        return String(digest.value, radix: 16)
    }
}
