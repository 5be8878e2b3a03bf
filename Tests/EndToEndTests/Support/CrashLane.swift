import Foundation
import OursSync
import Testing

/// The folder and both replicas at one moment.
struct CrashSnapshot {
    var folder: RecordTree
    var sarah: RecordTree
    var mike: RecordTree

    func replica(of device: SimulatedDevice) -> RecordTree { device.name == "Sarah" ? sarah : mike }
}

/// One independent world of the crash tests: Sarah and Mike share a household of 1,000
/// records, and round after round one of them changes every record while the test kills
/// `ours` at a random moment; after each kill the files are checked, the devices sync
/// normally, and everything must converge with nothing lost.
final class CrashLane {
    let lane: Int
    let seed: UInt64
    var random: SplitMix64
    let root: String
    let shared: String
    let sarah: SimulatedDevice
    let mike: SimulatedDevice
    let ids: [String]
    var householdID = ""
    /// Every record as the completed commands left it: what must never be lost.
    var expected: [String: SeenRecord] = [:]
    /// How long each command takes when nobody kills it, measured while setting up.
    var typical: [CrashKind: Double] = [:]
    var idleSync = 0.1
    /// An import made offline (1,000 records, never killed) at setup, and how much slower the
    /// machine runs now than then (from the same import in later rounds): other work on the
    /// machine must not push every kill to the start of the commands.
    var offlineImport = 1.0
    var slowdown = 1.0
    /// A sync right after an import, which reads every file the import wrote through.
    var syncAfterImport = 0.5
    let reader = RecordTreeReader()
    /// Leftover temporary files in the folder made to look old: the next sync must remove them.
    var backdated: [String] = []
    var round = 0
    var figures = CrashFigures()

    init(lane: Int, seed: UInt64, records: Int) {
        self.lane = lane
        self.seed = seed
        random = SplitMix64(seed: seed)
        // A crash test checks what a killed process leaves in the page cache, which is the
        // same on every file system: prefer memory, where flushes cost nothing.
        let base =
            FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
        root = base + "/ours-crash-\(lane)-" + UUID().uuidString.prefix(8)
        shared = root + "/shared"
        try! FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        sarah = SimulatedDevice(name: "Sarah", home: root + "/home-sarah")
        mike = SimulatedDevice(name: "Mike", home: root + "/home-mike")
        ids = (0..<records).map { String(format: "r%04d", $0) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    var context: String { "seed \(seed), lane \(lane), round \(round)" }

    func fail(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record("\(context): \(message)", sourceLocation: sourceLocation)
    }

    /// Runs `ours` on a device and records an issue unless it succeeds.
    @discardableResult
    func must(
        _ device: SimulatedDevice, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> (RunResult, Double)
    {
        let start = Date()
        let result = try device.run(arguments: arguments)
        if result.exitCode != 0 {
            fail("\(device.name): ours \(arguments.joined(separator: " ")) failed: \(result)", sourceLocation: sourceLocation)
        }
        return (result, Date().timeIntervalSince(start))
    }

    /// Both devices, a shared household, and 1,000 records in sync; measures each command.
    func setUp() throws {
        for device in [sarah, mike] { try must(device, "init", "--name", device.name) }
        try must(sarah, "household", "create", "Home", "--folder", shared)
        let code = try must(sarah, "invite", "--json").0.object["code"] as? String ?? "?"
        try must(mike, "join", code, "--folder", shared)
        householdID = try sarah.householdID()
        let first = try generationFile(0, names: true)
        try offline { offlineImport = try must(sarah, "record", "import", "item", first).1 }
        typical[.syncWrite] = try must(sarah, "sync").1
        typical[.syncMerge] = try must(mike, "sync").1
        typical[.importRecords] = try must(mike, "record", "import", "item", try generationFile(1, names: false)).1
        syncAfterImport = try must(mike, "sync").1
        try must(sarah, "sync")
        idleSync = try must(sarah, "sync").1
        expected = reader.read(records(of: nil)).records
        if expected.count != ids.count { fail("setting up left \(expected.count) records, not \(ids.count)") }
        checkConvergence()
    }

    /// Rounds until `kills` commands were killed (or twice as many rounds as that).
    func run(kills: Int) throws {
        let start = Date()
        try setUp()
        round = 2
        while figures.totalKills < kills, round < kills * 2 {
            try playRound()
            round += 1
        }
        for device in [sarah, mike, sarah] { try recover(device) }
        checkConvergence()
        // What is left in the folder now looks ten minutes old: `doctor --fix` removes it.
        try must(sarah, "doctor", "--fix", "--json")
        let left = temporaryFiles(under: shared)
        if !left.isEmpty { fail("doctor --fix left temporary files in the folder: \(left.prefix(3))") }
        let doctor = try must(sarah, "doctor", "--json").0.object
        if doctor["healthy"] as? Bool != true { fail("doctor after the last round: \(doctor)") }
        figures.seconds = Date().timeIntervalSince(start)
    }

    /// One round: a device changes every record and is killed — an import (writing through
    /// to the folder) and then the sync that delivers what it left in the outbox, or a sync
    /// delivering 1,000 changes made offline; after it recovers, the other device's sync that
    /// merges those changes is killed; then both must converge.
    func playRound() throws {
        reader.age()
        let (writer, other) = (round / 2) % 2 == 0 ? (sarah, mike) : (mike, sarah)
        let file = try generationFile(round, names: false)
        var before: CrashSnapshot
        if round % 2 == 0 {
            before = snapshot()
            let outcome = try kill(
                writer, ["record", "import", "item", file], kind: .importRecords, typical: typical[.importRecords] ?? 1)
            let after = snapshot()
            checkWriterKilled(.importRecords, writer: writer, other: other, before: before, after: after, outcome: outcome)
            before = after
        } else {
            try offline {
                let elapsed = try must(writer, "record", "import", "item", file).1
                slowdown = 0.5 * slowdown + 0.5 * elapsed / offlineImport
            }
            before = snapshot()
        }
        let mine = before.replica(of: writer).records
        let pending = Double(ids.filter { mine[$0] != before.folder.records[$0] }.count) / Double(ids.count)
        let base = round % 2 == 0 ? syncAfterImport : idleSync
        let written = try kill(
            writer, ["sync"], kind: .syncWrite, typical: base + ((typical[.syncWrite] ?? 1) - idleSync) * pending)
        let after = snapshot()
        checkWriterKilled(.syncWrite, writer: writer, other: other, before: before, after: after, outcome: written)
        expected = after.replica(of: writer).records
        let young = Set(after.folder.temporary).subtracting(backdated)
        try recover(writer)
        checkBackdatedGone()
        for path in young where !FileManager.default.fileExists(atPath: path) {
            fail("a young temporary file in the folder was removed (another device may be writing it): \(path)")
        }
        backdateFolderTemporaryFiles()

        let planted = round % 4 == 1 ? plantConflictCopies() : []
        let beforeMerge = snapshot()
        let changing = ids.filter { beforeMerge.replica(of: other).records[$0] != beforeMerge.folder.records[$0] }.count
        let share = Double(changing + planted.count) / Double(ids.count)
        // A watcher's first pass merges like a sync; it keeps polling until killed.
        let (kind, command) = round % 3 == 0 ? (CrashKind.watchMerge, ["watch", "--interval", "100ms"]) : (.syncMerge, ["sync"])
        let merged = try kill(other, command, kind: kind, typical: idleSync + ((typical[.syncMerge] ?? 1) - idleSync) * share)
        if merged.killed { figures.recordsToMerge += changing }
        checkMergeKilled(
            kind, other: other, writer: writer, before: beforeMerge, after: snapshot(), planted: planted, outcome: merged)
        for copy in planted { expected[copy.id]?.note = copy.note }
        try recover(other)
        if !planted.isEmpty { try recover(writer) }
        checkConvergence()
    }

    /// Runs a command and kills it at a random moment within its typical duration.
    func kill(_ device: SimulatedDevice, _ arguments: [String], kind: CrashKind, typical: Double) throws -> KillOutcome {
        let delay = random.unit() * typical * slowdown
        let folderTemporary = Set(temporaryFiles(under: shared))
        var outcome = try device.runKilled(arguments, after: delay)
        outcome.delay = delay
        outcome.typical = typical * slowdown
        if !outcome.killed {
            figures.finishedFirst[kind, default: 0] += 1
            if outcome.exitCode != 0 {
                fail("\(device.name): ours \(arguments.joined(separator: " ")) exited \(outcome.exitCode)")
            }
            return outcome
        }
        let inFolder = Set(temporaryFiles(under: shared)).subtracting(folderTemporary).count
        let inHome = temporaryFiles(under: device.home).count
        figures.temporaryInFolder += inFolder
        figures.temporaryInHomes += inHome
        if inFolder + inHome > 0 { figures.killsLeavingTemporary += 1 }
        return outcome
    }

    /// A normal sync after a kill: it must succeed, report nothing, and leave no temporary
    /// file in the device's state directory.
    func recover(_ device: SimulatedDevice) throws {
        let (result, _) = try must(device, "sync", "--json")
        let problems = result.object["problems"] as? [[String: Any]] ?? []
        if !problems.isEmpty { fail("\(device.name)'s sync after a kill reported problems: \(problems)") }
        let left = temporaryFiles(under: device.home)
        if !left.isEmpty { fail("\(device.name)'s sync left temporary files in its state directory: \(left)") }
    }

    func records(of device: SimulatedDevice?) -> String {
        guard let device else { return shared + "/" + zoneDirectory() + "/records" }
        return device.home + "/replicas/" + householdID + "/records"
    }

    func zoneDirectory() -> String {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: shared)) ?? []
        return entries.first { $0 != "codes" && !$0.hasPrefix(".") } ?? "missing"
    }

    func snapshot() -> CrashSnapshot {
        let result = CrashSnapshot(
            folder: reader.read(records(of: nil)), sarah: reader.read(records(of: sarah)), mike: reader.read(records(of: mike)))
        figures.filesVerified += result.folder.bytes.count + result.sarah.bytes.count + result.mike.bytes.count
        return result
    }

    /// Runs `body` with the shared folder unmounted: changes wait in the device's outbox.
    func offline(_ body: () throws -> Void) throws {
        try FileManager.default.moveItem(atPath: shared, toPath: shared + ".away")
        defer { try? FileManager.default.moveItem(atPath: shared + ".away", toPath: shared) }
        try body()
    }

    func generationFile(_ gen: Int, names: Bool) throws -> String {
        let path = root + "/gen-\(gen).jsonl"
        try generationLines(gen, ids: ids, names: names).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func backdateFolderTemporaryFiles() {
        for path in temporaryFiles(under: shared) where !backdated.contains(path) {
            backdate(path, seconds: 11 * 60)
            backdated.append(path)
        }
    }
}
