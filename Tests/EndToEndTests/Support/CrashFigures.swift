/// What the crash tests killed, where, and what they found, for the summary and the README.
enum CrashKind: String, CaseIterable, Sendable {
    case importRecords = "record import of 1,000 records"
    case syncWrite = "sync writing up to 1,000 records"
    case syncMerge = "sync merging up to 1,000 records"
    case watchMerge = "watch merging up to 1,000 records"
}

struct CrashFigures: Sendable {
    var kills: [CrashKind: Int] = [:]
    /// Runs that finished before the kill arrived (not counted as kills).
    var finishedFirst: [CrashKind: Int] = [:]
    /// "kind: phase" → kills that landed in that phase (judged from what was on disk after).
    var phases: [String: Int] = [:]
    /// Kill time as a fraction of the command's typical duration, in tenths.
    var delayTenths = [Int](repeating: 0, count: 10)
    /// Leftover temporary files found right after kills, in the shared folder and in state directories.
    var temporaryInFolder = 0
    var temporaryInHomes = 0
    var killsLeavingTemporary = 0
    /// Records a killed merging sync had to merge, summed.
    var recordsToMerge = 0
    /// Conflict copies planted before merging syncs, and how many of those syncs a kill cut short.
    var conflictCopies = 0
    /// Invariant checks: files read and verified after kills and at convergence points.
    var filesVerified = 0
    var convergencePoints = 0
    var torn = 0
    var lost = 0
    var seconds = 0.0

    var totalKills: Int { kills.values.reduce(0, +) }

    mutating func add(_ other: CrashFigures) {
        kills.merge(other.kills, uniquingKeysWith: +)
        finishedFirst.merge(other.finishedFirst, uniquingKeysWith: +)
        phases.merge(other.phases, uniquingKeysWith: +)
        for index in delayTenths.indices { delayTenths[index] += other.delayTenths[index] }
        temporaryInFolder += other.temporaryInFolder
        temporaryInHomes += other.temporaryInHomes
        killsLeavingTemporary += other.killsLeavingTemporary
        recordsToMerge += other.recordsToMerge
        conflictCopies += other.conflictCopies
        filesVerified += other.filesVerified
        convergencePoints += other.convergencePoints
        torn += other.torn
        lost += other.lost
        seconds = max(seconds, other.seconds)
    }

    mutating func killed(_ kind: CrashKind, phase: String, delay: Double, typical: Double) {
        kills[kind, default: 0] += 1
        phases[kind.rawValue + ": " + phase, default: 0] += 1
        let tenth = typical > 0 ? Int(delay / typical * 10) : 0
        delayTenths[min(9, max(0, tenth))] += 1
    }

    var summary: String {
        var lines = ["crash trials: \(totalKills) kills with SIGKILL in \(String(format: "%.0f", seconds)) s"]
        for kind in CrashKind.allCases {
            lines.append("  \(kind.rawValue): \(kills[kind] ?? 0) killed, \(finishedFirst[kind] ?? 0) finished before the kill")
        }
        lines.append("kill points (judged from the files on disk after the kill):")
        for (phase, count) in phases.sorted(by: { $0.key < $1.key }) { lines.append("  \(phase): \(count)") }
        lines.append("kill time / typical duration, by tenths: \(delayTenths.map(String.init).joined(separator: " "))")
        lines.append(
            "leftover temporary files: \(temporaryInFolder) in the shared folder, \(temporaryInHomes) in state directories, "
                + "after \(killsLeavingTemporary) kills; all ignored by readers and cleaned up")
        lines.append("records a killed merging sync had to merge: \(recordsToMerge); conflict copies planted: \(conflictCopies)")
        lines.append("files verified: \(filesVerified); convergence points: \(convergencePoints); torn: \(torn); lost: \(lost)")
        return lines.joined(separator: "\n")
    }
}
