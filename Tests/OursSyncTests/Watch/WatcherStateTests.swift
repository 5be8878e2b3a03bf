import Foundation
import Testing

@testable import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a running watcher leaves in the state directory: the problems `ours status` shows,
/// and its process id, written under the device lock like everything else there.
@Suite("Watcher: status while it runs, and its process id")
struct WatcherStateTests {
    let world = SharedFolderWorld()
    let time = ManualTime()

    /// A named pipe and a broken file in folders nothing else changes in: every quick pass
    /// reuses those folders, and `ours status` still shows both problems; once the pipe is
    /// gone, its folder is listed again and its problem goes.
    @Test func quickPassesKeepTheProblemsOfFoldersTheyDidNotList() throws {
        let (sarah, mike) = try world.couple()
        let eggs = try sarah.put(type: "item", id: "eggs", fields: ["name": "Eggs"])
        let folder = world.zone(of: mike) + "/records/item/00"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/pipe.json", 0o644) == 0)
        try Data("{\"name\": ".utf8).write(to: URL(fileURLWithPath: mike.layout!.path(of: eggs)))  // broken, long ago
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: mike.layout!.path(of: eggs))

        var watch = WatchSession(household: mike, policy: WatchPolicy(), now: time.now)
        _ = watch.poll()  // the first sweep lists everything
        time.advance(.seconds(3))
        _ = watch.poll()  // the broken file was touched just now: reported once it settles
        func shown() throws -> Set<String> {
            Set(try mike.status().problems.map { "\($0.kind.rawValue) \(lastComponent($0.path ?? ""))" })
        }
        let both: Set<String> = ["unreadableFile pipe.json", "brokenFile eggs.json"]
        #expect(try shown() == both, "\((try? shown()) ?? [])")
        for _ in 0..<5 {
            time.advance(.seconds(1))
            _ = watch.poll()  // quick passes: neither folder changed
            #expect(try shown() == both, "\((try? shown()) ?? [])")
        }

        try FileManager.default.removeItem(atPath: folder + "/pipe.json")
        time.advance(.seconds(1))
        _ = watch.poll()
        #expect(try shown() == ["brokenFile eggs.json"], "the listed folder reports afresh")
    }

    /// The process id goes in under the device lock: a sweep removing leftover temporary files
    /// never cuts its write short.
    @Test func theProcessIDIsWrittenUnderTheDeviceLock() throws {
        let (_, mike) = try world.couple()
        let other = try world.otherProcess(of: mike)
        let locked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread {
            try? other.device.withLock { () throws(OursError) in
                locked.signal()
                release.wait()
            }
        }.start()
        locked.wait()
        let acquired = DispatchSemaphore(value: 0)
        let holder = Locked<(any FileLock)?>(nil)
        Thread {
            holder.withLock { $0 = try? WatcherLock.acquire(for: mike) }
            acquired.signal()
        }.start()
        let pidPath = WatcherLock.ownerPath(for: mike)
        #expect(acquired.wait(timeout: .now() + 0.3) == .timedOut, "it waits for the device lock")
        #expect(!FileManager.default.fileExists(atPath: pidPath))
        release.signal()
        acquired.wait()
        let pid = String(decoding: FileManager.default.contents(atPath: pidPath) ?? Data(), as: UTF8.self)
        #expect(pid == "\(getpid())\n")
        if let lock = holder.withLock({ $0 }) { WatcherLock.release(lock, for: mike) }
        #expect(!FileManager.default.fileExists(atPath: pidPath))
    }
}
