import Foundation
import OursTestSupport
import Testing

/// A person edits a record file in place while `ours watch` runs on the same device, and then
/// changes the same record with a command: the watcher must merge the edit, never write over
/// bytes it has not read.
@Suite("Nothing lost: a hand edit beside a watcher", .tags(.slow), .fullLoopOnly)
struct OrdinaryUseHandEditTests {
    /// Issue "Nothing lost, nothing split", case 1: an edit in place (same inode, so the folder's
    /// times do not move and a quick pass trusts the index) followed two seconds later by a
    /// write on the watcher's device was overwritten within seconds, with no conflict and no
    /// problem reported.
    @Test(arguments: ["record put", "check"])
    func aHandEditInPlaceIsMergedWhenTheWatchersDeviceWritesTheSameRecord(_ command: String) throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        let added = try sarah.ok("add", "Milk", "--qty", "2", "--json").object
        let id = try #require((added["items"] as? [[String: Any]])?.first?["id"] as? String)
        try mike.ok("sync")

        let watch = try RunningOurs(sarah, "watch", "--json", "--interval", "200ms")
        watch.waitForObject { $0["event"] as? String == "watching" }
        // A change from Mike that the watcher reports: it has read the folder, milk included.
        try mike.ok("add", "Bread")
        watch.waitForObject { $0["event"] as? String == "change" && ($0["id"] as? String)?.hasPrefix("bread") == true }

        let path = world.recordPath(type: "item", id: id)
        world.editInPlace(path, #""qty": "2""#, with: #""qty": "3""#)
        Thread.sleep(forTimeInterval: 2)  // about ten quick passes, none of which looks at the file
        if command == "check" {
            try sarah.ok("check", "milk")
        } else {
            try sarah.ok("record", "put", "item", id, "--fields", #"{"note": "from app"}"#)
        }
        watch.waitForObject {
            $0["event"] as? String == "change" && $0["origin"] as? String == "local" && $0["id"] as? String == id
        }
        Thread.sleep(forTimeInterval: 4)  // twenty more passes: what the watcher does with the change
        #expect(watch.signal(SIGTERM) == 0, "\(watch.errorOutput)")

        try sarah.ok("sync")
        try mike.ok("sync")
        for device in [sarah, mike] {
            let item = try device.get("item", id)
            let kept = try device.conflicts().contains {
                $0["recordId"] as? String == id && $0["field"] as? String == "qty" && $0["value"] as? String == "3"
            }
            #expect(item["qty"] as? String == "3" || kept, "\(device.name): the hand edit is gone: \(item)")
            if command == "check" {
                #expect(item["checked"] as? Bool == true, "\(device.name): \(item)")
            } else {
                #expect(item["note"] as? String == "from app", "\(device.name): \(item)")
            }
        }
        let file = world.object(path)
        #expect(
            file["qty"] as? String == "3" || world.text(path).contains(#""value": "3""#),
            "the folder's file: \(world.text(path))")
    }
}
