import Foundation
import OursTestSupport
import Testing

/// Issue 32, case 5: what a device writes in its state directory it can always read back. A
/// pass that meets thousands of problems keeps a sample and counts the rest, and a state file
/// too big or damaged is lost bookkeeping — never a reason to stop syncing.
@Suite("End to end: state files a device can always read back")
struct StateFileLimitsTests {
    static let broken = 20_000

    /// 20,000 broken files in one records folder: every command still works, `ours status`
    /// says how many more there are than it lists, and removing them clears it all.
    @Test(.tags(.slow), .fullLoopOnly) func twentyThousandBrokenFilesStopNoCommand() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let folder = world.recordDirectory(type: "item", id: "milk")
        let half = Array(#"{"name": "half a record","#.utf8)
        for number in 0..<Self.broken {
            let file = open(folder + "/broken-\(number).json", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            #expect(file >= 0 && write(file, half, half.count) == half.count)
            close(file)
        }
        let synced = try sarah.run("sync")
        #expect(synced.exitCode == 0, "\(synced.stderr)")
        let state = sarah.home + "/replicas/" + (try sarah.householdID()) + "/sync-state.json"
        let size = (try? FileManager.default.attributesOfItem(atPath: state)[.size] as? Int) ?? nil
        #expect((size ?? .max) <= 1 << 20, "sync-state.json is \(size ?? -1) bytes")
        for command in [["sync"], ["status"], ["household", "show"], ["record", "list", "item"]] {
            let result = try sarah.run(arguments: command)
            #expect(result.exitCode == 0, "ours \(command.joined(separator: " ")): \(result)")
        }
        let status = try sarah.ok("status")
        #expect(status.stdout.contains("… and 19,800 more broken files"), "\(status.stdout.suffix(600))")
        #expect(status.stdout.components(separatedBy: "\n").count < 300, "status lists a sample, not every file")
        let json = try sarah.ok("status", "--json").object
        #expect((json["problems"] as? [Any])?.count == 200)
        #expect((json["moreProblems"] as? [String: Int])?["brokenFile"] == Self.broken - 200, "\(json["moreProblems"] ?? "")")
        let doctor = try sarah.run("doctor", "--fix")
        #expect(doctor.exitCode == 1, "the broken files are left as they are: \(doctor)")
        #expect(doctor.stdout.contains("\(Self.broken) broken file(s)"), "\(doctor.stdout.prefix(600))")

        // A watcher keeps going, and takes a change from Mike.
        // (Its 20,000 lines, one per problem told once, are searched as text, not parsed.)
        let watch = try RunningOurs(sarah, "watch", "--json", "--interval", "200ms")
        #expect(watch.waitForLine(with: [#""event":"watching""#]), "\(watch.errorOutput)")
        try mike.ok("record", "put", "item", "bread", "--fields", #"{"name": "Bread"}"#)
        #expect(watch.waitForLine(with: [#""event":"change""#, #""id":"bread""#]), "\(watch.output.suffix(5))")
        #expect(watch.signal(SIGTERM) == 0, "\(watch.errorOutput)")
        #expect(!watch.output.contains { $0.contains(#""event":"failed""#) }, "\(watch.output.suffix(5))")

        for number in 0..<Self.broken { unlink(folder + "/broken-\(number).json") }
        try sarah.ok("sync")
        let cleared = try sarah.ok("status", "--json").object
        #expect((cleared["problems"] as? [Any])?.isEmpty == true, "\(cleared)")
        #expect((cleared["moreProblems"] as? [String: Int])?.isEmpty == true, "\(cleared)")
    }

    /// A sync state an earlier version wrote too big to read back (4.7 MB): every command
    /// works, `ours status` tells, and `ours doctor --fix` writes it again.
    @Test func anOversizedSyncStateIsReportedAndMended() throws {
        let world = World()
        let (sarah, _) = try world.sarahAndMike()
        let state = sarah.home + "/replicas/" + (try sarah.householdID()) + "/sync-state.json"
        let problem = #"{"kind": "ignoredChange", "message": "change ignored: not a member any more", "path": "x"}"#
        let problems = Array(repeating: problem, count: 52_000).joined(separator: ",\n")
        world.write(state, #"{"format": 1, "lastReport": {}, "problems": ["# + problems + "]}\n")
        #expect((world.bytes(state)?.count ?? 0) > 4 << 20)

        for command in [["status"], ["household", "show"], ["add", "tea"]] {
            let result = try sarah.run(arguments: command)
            #expect(result.exitCode == 0, "ours \(command.joined(separator: " ")): \(result)")
        }
        let status = try sarah.ok("status")
        #expect(status.stdout.contains("sync-state.json: this device's record of its syncs could not be read back"), "\(status)")
        let doctor = try sarah.run("doctor")
        #expect(doctor.exitCode == 1, "\(doctor)")
        #expect(doctor.stdout.contains("sync-state.json"), "\(doctor)")

        let fixed = try sarah.run("doctor", "--fix", "--json")
        #expect(fixed.exitCode == 0, "\(fixed)")
        let lines = fixed.object["fixed"] as? [String] ?? []
        #expect(lines.contains { $0.contains("sync-state.json could not be read back") }, "\(lines)")
        #expect((world.bytes(state)?.count ?? .max) < 1 << 20)
        let after = try sarah.ok("status", "--json").object
        #expect((after["problems"] as? [Any])?.isEmpty == true, "\(after)")
        try sarah.ok("sync")
    }
}

extension RunningOurs {
    /// Waits (up to a minute) for a printed line holding every one of `parts`; whether one came.
    fileprivate func waitForLine(with parts: [String]) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        var searched = 0
        while Date() < deadline {
            let lines = output
            if lines[searched...].contains(where: { line in parts.allSatisfy { line.contains($0) } }) { return true }
            searched = lines.count
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }
}
