import Testing

@testable import OursSync

@Suite("Change journal: appended by every process, tailed by the watcher")
struct ChangeJournalTests {
    let fileSystem = InMemoryFileSystem()
    /// Small segments, so rotations come quickly.
    var journal: ChangeJournal { ChangeJournal(fileSystem: fileSystem, directory: "/home/replicas/h", segmentLimit: 4096) }

    func change(_ id: String, _ kind: RecordChange.Kind = .inserted) -> RecordChange {
        RecordChange(key: try! RecordKey(type: "item", id: id), kind: kind, by: "Sarah", fields: ["name"])
    }

    func listed(_ batch: JournalTail.Batch) -> [String] {
        batch.entries.compactMap { entry in
            if case .change(let change, _) = entry.content { change.key.id } else { nil }
        }
    }

    @Test func theTailStartsAtTheEndAndReadsEachLineOnce() throws {
        try journal.append([change("old")], origin: .folder, device: nil, at: 1)
        var tail = JournalTail(journal: journal)
        #expect(tail.read().entries.isEmpty, "what was there before the watcher started is not news")
        try journal.append([change("a"), change("b")], origin: .folder, device: nil, at: 2)
        try journal.append([change("c", .updated)], origin: .local, device: DeviceID("k3j9x2qf"), at: 3)
        let batch = tail.read()
        #expect(listed(batch) == ["a", "b", "c"])
        #expect(batch.entries.last?.origin == .local)
        #expect(batch.entries.last?.content == .change(change("c", .updated), device: DeviceID("k3j9x2qf")))
        #expect(!batch.gap)
        #expect(tail.read().entries.isEmpty)
    }

    @Test func aJournalCreatedLaterIsReadFromItsStart() throws {
        var tail = JournalTail(journal: journal)
        try journal.append([change("a")], origin: .local, device: nil, at: 1)
        #expect(listed(tail.read()) == ["a"])
    }

    @Test func aTornLastLineWaitsAndAGarbledOneIsSkipped() throws {
        try journal.append([change("a")], origin: .folder, device: nil, at: 1)
        var tail = JournalTail(journal: journal)
        try fileSystem.append(journal.currentPath, Array("{\"kind\":\"garbage\"}\n{\"at\":".utf8))
        #expect(tail.read().entries.isEmpty)
        try fileSystem.append(journal.currentPath, Array("\"x\"}\n".utf8))
        try journal.append([change("b")], origin: .folder, device: nil, at: 2)
        #expect(listed(tail.read()) == ["b"])
    }

    @Test func rotationKeepsTheJournalBoundedAndTheTailFollowsIt() throws {
        var tail = JournalTail(journal: journal)
        var expected: [String] = []
        var read: [String] = []
        for round in 0..<40 {
            let batch = (0..<10).map { change("r\(round)-\($0)") }
            try journal.append(batch, origin: .folder, device: nil, at: Int64(round))
            expected += batch.map(\.key.id)
            let got = tail.read()
            let gap = got.gap
            #expect(!gap)
            read += listed(got)
        }
        #expect(read == expected, "every line, across rotations, once")
        let size = try #require(try fileSystem.stat(journal.currentPath)).size
        #expect(size <= 4096)
        #expect(try fileSystem.stat(journal.previousPath) != nil)
    }

    @Test func aTailThatFellTwoSegmentsBehindReportsAGap() throws {
        try journal.append([change("start")], origin: .folder, device: nil, at: 0)
        var tail = JournalTail(journal: journal)
        for round in 0..<40 {
            try journal.append((0..<10).map { change("r\(round)-\($0)") }, origin: .folder, device: nil, at: 1)
        }
        let gap = tail.read().gap
        #expect(gap, "the lines of a whole segment are lost; the watcher says so")
    }

    @Test func aBatchTooLargeToListIsCounted() throws {
        var tail = JournalTail(journal: journal)
        let many = (0..<5_000).map { change("m\($0)") }
        try journal.append(many, origin: .local, device: nil, at: 1)
        let batch = tail.read()
        #expect(batch.entries.map(\.content) == [.unlisted(count: 5_000, types: ["item"])])
        let size = try #require(try fileSystem.stat(journal.currentPath)).size
        #expect(size < 1_000)
    }
}
