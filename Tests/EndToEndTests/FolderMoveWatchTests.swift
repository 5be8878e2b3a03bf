import Foundation
import OursTestSupport
import Testing

/// A household folder that moves while `ours watch` runs on the device, followed with
/// `ours household folder PATH` in another process: the running watcher follows it, and no
/// change made meanwhile, on either side, is lost.
@Suite("End to end: a watched folder that moves", .tags(.slow), .fullLoopOnly)
struct FolderMoveWatchTests {
    @Test func aRunningWatcherFollowsTheFolderToItsNewPlaceAndNothingIsLost() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let watch = try RunningOurs(mike, "watch", "--json", "--interval", "100ms")
        watch.waitForObject { $0["event"] as? String == "watching" }

        let moved = world.root + "/moved/Ours"
        try FileManager.default.createDirectory(atPath: world.root + "/moved", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: world.shared, toPath: moved)
        watch.waitForObject { $0["event"] as? String == "folderUnavailable" }
        // Mike writes while his folder is away: the change waits on his device.
        try mike.ok("record", "put", "item", "eggs", "--fields", #"{"name": "Eggs"}"#)

        let followed = try mike.run("household", "folder", moved, "--json")
        #expect(followed.exitCode == 0 && followed.object["moved"] as? Bool == true, "\(followed)")
        watch.waitForObject { $0["event"] as? String == "folderAvailable" }
        try sarah.ok("household", "folder", moved)
        try sarah.ok("record", "put", "item", "bread", "--fields", #"{"name": "Bread"}"#)
        let change = watch.waitForObject { $0["event"] as? String == "change" && $0["id"] as? String == "bread" }
        #expect(change?["by"] as? String == "Sarah", "the watcher reads the folder at its new place")

        // What Mike wrote while the folder was away reached it, through the watcher or the command.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try? sarah.run("sync").exitCode) == 0, try sarah.get("item", "eggs")["name"] == nil {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(try sarah.get("item", "eggs")["name"] as? String == "Eggs")
        #expect(try mike.get("item", "bread")["name"] as? String == "Bread")
        #expect(!FileManager.default.fileExists(atPath: world.shared), "nothing was written at the old place")
        #expect(watch.signal(SIGTERM) == 0, "\(watch.errorOutput)")
    }
}
