import Foundation
import Testing

@testable import OursSync

/// A hint source the test drives: it posts only the hints the test gives it (so a test can
/// drop one, or flood the watcher), and fails when told to.
final class ManualHints: HintSource {
    let name = "manual"
    let inbox: HintInbox
    private let state = Locked(State())

    private struct State {
        var watched: Set<String> = []
        var failure: HintsUnavailable?
        var stopped = false
    }

    init(inbox: HintInbox) { self.inbox = inbox }

    func watch(_ folders: [String]) -> HintsUnavailable? {
        state.withLock { state in
            if let failure = state.failure { return failure }
            state.watched.formUnion(folders)
            return nil
        }
    }

    func collect() {}

    func stop() { state.withLock { $0.stopped = true } }

    var watched: Set<String> { state.current.watched }
    var isStopped: Bool { state.current.stopped }

    /// The next `watch(_:)` fails, as a watch limit reached does.
    func failNextWatch(_ failure: HintsUnavailable) { state.withLock { $0.failure = failure } }

    /// What the operating system would post for a record's file being replaced.
    func post(_ key: RecordKey) {
        let relative = "records/" + ZoneLayout.relativePath(of: key)
        inbox.post([ChangeHint(folder: parentPath(relative), name: lastComponent(relative))])
    }
}

/// Hands a test the `ManualHints` a watcher opened.
final class ManualHintsProvider: Sendable {
    private let opened = Locked<ManualHints?>(nil)

    var provider: HintProvider {
        HintProvider { [opened] _, inbox in
            let source = ManualHints(inbox: inbox)
            opened.withLock { $0 = source }
            return .success(source)
        }
    }

    var wasOpened: Bool { opened.current != nil }

    /// The source, once the watcher has opened it.
    var source: ManualHints {
        get throws { try #require(opened.current, "the watcher opened no hint source") }
    }
}

extension WatchEvent {
    /// The mode of a `started` event.
    var startedMode: WatchMode? { if case .started(let mode) = self { mode } else { nil } }

    var changedMode: WatchMode? { if case .modeChanged(let mode) = self { mode } else { nil } }
}

extension Watcher {
    /// Waits (in real time, generously) until the watcher has made `count` passes in all.
    func waitForPasses(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while passCounts.all < count {
            if ContinuousClock.now > deadline {
                Issue.record("only \(passCounts.all) of \(count) passes within a minute", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

extension TestClock {
    /// Waits (in real time, generously) until the watcher asks to sleep for `duration`.
    func waitForSleep(of duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while requestedSleeps.last != duration || !hasSleeper {
            if ContinuousClock.now > deadline {
                Issue.record(
                    "no sleep of \(duration) within a minute; asked for \(requestedSleeps)", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Real folders for hint sources: a household's folder with `records/` and a shard folder.
struct HintFolders {
    let temp = TemporaryDirectory("hints")
    var root: String { temp.sub("household") }

    init() throws {
        try FileManager.default.createDirectory(atPath: temp.sub("household/records/item/3f"), withIntermediateDirectories: true)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    func write(_ relative: String, _ text: String = "{}") throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(relative)))
    }
}

extension HintInbox {
    /// Waits (in real time, generously) until a take holds what `wanted` asks for; returns
    /// everything taken meanwhile.
    @discardableResult
    func waitFor(
        sourceLocation: SourceLocation = #_sourceLocation, _ wanted: @escaping (Batch) -> Bool
    ) async throws -> Batch {
        var all = Batch()
        let deadline = ContinuousClock.now + .seconds(30)
        while !wanted(all) {
            if ContinuousClock.now > deadline {
                Issue.record("the awaited hints never came; got \(all)", sourceLocation: sourceLocation)
                return all
            }
            try await Task.sleep(for: .milliseconds(5))
            let batch = take()
            all.hints.formUnion(batch.hints)
            all.overflowed = all.overflowed || batch.overflowed
            all.failure = all.failure ?? batch.failure
        }
        return all
    }
}
