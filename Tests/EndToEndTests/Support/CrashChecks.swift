import Foundation
import OursSync
import Testing

/// A conflict copy a sync tool might have left, with a person's edit in it.
struct PlantedCopy {
    var id: String
    var note: String
    var path: String
}

/// The invariants checked after every kill and at every convergence point.
extension CrashLane {
    /// Nothing torn, every record present, and each one in one of the states `allowed` lists.
    func verify(_ tree: RecordTree, _ label: String, allowed: (String) -> [SeenRecord?]) {
        if !tree.torn.isEmpty {
            figures.torn += tree.torn.count
            fail("\(label): \(tree.torn.count) torn file(s): \(tree.torn.prefix(3))")
        }
        var wrong: [String] = []
        for id in ids {
            guard let seen = tree.records[id] else {
                wrong.append("\(id) is missing")
                continue
            }
            let options = allowed(id).compactMap { $0 }
            if !options.contains(seen) { wrong.append("\(id) holds \(seen), not one of \(options)") }
        }
        if tree.records.count != ids.count { wrong.append("\(tree.records.count) records instead of \(ids.count)") }
        if !wrong.isEmpty {
            figures.lost += wrong.count
            fail("\(label): \(wrong.count) record(s) lost or wrong: \(wrong.prefix(3))")
        }
    }

    /// After the writer's import or sync was killed: its replica and the folder hold each
    /// record's old or new state, the folder never holds what the writer's replica lacks, and
    /// the other device is untouched.
    func checkWriterKilled(
        _ kind: CrashKind, writer: SimulatedDevice, other: SimulatedDevice, before: CrashSnapshot, after: CrashSnapshot,
        outcome: KillOutcome
    ) {
        let (oldWriter, oldFolder) = (before.replica(of: writer).records, before.folder.records)
        let (mine, folder) = (after.replica(of: writer), after.folder)
        if kind == .importRecords {
            verify(mine, "\(writer.name)'s replica after a killed import") {
                [oldWriter[$0], oldWriter[$0]?.written(gen: self.round)]
            }
            verify(folder, "the folder after \(writer.name)'s killed import") {
                [oldFolder[$0], oldWriter[$0]?.written(gen: self.round)]
            }
        } else {
            verify(mine, "\(writer.name)'s replica after a killed sync") { [oldWriter[$0]] }
            verify(folder, "the folder after \(writer.name)'s killed sync") { [oldFolder[$0], oldWriter[$0]] }
        }
        let others = before.replica(of: other).records
        verify(after.replica(of: other), "\(other.name)'s replica (not running)") { [others[$0]] }
        let ahead = ids.filter { folder.records[$0]?.gen == round && mine.records[$0]?.gen != round }
        if !ahead.isEmpty { fail("the folder holds changes \(writer.name)'s replica lacks: \(ahead.prefix(3))") }
        if !folder.strays.isEmpty { fail("stray record files in the folder: \(folder.strays.prefix(3))") }
        guard outcome.killed else { return }
        let saved = ids.filter { mine.records[$0]?.gen == round }.count
        let published = ids.filter { folder.records[$0]?.gen == round }.count
        let phase: String
        if kind == .importRecords {
            phase =
                saved == 0
                ? "before the first record was saved"
                : saved < ids.count
                    ? "saving records in the replica"
                    : published < ids.count ? "writing through to the folder" : "after the last file"
        } else {
            phase = published == 0 ? "before the first file" : published < ids.count ? "writing files" : "after the last file"
        }
        figures.killed(kind, phase: phase, delay: outcome.delay, typical: outcome.typical)
    }

    /// After the other device's merging sync was killed: its replica holds each record's old or
    /// merged state, the folder is unchanged except for merged conflict copies, and a copy is
    /// gone only once its content is in the record in both places.
    func checkMergeKilled(
        _ kind: CrashKind, other: SimulatedDevice, writer: SimulatedDevice, before: CrashSnapshot, after: CrashSnapshot,
        planted: [PlantedCopy],
        outcome: KillOutcome
    ) {
        let (oldMine, oldFolder) = (before.replica(of: other).records, before.folder.records)
        let notes = Dictionary(planted.map { ($0.id, $0.note) }, uniquingKeysWith: { first, _ in first })
        func withNotes(_ record: SeenRecord?, _ id: String) -> [SeenRecord?] {
            guard var record, let note = notes[id] else { return [record] }
            let plain = record
            record.note = note
            return [plain, record]
        }
        let (mine, folder) = (after.replica(of: other), after.folder)
        verify(mine, "\(other.name)'s replica after a killed sync") { withNotes(oldMine[$0], $0) + withNotes(oldFolder[$0], $0) }
        verify(folder, "the folder after \(other.name)'s killed sync") { withNotes(oldFolder[$0], $0) }
        let writers = before.replica(of: writer).records
        verify(after.replica(of: writer), "\(writer.name)'s replica (not running)") { [writers[$0]] }
        var removed = 0
        for copy in planted where !FileManager.default.fileExists(atPath: copy.path) {
            removed += 1
            if folder.records[copy.id]?.note != copy.note || mine.records[copy.id]?.note != copy.note {
                figures.lost += 1
                fail("the conflict copy \(copy.path) was removed before its content was in the record")
            }
        }
        guard outcome.killed else { return }
        let changing = ids.filter { oldMine[$0] != oldFolder[$0] || notes[$0] != nil }
        let merged = changing.filter { mine.records[$0] != oldMine[$0] }.count
        let phase =
            removed > 0
            ? "removing conflict copies"
            : merged == 0
                ? "before the first merge" : merged < changing.count ? "merging into the replica" : "after merging"
        figures.killed(kind, phase: phase, delay: outcome.delay, typical: outcome.typical)
    }

    /// After normal syncs on both devices: the folder and both replicas hold byte-identical
    /// files with every acknowledged value, no conflict copy, no outbox entry, no temporary
    /// file in a state directory, and no stale temporary file in the folder.
    func checkConvergence() {
        let now = snapshot()
        for (label, tree) in [("the folder", now.folder), ("Sarah's replica", now.sarah), ("Mike's replica", now.mike)] {
            verify(tree, "\(label) after both synced") { [self.expected[$0]] }
            if !tree.strays.isEmpty { fail("\(label) still holds copies: \(tree.strays.prefix(3))") }
        }
        for (label, tree) in [("Sarah's replica", now.sarah), ("Mike's replica", now.mike)] where tree.bytes != now.folder.bytes {
            let differing = now.folder.bytes.keys.filter { tree.bytes[$0] != now.folder.bytes[$0] }
            fail("\(label) differs from the folder in \(differing.count) file(s): \(differing.sorted().prefix(3))")
        }
        for device in [sarah, mike] {
            let outbox = device.home + "/replicas/" + householdID + "/outbox"
            let waiting = ((try? FileManager.default.contentsOfDirectory(atPath: outbox)) ?? []).filter { !$0.hasPrefix(".") }
            if !waiting.isEmpty { fail("\(device.name)'s outbox still holds \(waiting.count) change(s)") }
            let left = temporaryFiles(under: device.home)
            if !left.isEmpty { fail("temporary files left in \(device.name)'s state directory: \(left.prefix(3))") }
        }
        checkBackdatedGone()
        backdateFolderTemporaryFiles()
        figures.convergencePoints += 1
    }

    /// Temporary files in the folder that look ten minutes old are a crash's leftovers: any
    /// device's next sync removes them.
    func checkBackdatedGone() {
        let left = backdated.filter { FileManager.default.fileExists(atPath: $0) }
        if !left.isEmpty { fail("stale temporary files still in the folder after a sync: \(left.prefix(3))") }
        backdated = []
    }

    /// Copies of ten records' files, each with a note added by hand, named as Syncthing names
    /// its conflict copies.
    func plantConflictCopies() -> [PlantedCopy] {
        var planted: [PlantedCopy] = []
        var chosen = Set<String>()
        // Records without a note yet, so the copy's note is a new key (a hand edit of one).
        let candidates = ids.filter { expected[$0]?.note == nil }
        while chosen.count < min(10, candidates.count) {
            chosen.insert(candidates[Int(random.next() % UInt64(candidates.count))])
        }
        for id in chosen.sorted() {
            let key = try! RecordKey(type: "item", id: id)
            let canonical = records(of: nil) + "/" + ZoneLayout.relativePath(of: key)
            guard let text = try? String(contentsOfFile: canonical, encoding: .utf8), text.hasPrefix("{") else {
                fail("no folder file to copy for \(id)")
                continue
            }
            let note = "copy-\(round)"
            let copy = (canonical as NSString).deletingLastPathComponent + "/\(id).sync-conflict-20260101-000000-ABCDEFG.json"
            try! ("{\n  \"note\": \"\(note)\"," + text.dropFirst()).write(toFile: copy, atomically: false, encoding: .utf8)
            planted.append(PlantedCopy(id: id, note: note, path: copy))
        }
        figures.conflictCopies += planted.count
        return planted
    }
}
