import Foundation
import OursSync
import Testing

@testable import OursHousehold

/// Memories kept for someone: what a record holds, how hand edits read, names, edits, deletion
/// and restoring, and read-only members who only look.
@Suite struct MemoryTests {
    let world = SharedFolderWorld()
    static let utc = TimeZone(identifier: "UTC")!

    func record(_ life: Household, _ id: String) throws -> [String: JSONValue] {
        try #require(try life.zone.get(RecordKey(type: "memory", id: id))).values
    }

    @Test func aMemoryIsARecordWithItsTitleAsNameAndWhoAddedItWhen() throws {
        let (life, _) = try world.privateLife()
        let memory = try life.addMemory(
            "  First   steps ", note: "She let go of the sofa.\nThen she sat down.", date: "2019-06-02", for: "Lily")
        #expect(memory.title == "First steps")
        #expect(memory.id.count == 16, "a random id, as `record put` makes")
        #expect(RecordKey.isValidID(memory.id))
        let me = try life.zone.device.requireIdentity().participantID
        #expect(
            try record(life, memory.id) == [
                "name": "First steps", "note": "She let go of the sofa.\nThen she sat down.", "date": "2019-06-02",
                "for": "Lily", "addedAt": "2025-03-14T10:00:00.000Z", "addedBy": .string(me),
            ])
        #expect(try life.memory(id: memory.id) == memory)
        #expect(memory.addedDate == Date(timeIntervalSince1970: Double(SharedFolderWorld.friday) / 1000))
        // The same title again is another memory: a birthday comes every year.
        let again = try life.addMemory("First steps")
        #expect(again.id != memory.id)
        #expect(try record(life, again.id).keys.sorted() == ["addedAt", "addedBy", "name"], "nothing not given")
        #expect(try life.memories().count == 2)
    }

    @Test func handEditsAndMissingFieldsAreReadAsWellAsTheyCanBe() throws {
        let (life, _) = try world.privateLife()
        let put: [(String, [String: JSONValue?])] = [
            ("titled", ["title": "Written by another app", "date": "2020-01-05"]),
            ("bare", ["name": "Only a name"]),
            ("odd", ["name": "Odd values", "date": "June 2019", "note": 42, "for": ["Lily"], "addedAt": 7]),
            ("untitled", ["note": "no title, so no memory", "date": "2021-01-01"]),
            ("both", ["name": "Name wins", "title": "Title loses"]),
        ]
        for (id, fields) in put { try life.zone.put(type: "memory", id: id, fields: fields) }
        let memories = Dictionary(uniqueKeysWithValues: try life.memories().map { ($0.id, $0) })
        #expect(Set(memories.keys) == ["titled", "bare", "odd", "both"], "a record without a title is no memory")
        #expect(memories["titled"]?.title == "Written by another app")
        #expect(memories["titled"]?.date == CalendarDay("2020-01-05"))
        #expect(memories["bare"] == Memory(id: "bare", title: "Only a name"))
        let odd = try #require(memories["odd"])
        #expect(odd.date == nil && odd.note == nil && odd.recipient == nil && odd.addedAt == nil)
        #expect(memories["both"]?.title == "Name wins")
        // Editing a hand-edited memory writes only what is given.
        let (edited, outcome) = try life.editMemory("odd", .init(date: .set("2019-06-01")))
        #expect(outcome == .updated)
        #expect(edited.date == CalendarDay("2019-06-01"))
        #expect(try record(life, "odd")["note"] == 42, "what was not edited stays as it was")
    }

    @Test(arguments: [
        ("2019-06-02", "2019-06-02"), (" 2019-06-02 ", "2019-06-02"), ("today", "2025-03-14"), ("Yesterday", "2025-03-13"),
        ("fri", "2025-03-14"), ("saturday", "2025-03-08"), ("Mon", "2025-03-10"), ("thursday", "2025-03-13"),
    ])
    func daysAreReadAsPeopleTypeThemLookingBack(text: String, day: String) throws {
        let today = try #require(CalendarDay("2025-03-14"))  // a Friday
        #expect(try Memory.day(parsing: text, today: today) == CalendarDay(day))
    }

    @Test(arguments: ["June 2019", "2025-02-30", "tomorrow", "sa", ""])
    func whatIsNoDayIsRefusedNamingIt(text: String) throws {
        let today = try #require(CalendarDay("2025-03-14"))
        let error = OursError.caught { _ = try Memory.day(parsing: text, today: today) }
        #expect(error?.kind == .usage)
        #expect(error?.message == "--date \"\(text)\" is not a day")
        #expect(error?.hint?.contains("YYYY-MM-DD") == true)
    }

    @Test func editingChangesOnlyWhatIsGivenAndClearsWhatIsNone() throws {
        let (life, clock) = try world.privateLife()
        let memory = try life.addMemory("Sea", note: "Windy", date: "2024-08-10", for: "Lily")
        clock.advance(by: 60_000)
        let (edited, outcome) = try life.editMemory(
            "sea", .init(title: "Day at the sea", note: .clear, date: .set("yesterday"), recipient: .set("Sam")))
        #expect(outcome == .updated)
        #expect(edited.title == "Day at the sea" && edited.note == nil && edited.recipient == "Sam")
        #expect(edited.date == CalendarDay("2025-03-13"))
        #expect(edited.addedAt == memory.addedAt, "when it was added does not change")
        #expect(try record(life, memory.id)["note"] == nil)
        let same = try life.editMemory("day at", .init(title: "Day at the sea", note: .clear, recipient: .set("sam")))
        #expect(same.outcome == .updated, "another spelling of a name that is no member's is written as typed")
        #expect(try life.editMemory("day at", .init(recipient: .set("sam"))).outcome == .unchanged)
        #expect(try life.editMemory(memory.id, .init(recipient: .clear)).memory.recipient == nil)
        let empty = OursError.caught { _ = try life.editMemory("day", .init(title: "  ")) }
        #expect(empty?.kind == .usage && empty?.message == "the memory needs a title")
        let badDay = OursError.caught { _ = try life.editMemory("day", .init(date: .set("someday"))) }
        #expect(badDay?.message == "--date \"someday\" is not a day")
        #expect(OursError.caught { _ = try life.addMemory("Nobody", for: " ") }?.message.hasPrefix("--for is empty") == true)
    }

    @Test func namesIdsAndMemoriesOfOneTitleToldApart() throws {
        let (life, _) = try world.privateLife()
        let older = try life.addMemory("Birthday", date: "2023-05-01", for: "Lily")
        let newer = try life.addMemory("Birthday", date: "2024-05-01", for: "Lily")
        _ = try life.addMemory("First steps", date: "2019-06-02")
        let ambiguous = OursError.caught { _ = try life.memory(named: "birthday") }
        #expect(ambiguous?.kind == .usage)
        #expect(
            ambiguous?.message
                == "\"birthday\" matches several memories: Birthday (2023-05-01, for Lily), Birthday (2024-05-01, for Lily)")
        #expect(ambiguous?.hint == "Only the id tells them apart: \([older.id, newer.id].sorted().joined(separator: ", ")).")
        #expect(try life.memory(named: newer.id) == newer)
        #expect(try life.memory(named: "first").title == "First steps", "a unique beginning will do")
        #expect(try life.memory(named: "steps").title == "First steps", "so does a later word's")
        let unknown = OursError.caught { _ = try life.memory(named: "wedding") }
        #expect(unknown?.kind == .notFound)
        #expect(unknown?.message == "no memory called \"wedding\"")
        #expect(unknown?.hint == "`ours memories` lists them; `ours memory add TITLE` adds one.")
        // The latest first, by the day each happened.
        #expect(try life.memories().map(\.date?.description) == ["2024-05-01", "2023-05-01", "2019-06-02"])
    }

    @Test func anUndatedMemoryIsPlacedByTheDayItWasAdded() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.addMemory("Long ago", date: "1999-12-31")
        _ = try life.addMemory("Undated")
        clock.advance(by: 60_000)
        _ = try life.addMemory("Also undated, later")
        _ = try life.addMemory("Tomorrow's picnic", date: "2025-03-15")
        #expect(
            try life.memories().map(\.title) == ["Tomorrow's picnic", "Also undated, later", "Undated", "Long ago"])
    }

    @Test func deletedMemoriesAreListedAndComeBackWhole() throws {
        let (life, clock) = try world.privateLife()
        let memory = try life.addMemory("First steps", note: "To Grandpa", date: "2019-06-02", for: "Lily")
        clock.advance(by: 60_000)
        let removed = try life.removeMemory("first")
        #expect(removed == memory)
        #expect(try life.memories().isEmpty)
        #expect(OursError.caught { _ = try life.removeMemory("first") }?.kind == .notFound)
        let deleted = try #require(try life.deletedRecords(kind: .memory).first)
        #expect(deleted.record == RecordRef(kind: .memory, id: memory.id, name: "First steps", context: "2019-06-02"))
        #expect(deleted.json["type"] == "memory" && deleted.json["recordType"] == "memory")
        clock.advance(by: 60_000)
        let (restored, alongside) = try life.restore(.memory, "first steps")
        #expect(restored.record.id == memory.id && alongside.isEmpty)
        #expect(try life.memories() == [memory], "as it was: note, day, who it is for, who added it")
        #expect(RecordKind(word: "memories") == .memory && RecordKind.memory.plural == "memories")
    }

    @Test func whoAMemoryIsForIsAMemberIdOrANameAsTyped() throws {
        let (sarahZone, mikeZone) = try world.couple()
        let sarah = Household(sarahZone, timeZone: Self.utc)
        let mike = Household(mikeZone, timeZone: Self.utc)
        let mikeID = try mikeZone.device.requireIdentity().participantID
        let forMike = try sarah.addMemory("Fishing", for: "MIKE")
        #expect(forMike.recipient == mikeID, "a member is stored by participant id")
        #expect(try record(sarah, forMike.id)["forName"] == "Mike", "with their name, for wherever they are unknown")
        #expect(forMike.recipientName(among: []) == "Mike")
        #expect(try sarah.addMemory("Her garden", for: "me").recipient == sarahZone.device.requireIdentity().participantID)
        #expect(try sarah.addMemory("Zoo", for: "Lily").recipient == "Lily", "someone who is no member, as typed")
        #expect(try sarah.addMemory("Kite", for: "mi").recipient == "mi", "no beginnings: a name of its own")
        // Written before Mike was a member, or by hand: his name as text is his too.
        try sarahZone.put(type: "memory", id: "old-letter", fields: ["name": "Old letter", "for": "mike"])
        #expect(Set(try sarah.memories(for: "Mike").map(\.title)) == ["Fishing", "Old letter"])
        #expect(try sarah.memories(for: "lily").map(\.title) == ["Zoo"])
        #expect(try sarah.memories(for: mikeID).count == 2)
        try sarahZone.sync()
        try mikeZone.sync()
        #expect(Set(try mike.memories(for: "me").map(\.title)) == ["Fishing", "Old letter"])
        #expect(try mike.memories(for: "Sarah").map(\.title) == ["Her garden"])
        let nobody = OursError.caught { _ = try sarah.memories(for: "Bob") }
        #expect(nobody?.kind == .notFound)
        #expect(nobody?.message == "no memory is for \"Bob\"")
        #expect(nobody?.hint == "Memories are for: Lily, mi, Mike, Sarah.")
        let json = forMike.json(members: try sarah.members())
        #expect(json["for"] == .string(mikeID) && json["forName"] == "Mike" && json["name"] == "Fishing")
        #expect(json["addedByName"] == "Sarah")
    }

    @Test func aReadOnlyMemberSeesMemoriesAndCannotChangeThem() throws {
        let owner = try world.device("Grandma").createZone(name: "Grandparents", folder: world.shared)
        let grandma = Household(owner, timeZone: Self.utc)
        let code = try owner.invite(readOnly: true)
        let lilyZone = try world.device("Lily").join(code: code.code, folder: world.shared).zone
        let lily = Household(lilyZone, timeZone: Self.utc)
        _ = try grandma.addMemory("First steps", date: "2019-06-02", for: "Lily")
        try owner.sync()
        try lilyZone.sync()
        let seen = try lily.memories(for: "me")
        #expect(seen.map(\.title) == ["First steps"], "Lily is a member now: her name matches the text")
        for attempt in [
            { _ = try lily.addMemory("Mine") }, { _ = try lily.editMemory("first", .init(note: .set("hi"))) },
            { _ = try lily.removeMemory("first") },
        ] as [() throws -> Void] {
            let refused = OursError.caught(attempt)
            #expect(refused?.kind == .notPermitted)
            #expect(refused?.kind.exitCode == 3)
            #expect(refused?.message.contains("read-only access") == true, "\(refused?.message ?? "")")
            #expect(refused?.hint?.hasPrefix("Ask Grandma (the owner)") == true, "\(refused?.hint ?? "")")
        }
        #expect(try lily.memories().count == 1)
    }

    @Test func changedMemoriesAreOneSubjectInTheFeed() throws {
        func change(_ type: String, _ id: String, _ kind: RecordChange.Kind) throws -> RecordChange {
            RecordChange(key: try RecordKey(type: type, id: id), kind: kind, by: "Grandma", fields: ["note"])
        }
        let set = ChangeSet(
            origin: .folder,
            changes: [
                try change("memory", "m1", .inserted), try change("task", "t1", .updated), try change("memory", "m2", .deleted),
            ],
            at: SharedFolderWorld.friday)
        let grouped = HouseholdFeed.group(set, lists: [:])
        #expect(grouped.map(\.subject) == [.memories, .tasks])
        #expect(grouped[0].ids == ["m1", "m2"])
        #expect(grouped[0].records.map(\.kind) == [.inserted, .deleted])
    }
}
