import Foundation
import Testing

/// The command's contract with scripts: exit codes and `--json` shapes.
@Suite("End to end: exit codes and JSON")
struct ContractTests {
    @Test func exitCodesNameWhatWasWrong() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()

        let missing = try sarah.run("record", "get", "item", "no-such-thing")
        #expect(missing.exitCode == 4, "\(missing)")
        #expect(missing.stderr.contains("no-such-thing"), "\(missing)")
        let missingJSON = try sarah.run("record", "get", "item", "no-such-thing", "--json")
        #expect(missingJSON.exitCode == 4)
        #expect((missingJSON.object["error"] as? [String: Any])?["exitCode"] as? Int == 4, "\(missingJSON)")

        let newcomer = try world.device("Kid")
        let unknown = try newcomer.run("join", "ZZZ-ZZZ", "--folder", world.shared)
        #expect(unknown.exitCode == 4, "\(unknown)")
        #expect(unknown.stderr.contains("ZZZZZZ"), "the error names the code: \(unknown)")
        let malformed = try newcomer.run("join", "AB1!", "--folder", world.shared)
        #expect(malformed.exitCode == 2, "\(malformed)")
        #expect(malformed.stderr.contains("AB1!"), "\(malformed)")

        let typo = try sarah.run("recrod", "list", "item")
        #expect(typo.exitCode == 2, "\(typo)")
        #expect(typo.stderr.contains("did you mean 'record'?"), "suggests the closest command: \(typo)")
        #expect(typo.stdout.isEmpty)

        let badFields = try sarah.run("record", "put", "item", "--fields", #"{"name": "Milk""#)
        #expect(badFields.exitCode == 2, "\(badFields)")
        #expect(badFields.stderr.contains("--fields"), "\(badFields)")
        let notObject = try sarah.run("record", "put", "item", "--fields", "[1]")
        #expect(notObject.exitCode == 2, "\(notObject)")
        #expect(notObject.stderr.contains("--fields"), "\(notObject)")
        #expect(try sarah.ids("item") == ["milk"], "a refused put writes nothing")

        world.unmount()
        let sync = try mike.run("sync", "--json")
        #expect(sync.exitCode == 5, "\(sync)")
        #expect(sync.stderr.contains(world.shared), "\(sync)")
        world.remount()
        #expect(try mike.run("sync").exitCode == 0)
    }

    @Test func jsonShapesForScripts() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        let created = try sarah.ok("household", "create", "Home", "--folder", world.shared, "--json").object
        let id = created["id"] as? String ?? ""
        #expect(!id.isEmpty, "\(created)")
        #expect(created["name"] as? String == "Home")

        let invite = try sarah.ok("invite", "--json").object
        let code = invite["code"] as? String ?? ""
        #expect(code.count == 6, "\(invite)")
        #expect(code.allSatisfy { "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".contains($0) }, "\(code)")
        #expect(world.exists(world.shared + "/codes/\(code).json"))

        let mike = try world.device("Mike")
        let joined = try mike.ok("join", code.lowercased(), "--folder", world.shared, "--json").object
        #expect(joined["id"] as? String == id, "\(joined)")
        #expect(joined["name"] as? String == "Home")

        let put = try sarah.ok(
            "record", "put", "item", "--fields", #"{"name": "Milk", "qty": 2.50, "tags": ["dairy"]}"#, "--json")
        let recordID = put.object["id"] as? String ?? ""
        #expect(put.object["type"] as? String == "item")
        #expect(try sarah.ok("record", "put", "item", "--fields", #"{"name": "Bread"}"#).stdout.count == 17, "prints the new id")
        try mike.ok("sync")
        let got = try mike.ok("record", "get", "item", recordID, "--json")
        #expect(got.object["name"] as? String == "Milk", "\(got)")
        #expect(got.stdout.contains(#""qty": 2.50"#), "the number keeps its exact text: \(got)")
        #expect(got.object["tags"] as? [String] == ["dairy"])
        let meta = got.object["_ours"] as? [String: Any] ?? [:]
        #expect(meta["id"] as? String == recordID)
        #expect(meta["type"] as? String == "item")
        #expect(Set(got.object.keys) == ["name", "qty", "tags", "_ours"])
        #expect(try mike.ids("item").count == 2)
    }
}
