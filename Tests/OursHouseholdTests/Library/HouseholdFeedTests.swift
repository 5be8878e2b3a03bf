import Foundation
import OursSync
import Testing

@testable import OursHousehold

/// The typed change feed: what another device and this one change, by kind of record, with a
/// list's items as their own subject — on a real shared folder, with a polling watcher.
@Suite("Library: the household change feed")
struct HouseholdFeedTests {
    let world = SharedFolderWorld()

    /// Collects the feed's events; `next(where:)` waits for one that matches: at most 300 s, a guard against a hang that a whole test run on two loaded cores must never reach.
    actor Recorder {
        private(set) var events: [HouseholdEvent] = []
        private var waiting: (test: @Sendable (HouseholdEvent) -> Bool, resume: CheckedContinuation<HouseholdEvent?, Never>)?

        func record(_ event: HouseholdEvent) {
            events.append(event)
            if let waiting, waiting.test(event) {
                self.waiting = nil
                waiting.resume.resume(returning: event)
            }
        }

        func next(where test: @escaping @Sendable (HouseholdEvent) -> Bool) async -> HouseholdEvent? {
            if let found = events.first(where: test) {
                events.removeAll { $0 == found }
                return found
            }
            let timer = Task {
                try await Task.sleep(for: .seconds(300))
                self.giveUp()
            }
            defer { timer.cancel() }
            return await withCheckedContinuation { waiting = (test, $0) }
        }

        private func giveUp() {
            // What did come says why the awaited event did not.
            Issue.record("no matching event in 300 s; the events not taken: \(events)")
            waiting?.resume.resume(returning: nil)
            waiting = nil
        }
    }

    static func change(_ event: HouseholdEvent?) -> HouseholdChange? {
        if case .changed(let change)? = event { return change }
        return nil
    }

    @Test func anotherDevicesItemsArriveAsTheirListsChanges() async throws {
        let (sarahZone, mikeZone) = try world.couple()
        let sarah = Household(sarahZone)
        let mike = Household(mikeZone)
        let watcher = Watcher(household: mikeZone, policy: WatchPolicy(interval: .milliseconds(50), hints: false))
        let feed = HouseholdFeed(mike, watcher: watcher)
        let recorder = Recorder()
        let reading = Task { for await event in feed.events { await recorder.record(event) } }
        let running = Task { try await feed.run() }
        defer { feed.stop() }
        #expect(await recorder.next { if case .watch(.started) = $0 { true } else { false } } != nil)

        let groceries = try sarah.add(["Milk", "Eggs"]).list
        _ = try sarah.createList(named: "Hardware")
        let hardware = try sarah.add(["Nails"], to: "Hardware")
        let milk = try sarah.item(named: "milk").item
        let seen = await recorder.next { Self.change($0)?.subject == .items(listID: hardware.list.id) }
        #expect(Self.change(seen)?.records.map(\.key.id) == [hardware.items[0].item.id])
        #expect(Self.change(seen)?.origin == .folder)
        let groceryItems = await recorder.next { Self.change($0)?.subject == .items(listID: groceries.id) }
        let ids = Set(Self.change(groceryItems)?.ids ?? [])
        let onGroceries = try sarah.items(on: groceries).map(\.id)
        #expect(!ids.isEmpty && ids.isSubset(of: onGroceries), "\(ids)")
        #expect(Self.change(groceryItems)?.records.first?.by == "Sarah")

        _ = try mike.check(itemID: milk.id)
        let checked = await recorder.next {
            Self.change($0)?.origin == .local && Self.change($0)?.subject == .items(listID: groceries.id)
        }
        #expect(Self.change(checked)?.records.first?.fields.contains("checked") == true)

        _ = try sarah.remove(itemID: milk.id)
        let removed = await recorder.next {
            Self.change($0)?.origin == .folder && Self.change($0)?.records.first?.kind == .deleted
        }
        #expect(Self.change(removed)?.subject == .items(listID: groceries.id), "a deleted item's list, told by its id")

        _ = try sarah.addChore(named: "Water plants", every: Interval("3d")!)
        #expect(await recorder.next { Self.change($0)?.subject == .chores } != nil)

        feed.stop()
        #expect(try await running.value == .stopped)
        await reading.value  // the feed's events finish once it stops
    }

    @Test func aChangeSetIsGroupedBySubjectInTheOrderItChanged() throws {
        func change(_ type: String, _ id: String) throws -> RecordChange {
            RecordChange(key: try RecordKey(type: type, id: id), kind: .updated, by: "Mike", fields: ["name"])
        }
        let set = ChangeSet(
            origin: .folder,
            changes: [
                try change("item", "milk"), try change("recipe", "pancakes"), try change("item", "nails"),
                try change("item", "eggs"), try change("widget", "w1"),
            ], at: 1_741_946_400_000)
        let grouped = HouseholdFeed.group(set, lists: ["milk": "groceries", "eggs": "groceries", "nails": "hardware"])
        #expect(
            grouped.map(\.subject) == [.items(listID: "groceries"), .recipes, .items(listID: "hardware"), .other(type: "widget")])
        #expect(grouped[0].ids == ["milk", "eggs"])
        #expect(grouped[0].date == Date(timeIntervalSince1970: 1_741_946_400))
    }

    @Test func anItemThatCannotBeReadIsToldByItsIDAndTheOthersStillByTheirRecords() async throws {
        let (life, _) = try world.privateLife()
        let groceries = try life.add(["Milk"]).list
        _ = try life.createList(named: "Hardware")
        let nails = try life.add(["Nails"], to: "Hardware").items[0].item
        let milk = try life.item(named: "milk").item
        // Nails' record says Groceries, its id Hardware: only a read of the record tells Groceries.
        try life.zone.put(type: RecordTypes.item, id: nails.id, fields: ["list": .string(groceries.id)])
        // Milk's record, grown past what a record may hold (as an earlier version let it): reading it throws.
        let milkKey = try RecordKey(type: RecordTypes.item, id: milk.id)
        try Data(count: RecordFile.maximumSize + 1).write(to: URL(fileURLWithPath: life.zone.replica.path(of: milkKey)))
        #expect(throws: OursError.self) { try life.item(id: milk.id) }

        let changes = try [milk.id, nails.id].map {
            RecordChange(key: try RecordKey(type: RecordTypes.item, id: $0), kind: .updated, by: nil, fields: ["name"])
        }
        let lists = await HouseholdFeed.itemLists(changes, in: life)
        #expect(lists[nails.id] == groceries.id, "read from its record, though milk's read fails")
        #expect(lists[milk.id] == groceries.id, "told by its id")
    }

    @Test func aBatchTooBigToListAsksForAReload() async throws {
        let (life, _) = try world.privateLife()
        let counted = ChangeSet(origin: .folder, changes: [], unlisted: 2500, unlistedTypes: ["item", "recipe"], at: 0)
        #expect(await HouseholdFeed.translate(.changes(counted), in: life) == [.reload([.items(listID: nil), .recipes])])
        let behind = ChangeSet(origin: .folder, changes: [], unlisted: nil, at: 0)
        #expect(await HouseholdFeed.translate(.changes(behind), in: life) == [.reload([])])
        #expect(await HouseholdFeed.translate(.folderAvailable, in: life) == [.watch(.folderAvailable)])
    }
}
