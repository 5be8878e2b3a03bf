/// Problems a pass found beyond those `sync-state.json` keeps one by one: how many of one kind
/// had their files in one folder.
package struct ProblemCount: Sendable, Equatable {
    package var kind: Problem.Kind
    /// The folder holding their files, relative to the shared folder's root as a problem's path
    /// is; `nil` for problems without a file, and for those counted once more folders held
    /// problems than are counted one by one (`SyncState.countedPlaces`).
    package var folder: String?
    package var count: Int

    package init(kind: Problem.Kind, folder: String?, count: Int) {
        self.kind = kind
        self.folder = folder
        self.count = count
    }

    /// The folder relative to the household's folder (`records/item/3f`), when it lies under
    /// the household's `records/`; `directoryName` is the household's folder name.
    func recordsFolder(inHousehold directoryName: String) -> String? {
        guard let folder, folder.hasPrefix(directoryName + "/records/") else { return nil }
        return String(folder.dropFirst(directoryName.count + 1))
    }

    var json: JSONValue {
        var object: [String: JSONValue] = ["kind": .string(kind.rawValue), "count": JSONValue(count)]
        if let folder { object["folder"] = .string(folder) }
        return .object(object)
    }

    init?(json: JSONValue) {
        guard let kind = json["kind"]?.stringValue.flatMap(Problem.Kind.init), let count = json["count"]?.intValue,
            count > 0
        else { return nil }
        self.init(kind: kind, folder: json["folder"]?.stringValue, count: count)
    }
}

/// What keeps `sync-state.json` small enough to read back, whatever a pass meets: a device
/// that writes a state file it cannot read stops syncing because of its own bookkeeping.
extension SyncState {
    /// The most problems kept one by one; the rest are counted (`moreProblems`).
    package static let keptProblems = 200
    /// The most far-future values kept one by one; the rest are counted (`moreFarFuture`).
    package static let keptFarFuture = 200
    /// The most (kind, folder) pairs the counted problems are told apart by; beyond them,
    /// problems are counted by kind alone.
    package static let countedPlaces = 1_000
    /// The most bytes the file is written with: a quarter of what its reader takes
    /// (`Replica.stateFileLimit`). Lists that would pass it are halved, the rest counted.
    package static let maximumSize = 1 << 20
    /// Rejection rules longer than this are kept as their digest: the pass only compares them.
    static let longestPolicy = 4 * 1024

    /// A fresh state standing for one that could not be read back: it assumes the least (the
    /// last pass may not have written records, so this one compares every record once), and
    /// says why, for the next pass and `ours status` to report.
    init(lost path: String, because why: String, cause: FileSystemError?) {
        self.init()
        wroteRecords = false
        lostBecause = why
        unreadable = Problem(
            .unreadableStateFile, path: path,
            "this device's record of its syncs could not be read back: \(why); it starts afresh, "
                + "and the next sync writes it again (`ours doctor --fix` mends it now)", cause: cause)
    }

    /// The rejection rules as kept: the rules themselves, or the SHA-256 digest of long ones.
    static func storedPolicy(_ policy: String) -> String {
        guard policy.utf8.count > longestPolicy else { return policy }
        return "sha256:" + SHA256.hex(SHA256.hash(Array(policy.utf8)))
    }

    /// Keeps a pass's problems: up to `keptProblems` one by one, as many of each kind as fit
    /// (see `Problem.sample`), and counts the rest, with `carried` — counts of an earlier pass
    /// that still stand.
    mutating func keep(_ all: [Problem], carrying carried: [ProblemCount]) {
        let (kept, rest) = Problem.sample(all, limit: SyncState.keptProblems)
        problems = kept
        moreProblems = SyncState.counting(rest, adding: carried)
    }

    /// Keeps the far-future values still ahead (sorted): up to `keptFarFuture`, and counts the
    /// rest. A count is a number, not a list, so it cannot be checked value by value: it stands
    /// until the latest of its stamps is no longer ahead, or `ours doctor --fix` re-stamps them.
    mutating func keep(farFuture still: [FarFutureStamp], now: Int64) {
        let kept = Array(still.prefix(SyncState.keptFarFuture))
        let rest = still.dropFirst(SyncState.keptFarFuture)
        var more = rest.count
        var until = rest.map(\.stamp.millis).max() ?? 0
        if moreFarFuture > 0, moreFarFutureUntil > now + HybridLogicalClock.maximumDriftMillis {
            more = max(more, moreFarFuture)
            until = max(until, moreFarFutureUntil)
        }
        farFuture = kept
        (moreFarFuture, moreFarFutureUntil) = more > 0 ? (more, until) : (0, 0)
    }

    /// How many problems beyond those kept, by kind.
    package var moreProblemsByKind: [Problem.Kind: Int] {
        moreProblems.reduce(into: [:]) { $0[$1.kind, default: 0] += $1.count }
    }

    /// `problems` and `moreProblems` added up by (kind, folder), sorted, at most
    /// `countedPlaces` of them with a folder (the largest); the others by kind alone.
    static func counting(_ problems: [Problem], adding carried: [ProblemCount]) -> [ProblemCount] {
        struct Place: Hashable {
            var kind: Problem.Kind
            var folder: String?
        }
        var counts: [Place: Int] = [:]
        for problem in problems { counts[Place(kind: problem.kind, folder: problem.path.map(parentPath)), default: 0] += 1 }
        for count in carried { counts[Place(kind: count.kind, folder: count.folder), default: 0] += count.count }
        let placed = counts.filter { $0.key.folder != nil }
            .sorted {
                ($1.value, $0.key.folder ?? "", $0.key.kind.rawValue) < ($0.value, $1.key.folder ?? "", $1.key.kind.rawValue)
            }
        for (place, count) in placed.dropFirst(countedPlaces) {
            counts[place] = nil
            counts[Place(kind: place.kind, folder: nil), default: 0] += count
        }
        return counts.map { ProblemCount(kind: $0.key.kind, folder: $0.key.folder, count: $0.value) }
            .sorted { ($0.folder ?? "", $0.kind.rawValue) < ($1.folder ?? "", $1.kind.rawValue) }
    }

    /// The file's bytes, within `maximumSize`: lists that would pass it are halved until they
    /// fit, what is dropped counted.
    func encoded() -> [UInt8] {
        var state = self
        while true {
            let bytes = stateFileBytes(state.document)
            if bytes.count <= SyncState.maximumSize || !state.shrink() { return bytes }
        }
    }

    /// Halves the larger of the two lists (or the counts, or drops the last report), counting
    /// what goes; `false` when nothing is left to drop.
    private mutating func shrink() -> Bool {
        let problemBytes = JSONWriter.compact(.array(problems.map(\.json))).count
        let farFutureBytes = JSONWriter.compact(farFutureJSON).count
        if !problems.isEmpty, problemBytes >= farFutureBytes || farFuture.isEmpty {
            let half = problems.count / 2
            moreProblems = SyncState.counting(Array(problems[half...]), adding: moreProblems)
            problems.removeLast(problems.count - half)
        } else if !farFuture.isEmpty {
            let half = farFuture.count / 2
            let dropped = farFuture[half...]
            moreFarFuture += dropped.count
            moreFarFutureUntil = max(moreFarFutureUntil, dropped.map(\.stamp.millis).max() ?? 0)
            farFuture.removeLast(farFuture.count - half)
        } else if moreProblems.contains(where: { $0.folder != nil }) {
            let byKind = moreProblemsByKind
            moreProblems = byKind.map { ProblemCount(kind: $0.key, folder: nil, count: $0.value) }
                .sorted { $0.kind.rawValue < $1.kind.rawValue }
        } else if !lastReport.isEmpty {
            lastReport = [:]
        } else {
            return false
        }
        return true
    }
}

extension Problem {
    /// At most `limit` of `problems`, in their order, as many of each kind as fit — a kind with
    /// few problems keeps them all, the others share what is left evenly — and the rest.
    package static func sample(_ problems: [Problem], limit: Int) -> (kept: [Problem], rest: [Problem]) {
        guard problems.count > limit else { return (problems, []) }
        var counts: [Kind: Int] = [:]
        for problem in problems { counts[problem.kind, default: 0] += 1 }
        var allotted: [Kind: Int] = [:]
        var left = limit
        let kinds = counts.sorted { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }
        for (position, (kind, count)) in kinds.enumerated() {
            let share = min(count, left / (kinds.count - position))
            allotted[kind] = share
            left -= share
        }
        var kept: [Problem] = []
        var rest: [Problem] = []
        for problem in problems {
            if let share = allotted[problem.kind], share > 0 {
                kept.append(problem)
                allotted[problem.kind] = share - 1
            } else {
                rest.append(problem)
            }
        }
        return (kept, rest)
    }
}
