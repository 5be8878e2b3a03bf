#if canImport(Glibc)
    import Foundation
    import Glibc
    import Testing

    @testable import OursSync

    /// Linux's inotify as a hint source, on real temporary folders (deadlines are generous: the
    /// kernel queues events at once, but the machine may be busy).
    @Suite("Change hints: inotify")
    struct InotifyHintsTests {
        func open(_ folders: HintFolders, inbox: HintInbox, reading: Bool = true) throws -> InotifyHints {
            let hints = try InotifyHints.open(root: folders.root, inbox: inbox, reading: reading).get()
            #expect(hints.watch(["records/item", "records/item/3f"]) == nil)
            return hints
        }

        @Test func writesRenamesAndRemovalsInAShardFolderAreHinted() async throws {
            let folders = try HintFolders()
            let inbox = HintInbox()
            let hints = try open(folders, inbox: inbox)
            defer { hints.stop() }

            try folders.write("records/item/3f/.ours-abc.tmp", "{\"name\": \"Milk\"}")
            try FileManager.default.moveItem(
                atPath: folders.path("records/item/3f/.ours-abc.tmp"), toPath: folders.path("records/item/3f/milk.json"))
            try folders.write("records/item/3f/eggs.json")
            try folders.write("records/item/3f/.DS_Store")
            try FileManager.default.removeItem(atPath: folders.path("records/item/3f/eggs.json"))
            try folders.write("zone.json")
            let batch = try await inbox.waitFor { $0.hints.count >= 3 }
            #expect(
                batch.hints
                    == [
                        ChangeHint(folder: "records/item/3f", name: "milk.json"),
                        ChangeHint(folder: "records/item/3f", name: "eggs.json"),
                        ChangeHint(folder: "", name: "zone.json"),
                    ], "hidden and temporary names are dropped")
        }

        @Test func anInPlaceWriteIsHinted() async throws {
            let folders = try HintFolders()
            try folders.write("records/item/3f/milk.json")
            let inbox = HintInbox()
            let hints = try open(folders, inbox: inbox)
            defer { hints.stop() }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folders.path("records/item/3f/milk.json")))
            try handle.write(contentsOf: Data("{\"qty\": 2}".utf8))
            try handle.close()
            try await inbox.waitFor { $0.hints.contains(ChangeHint(folder: "records/item/3f", name: "milk.json")) }
        }

        @Test func newFoldersAreWatchedAsTheyAppearButNotDeeperThanShards() async throws {
            let folders = try HintFolders()
            let inbox = HintInbox()
            let hints = try open(folders, inbox: inbox)
            defer { hints.stop() }
            let before = hints.watchCount

            try FileManager.default.createDirectory(atPath: folders.path("records/task"), withIntermediateDirectories: false)
            try await inbox.waitFor { $0.hints.contains(ChangeHint(folder: "records", name: "task")) }
            #expect(hints.isWatching("records/task"))
            try FileManager.default.createDirectory(atPath: folders.path("records/task/0a"), withIntermediateDirectories: false)
            try await inbox.waitFor { _ in hints.isWatching("records/task/0a") }
            try folders.write("records/task/0a/dishes.json")
            try await inbox.waitFor { $0.hints.contains(ChangeHint(folder: "records/task/0a", name: "dishes.json")) }

            try FileManager.default.createDirectory(
                atPath: folders.path("records/task/0a/deeper"), withIntermediateDirectories: false)
            try await inbox.waitFor { $0.hints.contains(ChangeHint(folder: "records/task/0a", name: "deeper")) }
            #expect(!hints.isWatching("records/task/0a/deeper"), "not the engine's: the poll looks there")
            #expect(hints.watchCount == before + 2)
            #expect(InotifyHints.isWatchable("") && InotifyHints.isWatchable("records/item/3f"))
            #expect(!InotifyHints.isWatchable("codes") && !InotifyHints.isWatchable("records/.stversions"))
        }

        @Test func aRemovedFolderIsHintedAndItsWatchForgotten() async throws {
            let folders = try HintFolders()
            let inbox = HintInbox()
            let hints = try open(folders, inbox: inbox)
            defer { hints.stop() }
            try FileManager.default.removeItem(atPath: folders.path("records/item/3f"))
            try await inbox.waitFor { $0.hints.contains(ChangeHint(folder: "records/item/3f", name: nil)) }
            try await inbox.waitFor { _ in !hints.isWatching("records/item/3f") }
            // Back again: offered again (as the watcher does after its next pass), it is watched.
            try FileManager.default.createDirectory(atPath: folders.path("records/item/3f"), withIntermediateDirectories: false)
            #expect(hints.watch(["records/item/3f"]) == nil)
            #expect(hints.isWatching("records/item/3f"))
        }

        @Test func aFullQueueIsAnOverflow() throws {
            let limit =
                (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16_384
            try #require(limit <= 1_000_000, "max_queued_events is \(limit): too many events to fill the queue")
            let folders = try HintFolders()
            try folders.write("records/item/3f/milk.json")
            try folders.write("records/item/3f/eggs.json")
            let inbox = HintInbox()
            let hints = try open(folders, inbox: inbox, reading: false)  // nobody reads: the queue fills
            defer { hints.stop() }
            // One IN_ATTRIB each, alternating between two files: the kernel merges an event
            // only with an identical one just before it.
            let paths = [folders.path("records/item/3f/milk.json"), folders.path("records/item/3f/eggs.json")]
            var failed = 0
            for number in 0..<(limit + 100) where chmod(paths[number % 2], number % 4 < 2 ? 0o644 : 0o600) != 0 {
                failed += 1
            }
            #expect(failed == 0)
            hints.collect()
            let batch = inbox.take()
            #expect(batch.overflowed)
            #expect(batch.hints.isEmpty, "after an overflow, hints say nothing: everything is looked at")
        }

        @Test func reachingTheWatchLimitIsAFailureThatSaysWhich() throws {
            let folders = try HintFolders()
            let limited: InotifyHints.AddWatch = { fd, path, mask in
                path.hasSuffix("/3f") ? -ENOSPC : InotifyHints.systemAddWatch(fd, path, mask)
            }
            let hints = try InotifyHints.open(root: folders.root, inbox: HintInbox(), addWatch: limited).get()
            let failure = hints.watch(["records/item", "records/item/3f"])
            #expect(failure?.kind == .failed)
            #expect(failure?.message.contains("fs.inotify.max_user_watches") == true, "\(String(describing: failure))")
            #expect(hints.watch(["records/item/3f"]) == nil, "stopped: it watches nothing more")
            #expect(!hints.isWatching("records/item/3f"))
        }

        @Test func aMissingFolderCannotBeWatched() {
            let temp = TemporaryDirectory("hints")
            let result = InotifyHints.open(root: temp.path + "/gone", inbox: HintInbox())
            #expect(throws: HintsUnavailable.self) { try result.get() }
            if case .failure(let unavailable) = result { #expect(unavailable.kind == .folderUnavailable) }
        }
    }
#endif
