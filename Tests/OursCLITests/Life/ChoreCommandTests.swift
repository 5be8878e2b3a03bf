import Foundation
import OursSync
import Testing

@testable import OursCLI

/// The chore commands run in-process by two members of one household.
@Suite struct ChoreCommandTests {
    /// Sarah's and Mike's devices around one shared folder, in a temporary directory.
    final class Home {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ours-chores-\(UUID().uuidString.prefix(8))")
            .path
        var shared: String { root + "/shared" }

        init() throws {
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
            #expect(run("Sarah", "init", "--name", "Sarah").code == 0)
            #expect(run("Mike", "init", "--name", "Mike").code == 0)
            #expect(run("Sarah", "household", "create", "Home", "--folder", shared).code == 0)
            let invite = try JSONParser.parse(run("Sarah", "invite", "--json").out)
            let code = try #require(invite["code"]?.stringValue)
            #expect(run("Mike", "join", code, "--folder", shared).code == 0)
            #expect(run("Sarah", "sync").code == 0)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        @discardableResult
        func run(_ who: String, _ arguments: String...) -> (code: Int32, out: String, err: String) {
            run(who, arguments)
        }

        @discardableResult
        func run(
            _ who: String, _ arguments: [String], clockOffset: String = "0"
        ) -> (code: Int32, out: String, err: String) {
            let capture = CapturingConsole()
            let environment = ["OURS_HOME": root + "/home-" + who, "TZ": "Europe/Berlin", "OURS_CLOCK_OFFSET": clockOffset]
            let code = OursCLI.run(arguments, environment: environment, console: capture.console)
            return (code, capture.output, capture.errorOutput)
        }

        func json(_ who: String, _ arguments: String...) throws -> JSONValue {
            try JSONParser.parse(run(who, arguments + ["--json"]).out)
        }
    }

    @Test func theExamplesInChoreHelpWork() throws {
        let home = try Home()
        let chore = try #require(CommandLineParser.parser.node(at: ["chore"]))
        var ran = 0
        for subcommand in chore.subcommands {
            for example in subcommand.examples {
                let line = words(example)
                #expect(line.first == "ours")
                let result = home.run("Sarah", Array(line.dropFirst()))
                #expect(result.code == 0, "\(example): \(result.err)")
                ran += 1
            }
        }
        #expect(ran >= chore.subcommands.count)
        let left = try home.json("Sarah", "chores").arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(Set(left ?? []) == ["Hoovering", "Recycling", "Rent"], "Bins was removed by the last example")
        #expect(left?.first == "Hoovering", "due since it was added")
    }

    @Test func aRotatingChoreGoesRoundAndKeepsItsLog() throws {
        let home = try Home()
        let added = try home.json("Sarah", "chore", "add", "Bins", "--every", "every tuesday", "--rotate", "sarah, mike")
        #expect(added["outcome"] == "created")
        #expect(added["rule"] == "every tue")
        #expect(added["every"] == "7d")
        #expect(added["assigneeName"] == "Sarah")
        #expect(added["rotation"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Sarah", "Mike"])
        let done = home.run("Sarah", "chore", "done", "bins")
        #expect(done.out.hasPrefix("Bins done; next due Tue "))
        #expect(done.out.hasSuffix(" 00:00 (Mike's turn).\n"))
        #expect(home.run("Mike", "sync").code == 0)
        let log = try home.json("Mike", "chore", "log", "Bins")
        #expect(log["chore"]?["name"] == "Bins")
        #expect(log["completions"]?.arrayValue?.map { $0["byName"] } == ["Sarah"])
        #expect(log["completions"]?.arrayValue?.first?["generation"] == 1)
        let shown = home.run("Mike", "chore", "show", "Bins")
        #expect(shown.out.contains("\n  How often  every Tuesday\n"))
        #expect(shown.out.contains("\n  Who        Mike, then Sarah (taking turns)\n"))
        #expect(shown.out.contains(" by Sarah\n"))
        let table = home.run("Mike", "chore", "log", "Bins").out
        #expect(table.hasPrefix("WHEN"))
        #expect(table.hasSuffix("  Sarah\n"))
    }

    /// Late means done on a later day than it was due, in the household's time zone: the
    /// bins taken out on bin day, at whatever hour, are on time.
    @Test func lateMeansDoneOnALaterDayThanItWasDue() throws {
        let home = try Home()
        home.run("Sarah", ["chore", "add", "Dishes", "--every", "daily"], clockOffset: "-2d")
        home.run("Sarah", "chore", "add", "Plants", "--every", "daily")
        #expect(home.run("Sarah", "chore", "done", "Dishes").code == 0)
        #expect(home.run("Sarah", "chore", "done", "Plants").code == 0)
        let dishes = home.run("Sarah", "chore", "log", "Dishes").out.split(separator: "\n")
        #expect(dishes.count == 2 && dishes[1].contains("  2 days  "), "\(dishes)")
        let plants = home.run("Sarah", "chore", "log", "Plants").out.split(separator: "\n")
        #expect(plants.count == 2 && !plants[1].contains("day") && !plants[1].contains("h "), "\(plants)")
    }

    @Test func listingMarksOverdueAndPausedChores() throws {
        let home = try Home()
        home.run("Sarah", ["chore", "add", "Dishes", "--every", "daily"], clockOffset: "-2d")
        home.run("Sarah", "chore", "add", "Attic", "--every", "monthly", "--fixed")
        home.run("Sarah", "chore", "add", "Plants", "--every", "3d", "--note", "not the cactus")
        home.run("Sarah", "chore", "pause", "plants")
        home.run("Sarah", "chore", "done", "Attic")
        let later = home.run("Sarah", "chores").out.split(separator: "\n").map(String.init)
        #expect(later.first?.hasPrefix("DUE ") == true)
        #expect(later.dropFirst().first?.hasPrefix("overdue 2d ") == true, "\(later)")
        #expect(later.dropFirst().first?.hasSuffix("Dishes") == true)
        #expect(later.last?.hasPrefix("paused ") == true)
        #expect(later.last?.hasSuffix("Plants") == true)
        #expect(later.contains { $0.contains("every month (fixed)") && $0.hasSuffix("Attic") })
        let listed = try home.json("Sarah", "chores").arrayValue ?? []
        #expect(listed.map { $0["name"] } == ["Dishes", "Attic", "Plants"])
        #expect(listed.last?["paused"] == true)
        #expect(listed.last?["note"] == "not the cactus")
        let resumed = try home.json("Sarah", "chore", "resume", "Plants")
        #expect(resumed["outcome"] == "updated")
        #expect(resumed["due"] == true)
    }

    @Test func badInputIsRefusedClearly() throws {
        let home = try Home()
        home.run("Sarah", "chore", "add", "Bins", "--every", "7d")
        let unknown = home.run("Sarah", "chore", "done", "Hoovering")
        #expect(unknown.code == 4)
        #expect(unknown.err.hasPrefix("ours: no chore called \"Hoovering\""))
        let nobody = home.run("Sarah", "chore", "edit", "Bins", "--rotate", "Sarah,Nobody")
        #expect(nobody.code == 4)
        #expect(nobody.err.hasPrefix("ours: no member called \"Nobody\""))
        #expect(home.run("Sarah", "chore", "edit", "Bins").code == 2)
        #expect(home.run("Sarah", "chore", "edit", "Bins", "--fixed", "--from-last").code == 2)
        #expect(home.run("Sarah", "chore", "edit", "Bins", "--assign", "Mike", "--rotate", "Sarah,Mike").code == 2)
        let rule = home.run("Sarah", "chore", "add", "Rent", "--every", "day 32")
        #expect(rule.code == 2)
        #expect(rule.err.hasPrefix("ours: --every needs a rule such as 7d"))
        let removed = try home.json("Sarah", "chore", "rm", "Bins")
        #expect(removed["deleted"] == true)
        #expect(home.run("Sarah", "chores").out.hasPrefix("No chores yet"))
    }
}
