import Foundation
import OursTestSupport
import Testing

/// Imported ids derived from the file, beside a device still on the previous build.
@Suite(
    "End to end: mixed versions, repeatable import",
    .needsPreviousBuild, .tags(.slow), .fullLoopOnly)
struct MixedVersionImportTests {
    @Test func recordsWithDerivedIdsSyncToThePreviousVersionAndItsEditsComeBack() throws {
        let previous = try #require(PreviousBuild.url, Comment(rawValue: PreviousBuild.missing))
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike", binary: previous)
        try mike.ok("join", code, "--folder", world.shared)

        let file = world.root + "/widgets.jsonl"
        try "{\"name\": \"a\"}\n{\"name\": \"b\"}\n{\"name\": \"a\"}\n".write(toFile: file, atomically: true, encoding: .utf8)
        try sarah.ok("record", "import", "widget", file)
        try mike.ok("sync")
        let ids = try mike.ids("widget")
        let own = try sarah.ids("widget")
        #expect(ids.count == 3 && ids == own, "the previous version reads every imported record")
        try mike.ok("record", "put", "widget", ids[0], "--fields", #"{"size": 2}"#)
        try mike.ok("sync")
        try sarah.ok("sync")
        #expect(try sarah.get("widget", ids[0])["size"] as? Int == 2)
        // Imported again here: nothing new, and the previous version's edit stays.
        let again = try sarah.ok("record", "import", "widget", file, "--json")
        #expect(again.object["unchanged"] as? Int == 3, "\(again.stdout)")
        #expect(try sarah.ids("widget").count == 3)
        #expect(try sarah.get("widget", ids[0])["size"] as? Int == 2)
    }
}
