import Foundation
import OursTestSupport
import Testing

/// Unison, the file synchronizer many people run by hand or from cron, between two folders:
/// Sarah's device uses A, Mike's uses B. With `-prefer newer -copyonconflict` Unison keeps the
/// loser of a conflict as a copy beside the file, and Ours merges it: both devices converge,
/// the losing value kept as a conflict. With plain `-batch` Unison skips a file changed on both
/// sides and never carries it — the devices stay apart, which the README warns about.
///
/// Required when `CI=true` (`.ci/run` installs unison); skipped elsewhere when it is missing.
@Suite("Real Unison", .tags(.slow), .fullLoopOnly)
struct UnisonTests {
    static let unison = ["/usr/bin/unison", "/usr/local/bin/unison", "/opt/homebrew/bin/unison"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    static var runnable: Bool {
        if unison != nil || required { return true }
        print("Real Unison tests skipped: unison is not installed (apt-get install unison). Required when CI=true.")
        return false
    }

    /// Two folders and Unison's own state, in a world's temporary directory.
    struct Pair {
        let a: String
        let b: String
        let state: String
        let flags: [String]

        /// One run of Unison over the pair; its output.
        @discardableResult
        func sync() throws -> String {
            let unison = try #require(UnisonTests.unison, "unison is required when CI=true")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: unison)
            process.arguments = [a, b, "-batch", "-ui", "text", "-times"] + flags
            var environment = ProcessInfo.processInfo.environment
            environment["UNISON"] = state
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Sarah makes a household in A, Mike joins through B, and milk is on both.
    func household(_ world: World, flags: [String]) throws -> (Pair, SimulatedDevice, SimulatedDevice) {
        let pair = Pair(a: world.root + "/A", b: world.root + "/B", state: world.root + "/unison", flags: flags)
        for folder in [pair.a, pair.b, pair.state] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let sarah = try world.device("Sarah")
        let mike = try world.device("Mike")
        try sarah.ok("household", "create", "Home", "--folder", pair.a)
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Milk"}"#)
        try pair.sync()
        try mike.ok("join", code, "--folder", pair.b)
        try pair.sync()
        try sarah.ok("sync")
        try pair.sync()
        return (pair, sarah, mike)
    }

    /// Every file under `folder` whose name a conflict copy of Unison's would have.
    static func conflictCopies(_ folder: String) -> [String] {
        let all = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []
        return all.filter { $0.contains("(conflict") }
    }

    @Test(.enabled(if: runnable)) func withCopyOnConflictTwoDevicesConverge() throws {
        let world = World()
        let (pair, sarah, mike) = try household(world, flags: ["-prefer", "newer", "-copyonconflict"])
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Oat milk"}"#)
        Thread.sleep(forTimeInterval: 1.1)  // Unison compares whole seconds; Mike's edit is newer
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"name": "Whole milk"}"#)
        try pair.sync()
        #expect(!Self.conflictCopies(pair.a).isEmpty || !Self.conflictCopies(pair.b).isEmpty, "Unison kept a copy")

        var quiet = false
        var rounds = 0
        while !quiet, rounds < 6 {
            rounds += 1
            var written = 0
            for device in [sarah, mike] {
                let report = try device.ok("sync", "--json").object
                written += (report["filesWritten"] as? Int ?? 0) + (report["copiesRemoved"] as? Int ?? 0)
                try pair.sync()
            }
            quiet = written == 0 && Self.conflictCopies(pair.a).isEmpty && Self.conflictCopies(pair.b).isEmpty
        }
        #expect(quiet, "converged within \(rounds) rounds")
        for device in [sarah, mike] {
            #expect(try device.get("item", "milk")["name"] as? String == "Whole milk", "\(device.name)")
            let conflicts = try device.conflicts()
            #expect(conflicts.contains { $0["value"] as? String == "Oat milk" }, "\(device.name): \(conflicts)")
        }
    }

    @Test(.enabled(if: runnable)) func withPlainBatchAConflictIsNeverCarriedAndTheDevicesStayApart() throws {
        let world = World()
        let (pair, sarah, mike) = try household(world, flags: [])
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Oat milk"}"#)
        Thread.sleep(forTimeInterval: 1.1)
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"name": "Whole milk"}"#)
        let output = try pair.sync()
        #expect(output.contains("skipped"), "\(output)")
        for _ in 0..<2 {
            try sarah.ok("sync")
            try mike.ok("sync")
            try pair.sync()
        }
        // What the README warns about: each keeps its own value, and nothing says so.
        #expect(try sarah.get("item", "milk")["name"] as? String == "Oat milk")
        #expect(try mike.get("item", "milk")["name"] as? String == "Whole milk")
    }
}
