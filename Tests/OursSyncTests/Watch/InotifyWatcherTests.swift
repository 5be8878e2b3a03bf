#if canImport(Glibc)
    import Foundation
    import Testing

    @testable import OursSync

    /// The watcher with the system's hints (inotify) on real temporary folders. The poll comes
    /// once a minute on a clock that never moves unless the test says, so whatever arrives was
    /// brought by a hint; deadlines on the real clock are generous.
    @Suite("Watcher: inotify hints on real folders")
    struct InotifyWatcherTests {
        let world = SharedFolderWorld()
        /// Hints bring passes at once; the poll would take a minute of the test's clock.
        let policy = WatchPolicy(interval: .seconds(60), hintDelay: .zero)

        func start(_ mike: Zone, clock: TestClock) async throws -> (Watcher, EventRecorder, Task<WatchEnd, any Error>) {
            let watcher = Watcher(household: mike, policy: policy, clock: clock)
            let recorder = EventRecorder(watcher.events)
            let run = TestThreads.task { try await watcher.run() }
            try await clock.waitForSleep(of: .seconds(60))
            #expect(recorder.events.first?.startedMode == .hints(source: "inotify"))
            return (watcher, recorder, run)
        }

        @Test func changesFromAnotherDeviceAndAnotherProcessArriveWithoutAPoll() async throws {
            try await TestThreads.run {
                let (sarah, mike) = try world.couple()
                let clock = TestClock()
                let (watcher, recorder, run) = try await start(mike, clock: clock)

                let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
                try await recorder.wait { $0.changes.contains { $0.change.key == milk && $0.origin == .folder } }
                let eggs = try world.otherProcess(of: mike).put(type: "item", id: "eggs", fields: ["name": "Eggs"])
                let events = try await recorder.wait { $0.changes.contains { $0.change.key == eggs } }
                #expect(events.changes.first { $0.change.key == eggs }?.origin == .local, "still told as this device's own")
                #expect(clock.now.offset == .zero, "no poll came: hints brought both")
                #expect(watcher.passCounts.hinted >= 2)
                watcher.stop()
                #expect(try await run.value == .stopped)
            }
        }

        @Test func theWatchersOwnWriteBackDoesNotStartAnotherPass() async throws {
            try await TestThreads.run {
                let (sarah, mike) = try world.couple()
                let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
                let clock = TestClock()
                let (watcher, recorder, run) = try await start(mike, clock: clock)
                let before = watcher.passCounts

                // Removing a file is a hint; the pass it brings writes the file back, which
                // raises hints of its own, judged stale right after the pass.
                let path = mike.layout!.path(of: milk)
                try FileManager.default.removeItem(atPath: path)
                try await recorder.wait { $0.problems.contains { $0.kind == .restoredFile } }
                try await clock.waitForSleep(of: .seconds(60))
                #expect(FileManager.default.fileExists(atPath: path))
                #expect(watcher.passCounts == Watcher.PassCounts(all: before.all + 1, hinted: 1), "one pass, not two")
                watcher.stop()
                _ = try await run.value
            }
        }

        @Test func hintsStartWhenAFolderThatWasMissingComesBack() async throws {
            try await TestThreads.run {
                let (sarah, mike) = try world.couple()
                try world.unmount()
                let clock = TestClock()
                let watcher = Watcher(household: mike, policy: WatchPolicy(hintDelay: .zero), clock: clock)
                let recorder = EventRecorder(watcher.events)
                let run = TestThreads.task { try await watcher.run() }
                try await recorder.wait { $0.folderOutages == 1 }
                #expect(recorder.events.first?.startedMode?.isHints == false)
                #expect(
                    recorder.events.first
                        == .started(.poll(PollReason(.folderUnavailable, "the household's folder is not there to watch"))))

                try world.remount()
                while !recorder.events.contains(.modeChanged(.hints(source: "inotify"))) { try await clock.wakeSleeper() }
                try await clock.waitForSleep(of: .seconds(5))
                let offset = clock.now.offset
                let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
                try await recorder.wait { $0.changes.contains { $0.change.key == milk } }
                #expect(clock.now.offset == offset, "brought by a hint")
                watcher.stop()
                _ = try await run.value
            }
        }

        @Test func aFolderOnANetworkFileSystemIsPolledAsBefore() async throws {
            try await TestThreads.run {
                let (sarah, mike) = try world.couple()
                let clock = TestClock()
                let nfs = HintProvider.system(fileSystemKind: { _ in FileSystemKind(magic: 0x6969) })
                let watcher = Watcher(household: mike, policy: WatchPolicy(), clock: clock, hints: nfs)
                let recorder = EventRecorder(watcher.events)
                let run = TestThreads.task { try await watcher.run() }
                try await clock.waitForSleep(of: .seconds(1))
                guard case .poll(let reason)? = recorder.events.first?.startedMode else {
                    Issue.record("not polling: \(recorder.events)")
                    return
                }
                #expect(reason.kind == .fileSystem)
                #expect(reason.message.contains("nfs"), "\(reason.message)")

                let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
                try await clock.wakeSleeper()
                try await recorder.wait { $0.changes.contains { $0.change.key == milk } }
                #expect(clock.now.offset == .seconds(1), "found by the next poll, a second later")
                #expect(clock.requestedSleeps.allSatisfy { $0 == .seconds(1) })
                #expect(watcher.passCounts.hinted == 0)
                watcher.stop()
                _ = try await run.value
            }
        }
    }
#endif
