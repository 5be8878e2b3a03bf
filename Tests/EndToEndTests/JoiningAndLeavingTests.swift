import Foundation
import Testing

/// Joining and leaving as people do it: invitations the owner still waits on, a look at a
/// household before joining it, bringing one's own records along, and keeping what one typed
/// offline when the household ended meanwhile.
@Suite("End to end: joining and leaving")
struct JoiningAndLeavingTests {
    /// Names on the default list as a device shows them.
    func items(_ device: SimulatedDevice, _ extra: String...) throws -> [String] {
        let result = try device.run(arguments: extra + ["list", "show", "--json"])
        #expect(result.exitCode == 0, "\(device.name): \(result)")
        let shown = result.object["items"] as? [[String: Any]] ?? []
        return shown.compactMap { $0["name"] as? String }.sorted()
    }

    @Test func aMemberOfflineDuringTheDissolutionKeepsTheirUnsyncedEdits() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("add", "milk")
        try mike.ok("sync")
        try world.offline {
            try mike.ok("add", "bread")
            try mike.ok("check", "milk")
        }
        try sarah.ok("household", "dissolve", "--yes")
        #expect(try items(sarah) == ["milk"], "the owner never saw Mike's bread")
        #expect(try mike.run("sync").exitCode == 3, "Mike learns the household ended")

        let refused = try mike.run("household", "keep", "Home")
        #expect(refused.exitCode == 2 && refused.stderr.contains("--yes"), "asks first: \(refused)")
        let kept = try mike.ok("household", "keep", "Home", "--yes", "--json").object
        #expect(kept["name"] as? String == "Home")
        #expect(kept["privateRecords"] as? Int ?? 0 >= 2, "\(kept)")
        #expect(kept["unsynced"] as? Int ?? 0 >= 2, "bread and the ticked milk: \(kept)")
        #expect(try mike.ok("household", "list", "--json").array.isEmpty, "the read-only copy moved, not copied")
        #expect(try items(mike) == ["bread", "milk"], "Mike's private data holds both")
        let milk = try mike.ok("list", "show", "--json").object["items"] as? [[String: Any]] ?? []
        #expect(milk.first { $0["name"] as? String == "milk" }?["checked"] as? Bool == true, "the tick he made offline")

        let again = try mike.run("household", "keep", "Home", "--yes")
        #expect(again.exitCode == 4 || again.exitCode == 2, "\(again)")
        #expect(again.stderr.contains("Home"))
    }

    @Test func keepRefusesAHouseholdStillShared() throws {
        let world = World()
        let devices = try world.household()
        let refused = try devices[1].run("household", "keep", "Home", "--yes")
        #expect(refused.exitCode == 3, "\(refused)")
        #expect(refused.stderr.contains("still a member"))
        #expect(try devices[1].ok("household", "list", "--json").array.count == 1)
    }

    @Test func theOwnerSeesInvitationsNobodyHasUsedYetAsPendingRows() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let once = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let thrice = try sarah.ok("invite", "--read-only", "--uses", "3", "--json").object["code"] as? String ?? ""
        let gone = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        try sarah.ok("codes", "revoke", gone)

        let rows = try sarah.ok("members", "--json").array
        let invited = rows.filter { $0["status"] as? String == "invited" }
        #expect(Set(invited.compactMap { $0["code"] as? String }) == [once, thrice], "revoked codes are not pending: \(rows)")
        let readOnly = invited.first { $0["code"] as? String == thrice }
        #expect(readOnly?["permission"] as? String == "readOnly")
        #expect(readOnly?["usesLeft"] as? Int == 3)
        #expect((readOnly?["expiresAt"] as? String)?.isEmpty == false)
        let text = try sarah.ok("members").stdout
        #expect(text.contains("code \(once)") && text.contains("invited"), "\(text)")

        let mike = try world.device("Mike")
        try mike.ok("join", once, "--folder", world.shared)
        let after = try sarah.ok("members", "--json").array
        #expect(after.filter { $0["status"] as? String == "invited" }.compactMap { $0["code"] as? String } == [thrice])
        #expect(after.contains { $0["name"] as? String == "Mike" && $0["status"] as? String == "active" })
        let mikes = try mike.ok("members", "--json").array
        #expect(!mikes.contains { $0["status"] as? String == "invited" }, "a member sees only the codes they made")
        let offline = try world.offline { try sarah.run("members", "--json") }
        #expect(offline.exitCode == 0, "members are listed without the folder, invitations are not: \(offline)")
        #expect(offline.array.count == 2)
    }

    /// Every file under `directory` with its bytes: what "changed nothing" is checked against.
    func snapshot(_ world: World, _ directory: String) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for file in world.files(under: directory) { result[file] = world.bytes(directory + "/" + file) }
        return result
    }

    @Test func aPreviewShowsTheHouseholdAndWritesNothingAnywhere() throws {
        let world = World()
        let devices = try world.household()
        let sarah = devices[0]
        try sarah.ok("add", "milk", "eggs")
        try sarah.ok("recipe", "add", "Pancakes", "-i", "2 eggs")
        try sarah.ok("record", "rm", "item", try sarah.ids("item").first ?? "")
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let tom = try world.device("Tom")
        try tom.ok("add", "tea")
        let folderBefore = snapshot(world, world.shared)
        let homeBefore = snapshot(world, tom.home)

        let preview = try tom.ok("join", code, "--folder", world.shared, "--preview", "--json").object
        #expect((preview["household"] as? [String: Any])?["name"] as? String == "Home")
        #expect(preview["owner"] as? String == "Sarah")
        #expect((preview["members"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } == ["Sarah", "Mike"])
        let records = preview["records"] as? [String: Int] ?? [:]
        #expect(records["item"] == 1, "one of the two items is deleted: \(records)")
        #expect(records["recipe"] == 1 && records["list"] == 1, "\(records)")
        #expect(preview["permission"] as? String == "readWrite")
        #expect(preview["alreadyMember"] as? Bool == false)
        let text = try tom.ok("join", code, "--folder", world.shared, "--preview").stdout
        #expect(text.contains("Home, owned by Sarah") && text.contains("Members: Sarah (owner), Mike"), "\(text)")
        #expect(text.contains("1 item") && text.contains("Nothing was joined"), "\(text)")

        #expect(snapshot(world, world.shared) == folderBefore, "the shared folder is byte for byte as it was")
        #expect(snapshot(world, tom.home) == homeBefore, "so is the device's state")
        #expect(try tom.ok("household", "list", "--json").array.isEmpty)
        let both = try tom.run("join", code, "--folder", world.shared, "--preview", "--bring-my-data")
        #expect(both.exitCode == 2, "\(both)")
        try sarah.ok("codes", "revoke", code)
        let revoked = try tom.run("join", code, "--folder", world.shared, "--preview")
        #expect(revoked.exitCode == 3 && revoked.stderr.contains("revoked"), "checked as a join checks it: \(revoked)")
    }

    @Test func bringMyDataMovesPrivateRecordsInAndScriptsBringNothingUnasked() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        try sarah.ok("add", "milk")
        let first = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let second = try sarah.ok("invite", "--json").object["code"] as? String ?? ""

        let tom = try world.device("Tom")
        try tom.ok("add", "tea")
        let unasked = try tom.ok("join", first, "--folder", world.shared, "--json").object
        #expect(unasked["broughtRecords"] as? Int == 0)
        #expect(try items(tom) == ["milk"], "a script that did not ask brings nothing")
        #expect(try items(tom, "--household", "private") == ["tea"], "Tom's tea stays private")

        let mike = try world.device("Mike")
        try mike.ok("add", "coffee", "bread")
        try mike.ok("recipe", "add", "Toast", "-i", "1 slice bread")
        let joined = try mike.ok("join", second, "--folder", world.shared, "--bring-my-data", "--json").object
        #expect(joined["broughtRecords"] as? Int ?? 0 >= 4, "\(joined)")
        #expect(try items(mike) == ["bread", "coffee", "milk"])
        let left = try mike.ok("--household", "private", "record", "list", "item", "--json").array
        #expect(left.isEmpty, "moved, not copied: \(left)")
        try sarah.ok("sync")
        #expect(try items(sarah) == ["bread", "coffee", "milk"], "Sarah's device admits Mike's records")
        #expect(try sarah.ok("recipes", "--json").array.compactMap { $0["name"] as? String } == ["Toast"])
    }

    @Test func aReadOnlyJoinBringsNothing() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let code = try sarah.ok("invite", "--read-only", "--json").object["code"] as? String ?? ""
        let gran = try world.device("Gran")
        try gran.ok("add", "tea")
        let joined = try gran.ok("join", code, "--folder", world.shared, "--bring-my-data")
        #expect(joined.stdout.contains("stay private"), "\(joined)")
        #expect(try items(gran, "--household", "private") == ["tea"])
        try sarah.ok("sync")
        #expect(try sarah.ids("item").isEmpty)
    }

    @Test func recordsKeptFromAnEndedHouseholdComeIntoTheNextOneAsTheJoinersOwn() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("add", "milk")
        try mike.ok("sync")
        try sarah.ok("household", "dissolve", "--yes")
        #expect(try mike.run("sync").exitCode == 3)
        try mike.ok("household", "keep", "Home", "--yes")

        // Sarah's milk, kept by Mike, goes into Tom's household: Tom's devices never knew Sarah's.
        let other = World()
        let tom = try other.device("Tom")
        try tom.ok("household", "create", "Flat", "--folder", other.shared)
        let code = try tom.ok("invite", "--json").object["code"] as? String ?? ""
        let moved = SimulatedDevice(name: "Mike", home: mike.home)
        try moved.ok("join", code, "--folder", other.shared, "--bring-my-data")
        let synced = try tom.ok("sync", "--json").object
        let problems = synced["problems"] as? [[String: Any]] ?? []
        #expect(problems.isEmpty, "no record waits for a writer Tom's devices do not know: \(problems)")
        #expect(try items(tom) == ["milk"])
    }

    /// Runs `ours` as `device` on a terminal (util-linux `script` gives it one), answering `answer`.
    func onATerminal(_ device: SimulatedDevice, _ arguments: [String], answer: String) throws -> RunResult {
        let quoted = ([device.binary.path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        var terminal = device
        terminal.binary = URL(fileURLWithPath: "/usr/bin/script")
        return try terminal.run(arguments: ["-qec", quoted, "/dev/null"], input: answer + "\n")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func onATerminalJoinAsksWhetherToBringPrivateRecords() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let tom = try world.device("Tom")
        try tom.ok("add", "tea")
        let declined = try onATerminal(
            tom, ["join", try sarah.ok("invite", "--json").object["code"] as? String ?? "", "--folder", world.shared],
            answer: "n")
        #expect(declined.stdout.contains("Bring your") && declined.stdout.contains("[y/N]"), "\(declined)")
        #expect(try items(tom, "--household", "private") == ["tea"], "no means no")

        let mike = try world.device("Mike")
        try mike.ok("add", "coffee")
        let accepted = try onATerminal(
            mike, ["join", try sarah.ok("invite", "--json").object["code"] as? String ?? "", "--folder", world.shared],
            answer: "y")
        #expect(accepted.stdout.contains("Brought"), "\(accepted)")
        #expect(try items(mike) == ["coffee"])
    }
}
