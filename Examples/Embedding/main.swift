// A small live shopping list embedding OursSync and OursHousehold the way an app would: two
// devices (two state directories) share a household through one folder. Sarah's phone adds,
// ticks off and removes items; Mike's tablet follows the household's change feed and prints
// what happened to its lists as it arrives. Exits 0 once the feed delivered everything, 1 if
// it did not within 60 seconds (a loaded machine is slow; it takes about 3 s).
//
//   swift run embedding-example
import Foundation
import OursHousehold
import OursSync

/// What Sarah does, and what Mike's feed must show for each: the item and how it changed.
let script: [(action: String, item: String, kind: RecordChange.Kind)] = [
    ("add", "Milk", .inserted), ("add", "Eggs", .inserted), ("add", "Bread", .inserted),
    ("check", "Milk", .updated), ("remove", "Bread", .deleted),
]

let base = FileManager.default.temporaryDirectory.appendingPathComponent("ours-shopping-\(UUID().uuidString.prefix(6))")
defer { try? FileManager.default.removeItem(at: base) }

do {
    let shared = base.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    // Each device is a state directory; an app uses its own container.
    let phone = Device(home: base.appendingPathComponent("phone"))
    let tablet = Device(home: base.appendingPathComponent("tablet"))
    _ = try phone.initialize(name: "Sarah", email: nil)
    _ = try tablet.initialize(name: "Mike", email: nil)
    let sarah = Household(try phone.createZone(name: "Home", folder: shared))
    let code = try sarah.zone.invite(readOnly: false)
    let mike = Household(try tablet.join(code: code.code, folder: shared).zone)

    // Mike's screen: the feed, and what it has shown so far.
    let feed = HouseholdFeed(mike, watcher: Watcher(household: mike.zone, policy: WatchPolicy(interval: .milliseconds(200))))
    let shown = ShownChanges(expected: script.count)
    let screen = Task { await show(feed, in: mike, into: shown) }
    let watching = Task { try await feed.run() }

    // Sarah's phone, one change at a time, as a person would.
    var ids: [String: String] = [:]
    for step in script {
        try await Task.sleep(for: .milliseconds(300))
        switch step.action {
        case "add": ids[step.item] = try await sarah.perform { try $0.add([step.item]).items[0].item.id }
        case "check": _ = try await sarah.perform { [ids] in try $0.check(itemID: ids[step.item]!) }
        default: _ = try await sarah.perform { [ids] in try $0.remove(itemID: ids[step.item]!) }
        }
        print("Sarah's phone: \(step.action) \(step.item)")
    }

    let delivered = await shown.waitForAll(timeout: .seconds(60))
    feed.stop()
    _ = try await watching.value
    await screen.value
    let names = try await mike.perform { try $0.items(on: $0.list(named: nil)) }
    print("Mike's Groceries: " + names.map { ($0.checked ? "[x] " : "[ ] ") + $0.name }.joined(separator: ", "))
    let seen = await shown.seen
    let missing = script.filter { step in !seen.contains { $0.name == step.item && $0.kind == step.kind } }
    guard delivered, missing.isEmpty else {
        fail("the change feed did not deliver: " + missing.map { "\($0.item) \($0.kind.rawValue)" }.joined(separator: ", "))
    }
    print("The feed delivered all \(script.count) changes.")
} catch {
    fail("\(error)")
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("embedding-example: \(message)\n".utf8))
    exit(1)
}

/// Prints each change to an item on a list as Mike's tablet receives it.
func show(_ feed: HouseholdFeed, in household: Household, into shown: ShownChanges) async {
    for await event in feed.events {
        guard case .changed(let change) = event, case .items(let listID?) = change.subject, change.origin == .folder else {
            continue
        }
        let list = (try? await household.perform { try $0.list(id: listID)?.name }) ?? listID
        for record in change.records {
            let id = record.key.id
            // A deleted item's name is gone from its record; this screen remembers what it showed.
            let known = await shown.name(of: id)
            let name = try? await household.perform { try $0.item(id: id)?.name }
            let label = name.flatMap { $0 } ?? known ?? id
            print("Mike's tablet: \(list): \(label) \(record.kind.rawValue) by \(record.by ?? "someone")" + fields(record))
            await shown.add(id: id, name: label, kind: record.kind)
        }
    }
}

/// ` (checked, checkedAt)`: the fields that changed, without the item's history entries.
func fields(_ record: RecordChange) -> String {
    let shown = record.fields.filter { !$0.hasPrefix("log.") }
    return shown.isEmpty ? "" : " (\(shown.joined(separator: ", ")))"
}

/// What the tablet has shown, and a wait for all of it.
actor ShownChanges {
    let expected: Int
    private(set) var seen: [(name: String, kind: RecordChange.Kind)] = []
    private var names: [String: String] = [:]

    init(expected: Int) { self.expected = expected }

    func name(of id: String) -> String? { names[id] }

    func add(id: String, name: String, kind: RecordChange.Kind) {
        names[id] = name
        seen.append((name, kind))
    }

    /// Whether `expected` changes were shown before `timeout`.
    func waitForAll(timeout: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while seen.count < expected, clock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        return seen.count >= expected
    }
}
