import Foundation
import Testing

/// `ours watch` as people and scripts run it: a separate process printing JSON Lines.
@Suite("End to end: ours watch")
struct WatchTests {
    @Test func aChangeFromAnotherDeviceAppearsAsAJSONLineAndSIGTERMStopsCleanly() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let watch = try RunningOurs(mike, "watch", "--json", "--interval", "100ms")
        let started = watch.waitForObject { $0["event"] as? String == "watching" }
        #expect((started?["household"] as? [String: Any])?["name"] as? String == "Home")

        try sarah.ok("record", "put", "item", "bread", "--fields", #"{"name": "Bread", "qty": 2}"#)
        let change = watch.waitForObject { $0["event"] as? String == "change" && $0["id"] as? String == "bread" }
        #expect(change?["type"] as? String == "item")
        #expect(change?["kind"] as? String == "inserted")
        #expect(change?["by"] as? String == "Sarah")
        #expect(change?["origin"] as? String == "folder")
        #expect(change?["fields"] as? [String] == ["name", "qty"])

        // A one-shot command on the watcher's own device, in another process.
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"qty": 3}"#)
        let local = watch.waitForObject { $0["event"] as? String == "change" && $0["origin"] as? String == "local" }
        #expect(local?["id"] as? String == "milk")
        #expect(local?["by"] as? String == "Mike")
        #expect(try sarah.run("sync").exitCode == 0)
        #expect(try sarah.get("item", "milk")["qty"] as? Int == 3, "the one-shot write reached the folder")

        // Only one watcher per household and device.
        let second = try mike.run("watch", "--json")
        #expect(second.exitCode == 1, "\(second)")
        #expect(second.stderr.contains("already running"), "\(second)")
        let refusal = second.stdout.split(separator: "\n").first.map { String($0) } ?? ""
        #expect(
            (try? JSONSerialization.jsonObject(with: Data(refusal.utf8))) as? [String: Any] != nil, "one JSON line: \(refusal)")

        #expect(watch.signal(SIGTERM) == 0, "\(watch.errorOutput)")
        #expect(watch.objects.last?["event"] as? String == "stopped")
        #expect(
            watch.output.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any] },
            "JSON Lines only")
    }

    @Test func peopleSeeOneReadableLinePerChangeAndCtrlCStops() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let watch = try RunningOurs(mike, "watch", "--interval", "100ms")
        waitForLine(watch) { $0.hasPrefix("Watching Home") }
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"qty": 5}"#)
        let line = waitForLine(watch) { $0.contains("(qty)") }
        #expect(line?.hasSuffix(#"Sarah updated item "Milk" (qty)"#) == true, "by its name, not its id: \(line ?? "")")
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Oat milk"}"#)
        let named = waitForLine(watch) { $0.contains("(name)") }
        #expect(named?.hasSuffix(#"Sarah updated item "Oat milk" (name)"#) == true, "by its name: \(named ?? "")")
        #expect(line?.prefix(8).allSatisfy { $0.isNumber || $0 == ":" } == true, "starts with the time: \(line ?? "")")
        #expect(watch.signal(SIGINT) == 0, "\(watch.errorOutput)")
    }

    @Test func aRemovedMemberSWatcherSaysSoAndExitsThree() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let watch = try RunningOurs(mike, "watch", "--json", "--interval", "100ms")
        watch.waitForObject { $0["event"] as? String == "watching" }
        try sarah.ok("members", "remove", "Mike", "--yes")
        let ended = watch.waitForObject { $0["event"] as? String == "ended" }
        #expect(ended?["lifecycle"] as? String == "removed")
        #expect(watch.waitForExit() == 3)
    }

    @discardableResult
    func waitForLine(
        _ watch: RunningOurs, sourceLocation: SourceLocation = #_sourceLocation, _ matches: (String) -> Bool
    ) -> String? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let line = watch.output.first(where: matches) { return line }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record(
            "no matching line; got:\n\(watch.output.joined(separator: "\n"))\n\(watch.errorOutput)",
            sourceLocation: sourceLocation)
        return nil
    }
}
