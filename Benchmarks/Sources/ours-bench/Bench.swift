import Foundation
import OursSync

/// Runs the benchmarks in order and collects the table. Each benchmark is in its own file
/// (`Bench+Join.swift`, …).
@MainActor
final class Bench {
    let options: Options
    let world: World
    var report = Report()

    init(options: Options, world: World) {
        self.options = options
        self.world = world
    }

    var size: String { grouped(options.size) }

    func runAll() async {
        let selected = options.only
        do {
            let needsMike: Set<Options.Benchmark> = [.idle, .burst, .propagation, .memory, .reading]
            if selected.contains(.join) {
                try join()
            } else if !selected.isDisjoint(with: needsMike) {
                progress("Mike joins (untimed)")
                _ = try world.b.join(code: try world.invite(), folder: world.shared)
            }
            if selected.contains(.idle) || selected.contains(.burst) { try await stepped() }
            if selected.contains(.propagation) { try await propagation() }
            if selected.contains(.memory) { try memory() }
            if selected.contains(.reading) { try reading() }
            if selected.contains(.command) { try command() }
        } catch {
            report.fail("\(error)")
        }
    }

    /// `ours` with `arguments` as the device at `home`, to its end.
    func ours(_ arguments: [String], home: String) throws -> Child.Exit {
        try Child.run(options.ours, arguments, environment: world.environment(home: home))
    }

    /// `ours` with `arguments` as the device at `home`, to its end, started by a launcher so
    /// that its peak memory is its own (see `Launcher`).
    func oursMeasured(_ arguments: [String], home: String) throws -> Launcher.Measured {
        try Launcher.run(options.ours, arguments, environment: world.environment(home: home))
    }

    /// The absolute path of a tool on `PATH` (so no shell or `env` is timed with it).
    func tool(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = joinPath(String(directory), name)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw BenchError("\(name) is not installed (Debian: apt-get install \(name))")
    }
}

/// Prints what the harness is doing, on standard error, so the table on standard output stays clean.
func progress(_ message: String) {
    FileHandle.standardError.write(Data(("· " + message + "\n").utf8))
}

/// Everything a watcher published, with when each event arrived.
final class Feed: Sendable {
    private let received = Locked<[(event: WatchEvent, at: ContinuousClock.Instant)]>([])

    init(_ watcher: Watcher) {
        let received = self.received
        Task.detached {
            for await event in watcher.events {
                let at = ContinuousClock.now
                received.withLock { $0.append((event, at)) }
            }
        }
    }

    /// How many events have arrived: a mark to wait for later ones.
    var count: Int { received.withLock { $0.count } }

    var events: [(event: WatchEvent, at: ContinuousClock.Instant)] { received.current }

    /// Waits for an event after `mark` that `matches` (given every event after `mark` so far, it
    /// returns when the awaited state was reached, or `nil`).
    func wait(
        after mark: Int, timeout: Duration,
        until matches: ([(event: WatchEvent, at: ContinuousClock.Instant)]) -> ContinuousClock.Instant?
    ) async throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + timeout
        while true {
            let fresh = received.withLock { Array($0.dropFirst(mark)) }
            if let at = matches(fresh) { return at }
            if ContinuousClock.now > deadline { throw BenchError("timed out after \(timeout.shown) waiting for the watcher") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Waits until changes to `key`, merged from the folder, have arrived.
    func waitForChange(of key: RecordKey, after mark: Int, timeout: Duration) async throws -> ContinuousClock.Instant {
        try await wait(after: mark, timeout: timeout) { events in
            events.first { event, _ in
                guard case .changes(let set) = event, set.origin == .folder else { return false }
                return set.changes.contains { $0.key == key }
            }?.at
        }
    }

    /// Waits until changes merged from the folder add up to `total` records.
    func waitForFolderChanges(total: Int, after mark: Int, timeout: Duration) async throws -> ContinuousClock.Instant {
        try await wait(after: mark, timeout: timeout) { events in
            var seen = 0
            for (event, at) in events {
                guard case .changes(let set) = event, set.origin == .folder else { continue }
                seen += set.changes.count + (set.unlisted ?? 0)
                if seen >= total { return at }
            }
            return nil
        }
    }

    /// The record changes published after `mark`, of any origin.
    func changeCount(after mark: Int) -> Int {
        received.withLock { events in
            events.dropFirst(mark).reduce(0) { count, event in
                guard case .changes(let set) = event.event else { return count }
                return count + set.changes.count + (set.unlisted ?? 0)
            }
        }
    }
}
