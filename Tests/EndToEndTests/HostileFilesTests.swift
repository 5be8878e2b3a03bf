import Foundation
import OursSync
import OursTestSupport
import Testing

/// The hostile corpus (Fixtures/hostile) in a real household's `records/` folder, all at once,
/// synced again and again by two devices running the real binary: nothing crashes or hangs,
/// every hostile file is reported with its path and left byte for byte as it is, good records
/// still sync, and nothing outside the shared folder is read or written.
@Suite("Hostile files: records", .tags(.slow), .fullLoopOnly)
struct HostileFilesTests {
    static let scenario = Result { try RecordsScenario.run() }

    static let cases = HostileCorpus.records + RecordsScenario.runtime

    /// What a device can find out only by reading a file (`doctor` reads, it does not write).
    static let scannedKinds: Set<String> = ["brokenFile", "newerFormat", "symlink", "unreadableFile"]

    @Test("each hostile record file", arguments: cases)
    func hostileFile(_ hostile: HostileCase) throws {
        let outcome = try Self.scenario.get()
        let placed = try #require(outcome.placed[hostile.file])
        let path = outcome.zoneName + "/" + placed
        switch hostile.expectation {
        case .reported(let kind, let positioned):
            var runs = [("Sarah's sync", outcome.sarahSync), ("Mike's sync", outcome.mikeSync)]
            if Self.scannedKinds.contains(kind) { runs.append(("Mike's doctor", outcome.mikeDoctor)) }
            for (label, run) in runs {
                let matching = run.problems.filter { $0["path"] as? String == path }
                #expect(matching.contains { $0["kind"] as? String == kind }, "\(label) reports \(path) as \(kind): \(matching)")
                if positioned {
                    #expect(
                        matching.contains { $0["line"] is Int && $0["column"] is Int }, "\(label): line and column of \(path)")
                }
            }
            #expect(outcome.after[hostile.file] == outcome.before[hostile.file], "\(path) left as it was")
        case .adopted(let id, let text):
            let relative = ZoneLayout.relativePath(of: try RecordKey(type: "item", id: id))
            let file = try #require(outcome.canonical[relative], "the adopted record's file \(relative)")
            #expect(file.contains(text), "\(relative) keeps \(text) exactly:\n\(file)")
            #expect(outcome.sarahItems.contains { $0["id"] == id } && outcome.mikeItems.contains { $0["id"] == id })
        case .adoptedPortably(let name):
            for (device, items) in [("Sarah", outcome.sarahItems), ("Mike", outcome.mikeItems)] {
                let record = items.first { $0["name"] == name }
                #expect(record != nil, "\(device) has the record named \(name)")
                if let id = record?["id"] { #expect(FolderNames.isPortable(id + ".json"), "\(id).json is portable") }
            }
            #expect(outcome.after[hostile.file] == .missing, "\(path) is gone once adopted under a portable name")
        case .ignored:
            #expect(outcome.after[hostile.file] == outcome.before[hostile.file], "\(path) left as it was")
            for run in [outcome.sarahSync, outcome.mikeSync, outcome.mikeDoctor] {
                #expect(!run.problems.contains { $0["path"] as? String == path }, "\(path) is not Ours's: never reported")
            }
        case .refused:
            Issue.record("not a records case")
        }
    }

    @Test func everyRunEndsWithAnExitCodeNeverASignalOrAHang() throws {
        let outcome = try Self.scenario.get()
        #expect(outcome.runs.count == 12)
        for run in outcome.runs { #expect(run.endedCleanly, "\(run)") }
    }

    @Test func theFiftyMegabyteRecordIsRefusedBySizeWithoutBeingRead() throws {
        let outcome = try Self.scenario.get()
        let path = outcome.zoneName + "/" + (outcome.placed["big-50mb.json"] ?? "")
        let problem = outcome.sarahSync.problems.first { $0["path"] as? String == path }
        #expect((problem?["message"] as? String)?.contains("52428800 bytes") == true, "\(String(describing: problem))")
        // Reading it would take 50 MB at the very least; the whole process stays far below.
        let peaks = outcome.runs.compactMap(\.peakMemory)
        print("peak memory of the runs of ours, MiB:", peaks.map { $0 >> 20 })
        for run in outcome.runs {
            #expect((run.peakMemory ?? 0) < 48 << 20, "\(run.arguments): peak \(run.peakMemory ?? 0) bytes")
        }
    }

    @Test func goodRecordsStillSyncBothWays() throws {
        let outcome = try Self.scenario.get()
        for items in [outcome.sarahItems, outcome.mikeItems] {
            #expect(
                items.contains { $0["id"] == "milk" && $0["name"] == "Milk" }, "a hostile file claiming milk's id changes nothing"
            )
            #expect(items.contains { $0["id"] == "eggs" }, "\(items)")
            #expect(items.contains { $0["id"] == "bread" && $0["name"] == "Bread" })
            #expect(items.contains { $0["id"] == "butter" })
        }
        let eggs = try RecordKey(type: "item", id: "eggs")
        #expect(outcome.canonical[ZoneLayout.relativePath(of: eggs)]?.contains(#""qty": 12"#) == true)
        #expect(outcome.mikeSync.object["lifecycle"] is NSNull)
    }

    @Test func nothingOutsideTheSharedFolderIsReadOrWritten() throws {
        let outcome = try Self.scenario.get()
        #expect(outcome.outsideAfter.keys.sorted() == outcome.outsideBefore.keys.sorted(), "nothing created or removed outside")
        for (path, before) in outcome.outsideBefore {
            #expect(outcome.outsideAfter[path] == before, "outside/\(path) untouched (times include reads)")
        }
        if !OutsideMarker.readsAreVisible {
            print("note: this file system does not record reads (noatime); only writes were checked")
        }
        let spare = ZoneLayout.shard(of: outcome.linkedShardRecord)
        #expect(!outcome.names.contains { $0.hasPrefix("item/\(spare)/") }, "nothing written through the link")
        let waiting =
            outcome.zoneName + "/records/"
            + ZoneLayout.relativePath(of: try RecordKey(type: "item", id: outcome.linkedShardRecord))
        #expect(
            outcome.sarahSync.problems.contains { $0["kind"] as? String == "writeFailed" && $0["path"] as? String == waiting },
            "the record that cannot be written says so: \(outcome.sarahSync.problems)")
    }

    @Test func theEngineNeverWritesANameSomeFileSystemForbids() throws {
        let outcome = try Self.scenario.get()
        let placed = Set(outcome.placed.values.map { String($0.dropFirst("records/".count)) })
        for name in outcome.names where !placed.contains(name) && !name.contains("\u{FFFD}") {
            let unportable = name.split(separator: "/").filter { !FolderNames.isPortable(String($0)) }
            #expect(unportable.isEmpty, "records/\(name) was written by the engine under a name some file system forbids")
        }
    }

    @Test func theCorpusAndItsTableAgree() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: HostileCorpus.directory).filter { $0 != "README.md" }
        #expect(Set(files) == Set(HostileCorpus.committed.map(\.file)), "every fixture has a case and every case a fixture")
        #expect(files.count >= 40)
        let readme = try String(contentsOfFile: HostileCorpus.directory + "/README.md", encoding: .utf8)
        for hostile in HostileCorpus.committed + RecordsScenario.runtime {
            let shown = hostile.file.replacingOccurrences(of: "|", with: "\\|")
            #expect(readme.contains("`\(shown)`"), "README.md lists \(hostile.file)")
        }
    }
}
