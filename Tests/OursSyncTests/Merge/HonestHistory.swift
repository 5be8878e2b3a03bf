@testable import OursSync

/// A random but honest history of one record on a few devices, with the ground truth kept
/// beside it: which writes each device had really seen when it wrote.
///
/// Honest means every device follows the engine's rules: it stamps writes with its own
/// hybrid logical clock, merges whole states, and calls `receive` for every stamp it merges.
/// Wall clocks misbehave on purpose (set back, a day ahead) because that is where
/// stamp-based merging goes wrong. The ground truth (`known` sets of write ids) is tracked
/// independently of version vectors, so the tests can check the vectors' shortcut against it.
struct HonestHistory: Sendable {
    struct Write: Sendable {
        let id: Int
        let field: String
        let value: JSONValue?
        let stamp: Stamp
        /// Ids of every write and deletion the writer had seen.
        let seen: Set<Int>
    }

    struct Deletion: Sendable {
        let id: Int
        let stamp: Stamp
        let seen: Set<Int>
    }

    struct Replica: Sendable {
        var clock: HybridLogicalClock
        var state = RecordState(key: Fixture.key)
        var known: Set<Int> = []
        var wallOffset: Int64 = 0
        var issued: [Stamp] = []
    }

    static let fields = ["name", "qty", "note", "done"]
    /// Few values, so equal concurrent values happen and must not show as conflicts.
    static let values: [JSONValue?] = [.string("milk"), .string("oat milk"), .number("2"), .bool(true), nil]

    private(set) var replicas: [Replica]
    private(set) var writes: [Write] = []
    private(set) var deletions: [Deletion] = []
    /// States as they were at random moments: honest, partially merged, often stale.
    private(set) var snapshots: [RecordState] = []
    /// How many merged stamps a device refused to absorb because they were too far ahead.
    private(set) var refusedStamps = 0
    private(set) var rng: SplitMix64
    private var now = Fixture.t0
    private var nextID = 0

    init(seed: UInt64, steps: Int = 40) {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 1)
        var devices: Set<DeviceID> = []
        let count = rng.int(2...5)
        while devices.count < count { devices.insert(rng.deviceID(handEdits: false)) }
        replicas = devices.sorted().map { Replica(clock: HybridLogicalClock(device: $0)) }
        self.rng = rng
        for _ in 0..<steps { step() }
    }

    var states: [RecordState] { replicas.map(\.state) }

    mutating func step() {
        now += rng.int64(0...3_000)
        let i = rng.int(0...(replicas.count - 1))
        if rng.chance(0.04) { replicas[i].wallOffset -= rng.int64(1...120_000) }
        if rng.chance(0.03) { replicas[i].wallOffset = Fixture.day }
        if rng.chance(0.05) { replicas[i].wallOffset = 0 }
        let roll = rng.int(0...99)
        if roll < 50 {
            write(on: i)
        } else if roll < 58 {
            delete(on: i)
        } else {
            var j = rng.int(0...(replicas.count - 2))
            if j >= i { j += 1 }
            merge(j, into: i)
        }
        if rng.chance(0.3) { snapshots.append(replicas[i].state) }
    }

    mutating func write(on i: Int) {
        let stamp = tick(i)
        var changes: [String: JSONValue?] = [:]
        let order = Self.fields.shuffled(using: &rng)
        for field in order.prefix(rng.int(1...3)) {
            changes.updateValue(rng.pick(Self.values), forKey: field)
        }
        let seen = replicas[i].known
        replicas[i].state.write(changes, at: stamp)
        for (field, value) in changes.sorted(by: { $0.key < $1.key }) {
            writes.append(Write(id: nextID, field: field, value: value, stamp: stamp, seen: seen))
            replicas[i].known.insert(nextID)
            nextID += 1
        }
    }

    mutating func delete(on i: Int) {
        let stamp = tick(i)
        deletions.append(Deletion(id: nextID, stamp: stamp, seen: replicas[i].known))
        replicas[i].state.delete(at: stamp)
        replicas[i].known.insert(nextID)
        nextID += 1
    }

    /// What the engine does on sync: absorb every stamp it can, then merge the state.
    mutating func merge(_ j: Int, into i: Int) {
        let incoming = replicas[j].state
        let now = wall(i)
        for stamp in incoming.allStamps where !replicas[i].clock.receive(stamp, now: now) { refusedStamps += 1 }
        replicas[i].state.merge(incoming)
        replicas[i].known.formUnion(replicas[j].known)
    }

    /// Every device merges every other, in random orders; the last to merge then has
    /// everything, and the others take it from there.
    mutating func mergeEveryone() {
        let order = replicas.indices.shuffled(using: &rng)
        for i in order {
            for j in replicas.indices.shuffled(using: &rng) where j != i { merge(j, into: i) }
        }
        for i in order.dropLast() { merge(order.last!, into: i) }
    }

    private func wall(_ i: Int) -> Int64 { now + replicas[i].wallOffset }

    private mutating func tick(_ i: Int) -> Stamp {
        let stamp = replicas[i].clock.tick(now: wall(i))!
        replicas[i].issued.append(stamp)
        return stamp
    }

    // MARK: Ground truth

    /// The writes of a field no other write of it had seen: what its register must hold.
    func expectedRegister(_ field: String) -> [Write] {
        let mine = writes.filter { $0.field == field }
        return mine.filter { w in !mine.contains { $0.seen.contains(w.id) } }
    }

    /// The deletions no other deletion had seen.
    var expectedDeletions: [Deletion] {
        deletions.filter { d in !deletions.contains { $0.seen.contains(d.id) } }
    }

    /// Deleted when the latest surviving deletion was not outdone by a surviving write that
    /// had seen it or was concurrent with a higher stamp.
    var expectedIsDeleted: Bool {
        guard let latest = expectedDeletions.max(by: { $0.stamp < $1.stamp }) else { return false }
        let live = Self.fields.flatMap { expectedRegister($0) }
        return !live.contains { w in
            !latest.seen.contains(w.id) && (w.seen.contains(latest.id) || w.stamp > latest.stamp)
        }
    }

    /// Every stamp ever written, with whether replica `i` had seen it.
    func knowledge(of i: Int) -> [(Stamp, Bool)] {
        writes.map { ($0.stamp, replicas[i].known.contains($0.id)) }
            + deletions.map { ($0.stamp, replicas[i].known.contains($0.id)) }
    }
}

/// The 300 histories the property tests share, simulated once: before and after every
/// device merged every other. Cached per batch, so batches are simulated in parallel.
enum Histories {
    struct Run: Sendable {
        let seed: UInt64
        let during: HonestHistory
        let after: HonestHistory
    }

    static let batchCount = 10
    static let batchSize = 30

    private static let cache = (0..<batchCount).map { _ in Locked<[Run]?>(nil) }

    static func batch(_ index: Int) -> [Run] {
        cache[index].withLock { runs in
            if let runs { return runs }
            let made = (0..<batchSize).map { offset in
                let seed = UInt64(index * batchSize + offset)
                let during = HonestHistory(seed: seed)
                var after = during
                after.mergeEveryone()
                return Run(seed: seed, during: during, after: after)
            }
            runs = made
            return made
        }
    }
}
