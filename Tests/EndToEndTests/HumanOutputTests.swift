import Foundation
import OursTestSupport
import Testing

/// Human output reads as people speak: local, relative times; permissions in words; a change
/// made while the folder is away said to be kept; a broken file called broken. JSON stays UTC.
@Suite("End to end: output for people")
struct HumanOutputTests {
    /// An ISO 8601 UTC instant, as JSON has them.
    static let iso = try! NSRegularExpression(pattern: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"#)

    static func hasISO(_ text: String) -> Bool {
        iso.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test func tablesShowLocalRelativeTimesAndPermissionsInWords() throws {
        let world = World()
        let devices = try world.household()
        let sarah = devices[0].with("TZ", "Europe/Berlin")
        try sarah.ok("sync")
        try sarah.ok("invite", "--read-only", "--expires", "6d")
        for line in [["status"], ["members"], ["codes"], ["household", "show"], ["invite", "--expires", "2h"]] {
            let text = try sarah.run(arguments: line).stdout
            #expect(!Self.hasISO(text), "\(line): \(text)")
        }
        #expect(try sarah.ok("status").stdout.contains("last sync     just now"))
        #expect(try sarah.ok("household", "show").stdout.contains("owner, read-write, active"))
        let members = try sarah.ok("members").stdout
        #expect(members.contains("read-write") && !members.contains("readWrite"), "\(members)")
        let codes = try sarah.ok("codes").stdout
        #expect(codes.contains("read-only") && codes.contains("in 6 days"), "\(codes)")
        #expect(try sarah.ok("invite", "--expires", "2h").stdout.contains("expires in 2 h."))
        // JSON keeps UTC ISO 8601.
        #expect(Self.hasISO(try sarah.ok("codes", "--json").stdout))
        #expect(Self.hasISO(try sarah.ok("household", "show", "--json").stdout))
    }

    @Test func anAdditionWhileTheFolderIsAwayIsSaidToBeKeptHere() throws {
        let world = World()
        let sarah = try world.household(members: [])[0]
        try FileManager.default.moveItem(atPath: world.shared, toPath: world.shared + "-away")
        let added = try sarah.ok("add", "bread")
        #expect(added.stdout.contains("is not available right now: the change is kept on this device until it returns"))
        #expect(try sarah.ok("add", "bread", "--json").object["keptOnThisDevice"] == nil, "nothing changed the second time")
        try FileManager.default.moveItem(atPath: world.shared + "-away", toPath: world.shared)
        let back = try sarah.ok("add", "eggs")
        #expect(!back.stdout.contains("not available"), "\(back.stdout)")
        try sarah.ok("sync")
        #expect(try sarah.ok("status").stdout.contains("pending       0 change(s)"))
    }

    @Test func doctorCallsABrokenFileBrokenNotMissing() throws {
        let world = World()
        let sarah = try world.household(members: [])[0]
        try sarah.ok("add", "bread", "milk")
        let id = try #require(try sarah.ids("item").first)
        let path = world.recordPath(type: "item", id: id)
        try Data(#"{"name": "bread","#.utf8).write(to: URL(fileURLWithPath: path))
        let old = Date().addingTimeInterval(-120)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        let doctor = try sarah.run("doctor")
        #expect(doctor.exitCode == 1)
        #expect(doctor.stdout.contains("1 broken file(s) in the folder"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("broken file "), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("missing"), "a broken file is not a missing one: \(doctor.stdout)")
        let json = try sarah.run("doctor", "--json").object
        #expect(json["brokenFiles"] as? Int == 1 && json["missingFiles"] as? Int == 0, "\(json)")
    }

    /// `ours` on a pseudo-terminal (util-linux `script`): progress shows there, named phases
    /// with counts, and `--quiet` silences it.
    @Test(.tags(.slow), .fullLoopOnly) func progressShowsOnATerminalUnlessQuiet() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("skipped: /usr/bin/script (util-linux) is missing, so no terminal can be simulated")
            return
        }
        let world = World()
        let sarah = try world.household(members: [])[0]
        let file = world.root + "/items.jsonl"
        try (0..<1200).map { #"{"name": "item \#($0)"}"# }.joined(separator: "\n").write(
            toFile: file, atomically: true, encoding: .utf8)
        let command = "\(sarah.binary.path) record import item \(file)"
        let shown = try sarah.terminal(command)
        #expect(shown.contains("Reading \(file)…"), "\(shown)")
        #expect(shown.contains("Importing item records: 500 of 1200 (41 %)"), "\(shown)")
        #expect(shown.contains("Imported 1200 item record(s)."))
        let quiet = try sarah.terminal(command + " --quiet")
        #expect(!quiet.contains("Importing item records"), "\(quiet)")
        #expect(quiet.contains("Imported 1200 item record(s) (1200 already there, unchanged)."), "\(quiet)")
    }
}

extension SimulatedDevice {
    /// Runs a command line on a pseudo-terminal through `script`; what the terminal showed.
    func terminal(_ line: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", line, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["OURS_HOME"] = home
        env["NO_COLOR"] = "1"
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r", with: "\n")
    }
}
