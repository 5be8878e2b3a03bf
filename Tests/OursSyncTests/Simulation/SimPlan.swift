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
    }

    var kind: Kind
    var device: Int
    var param: UInt64

    var description: String { "\(kind.rawValue) d\(device) #\(String(param % 0xFFFF, radix: 16))" }
}

/// Everything a run does, derived from its seed: how many devices, how many start as members,
/// and the steps.
struct SimPlan: Sendable, Equatable {
    var seed: UInt64
    var deviceCount: Int
    /// Devices 0..<initialMembers are in the household from the start (0 is the owner).
    var initialMembers: Int
    var ops: [SimOp]

    /// Relative weights of the steps: the app and the sync tool run most of the time.
    static let weights: [(SimOp.Kind, Int)] = [
        (.create, 8), (.update, 10), (.check, 6), (.delete, 4), (.resolve, 2),
        (.sync, 14), (.quickSync, 4), (.restart, 2), (.deliver, 24),
        (.handEdit, 4), (.breakFile, 2), (.fixFile, 3), (.removeFile, 2), (.removeRecords, 1), (.removeDocument, 1),
        (.unmount, 2), (.remount, 3), (.clockJump, 2), (.dayAhead, 1), (.clockFix, 2),
        (.invite, 2), (.join, 3), (.leave, 1), (.removeMember, 1),
    ]

    static func make(seed: UInt64, operations: ClosedRange<Int> = 60...120) -> SimPlan {
        var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1)
        let devices = random.int(2...5)
        let initial = random.int(2...devices)
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
        return SimPlan(seed: seed, deviceCount: devices, initialMembers: initial, ops: ops)
    }

    /// The same plan with fewer devices: steps of the devices dropped go too.
    func limited(toDevices count: Int) -> SimPlan {
        SimPlan(
            seed: seed, deviceCount: count, initialMembers: min(initialMembers, count),
            ops: ops.filter { $0.device < count })
    }
}
