import Foundation
import OursCLI
import OursSync
import Testing

/// The memory commands run in-process: what they print for people and for scripts.
@Suite struct MemoryCommandLifeTests {
    typealias Phone = LifeCommandTests.Phone

    @Test func addListShowForPeople() throws {
        let phone = Phone()
        let added = phone.run(
            "memory", "add", "First", "steps", "--date", "2019-06-02", "--for", "Lily", "--note",
            "She let go of the sofa.\nThree steps to Grandpa.")
        #expect(added.code == 0)
        #expect(added.out == "Added the memory First steps (2 Jun 2019, for Lily).\n")
        #expect(phone.run("memory", "add", "Our garden", "--for", "me").out == "Added the memory Our garden (for Sarah).\n")
        #expect(phone.run("memory", "add", "Birthday", "--date", "2020-05-01").code == 0)
        let listed = phone.run("memories").out.split(separator: "\n").map(String.init)
        #expect(listed.count == 4, "\(listed)")
        #expect(listed[0].hasPrefix("DAY"))
        #expect(listed[0].contains("FOR") && listed[0].contains("MEMORY") && listed[0].hasSuffix("ADDED BY"))
        #expect(listed[1].contains("Our garden") && listed[1].contains("Sarah"), "undated: placed by when it was added")
        #expect(listed[2].hasPrefix("1 May 2020") && listed[2].contains("Birthday"))
        #expect(listed[3].hasPrefix("2 Jun 2019") && listed[3].contains("Lily") && listed[3].contains("First steps"))
        let shown = phone.run("memory", "show", "first").out
        #expect(
            shown.hasPrefix(
                "First steps  2 Jun 2019 · for Lily\n  She let go of the sofa.\n  Three steps to Grandpa.\n  Added by Sarah, "))
        #expect(phone.run("memories", "--for", "lily").out.contains("First steps"))
        #expect(!phone.run("memories", "--for", "lily").out.contains("Birthday"))
        #expect(phone.run("memories", "--for", "sarah").out.contains("Our garden"))
        let nobody = phone.run("memories", "--for", "Bob")
        #expect(nobody.code == 4)
        #expect(nobody.err.hasPrefix("ours: no memory is for \"Bob\"\n"))
        #expect(nobody.err.contains("Memories are for: Lily, Sarah."))
    }

    @Test func jsonDocuments() throws {
        let phone = Phone()
        let added = try phone.json("memory", "add", "First steps", "--date", "2019-06-02", "--for", "Lily")
        #expect(added.code == 0)
        let id = try #require(added.value["id"]?.stringValue)
        #expect(added.value["name"] == "First steps")
        #expect(added.value["date"] == "2019-06-02")
        #expect(added.value["for"] == "Lily" && added.value["forName"] == "Lily")
        #expect(added.value["addedByName"] == "Sarah")
        #expect(added.value["addedAt"]?.stringValue.flatMap(UTCTime.parseISO8601) != nil)
        #expect(added.value["note"] == nil)
        let listed = try phone.json("memories")
        #expect(listed.value.arrayValue?.map { $0["id"] } == [.string(id)])
        #expect(try phone.json("memory", "show", id).value == added.value)
        let edited = try phone.json("memory", "edit", "first", "--note", "To Grandpa", "--for", "none")
        #expect(edited.value["outcome"] == "updated")
        #expect(edited.value["note"] == "To Grandpa" && edited.value["for"] == nil)
        #expect(try phone.json("memory", "edit", "first", "--note", "To Grandpa").value["outcome"] == "unchanged")
        let removed = try phone.json("memory", "rm", "first", "--yes")
        #expect(removed.value["deleted"] == true && removed.value["id"] == .string(id))
        #expect(try phone.json("memories").value == [])
    }

    @Test func editRemoveAndRestoreForPeople() throws {
        let phone = Phone()
        phone.run("memory", "add", "Sea", "--date", "2024-08-10")
        #expect(
            phone.run("memory", "edit", "sea", "--title", "Day at the sea", "--note", "Windy").out
                == "Updated the memory Day at the sea (10 Aug 2024).\n")
        #expect(phone.run("memory", "edit", "day", "--note", "Windy").out == "Day at the sea is already so.\n")
        let unasked = phone.run("memory", "rm", "day")
        #expect(unasked.code == 2, "a script must say --yes")
        #expect(unasked.err.contains("Delete the memory Day at the sea (10 Aug 2024)?"))
        #expect(unasked.err.contains("Add --yes to confirm"))
        #expect(phone.run("memories").out.contains("Day at the sea"), "nothing was deleted")
        let removed = phone.run("memory", "rm", "day", "--yes")
        #expect(removed.code == 0)
        #expect(removed.out.hasPrefix("Deleted the memory Day at the sea (10 Aug 2024); `ours restore memory "))
        #expect(phone.run("memories").out == "No memories yet. `ours memory add TITLE` adds one.\n")
        let deleted = phone.run("deleted", "--type", "memory").out
        #expect(deleted.contains("memory") && deleted.contains("Day at the sea (2024-08-10)"))
        #expect(phone.run("restore", "memory", "day at the sea").out == "Restored the memory Day at the sea (2024-08-10).\n")
        let back = try phone.json("memory", "show", "day")
        #expect(back.value["note"] == "Windy" && back.value["date"] == "2024-08-10")
    }

    @Test func badInputNamesTheValue() {
        let phone = Phone()
        let date = phone.run("memory", "add", "Sea", "--date", "June 2019")
        #expect(date.code == 2)
        #expect(date.err.hasPrefix("ours: --date \"June 2019\" is not a day\n"))
        #expect(phone.run("memory", "add", " ").err.hasPrefix("ours: the memory needs a title\n"))
        #expect(phone.run("memory", "add", "Sea", "--for", "").err.hasPrefix("ours: --for is empty"))
        let unknown = phone.run("memory", "show", "wedding")
        #expect(unknown.code == 4)
        #expect(
            unknown.err == "ours: no memory called \"wedding\"\n`ours memories` lists them; `ours memory add TITLE` adds one.\n")
        phone.run("memory", "add", "Birthday", "--date", "2023-05-01")
        phone.run("memory", "add", "Birthday", "--date", "2024-05-01")
        let ambiguous = phone.run("memory", "edit", "birthday", "--note", "cake")
        #expect(ambiguous.code == 2)
        #expect(
            ambiguous.err.hasPrefix("ours: \"birthday\" matches several memories: Birthday (2023-05-01), Birthday (2024-05-01)\n")
        )
        #expect(ambiguous.err.contains("Only the id tells them apart: "))
    }

    @Test func completionOffersTheTitlesOfMemories() {
        let phone = Phone()
        phone.run("memory", "add", "First steps")
        phone.run("memory", "add", "Day at the sea", "--date", "2024-08-10")
        #expect(phone.run("completion", "names", "memories").out == "First steps\nDay at the sea\n", "the latest first")
    }
}
