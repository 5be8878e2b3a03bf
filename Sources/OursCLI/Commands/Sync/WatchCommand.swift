import Dispatch
import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ours watch [--interval 1s] [--no-hints]`: keeps the household in sync until SIGINT or
/// SIGTERM, printing each change as it arrives (with `--json`, one JSON object per line).
/// Where the folder's file system notifies changes, it looks as soon as one is notified and
/// polls less often; `--no-hints` polls only.
///
/// A missing folder at start is not an error: the watcher says so once and waits for it,
/// as it does when the folder goes away later (a watcher started at login may well run
/// before the drive is mounted). Exit codes: 0 stopped by a signal, 1 another watcher holds
/// this household, 3 this device was removed or the household dissolved.
struct WatchCommand: OursCommand {
    static let interval: Option<DurationText?> = .duration(
        "interval", placeholder: "DURATION", help: "How often to look for changes, e.g. 1s or 500ms")
    static let noHints: Option<Bool> = .flag(
        "no-hints", help: "Poll only: ignore the system's change notifications (for folders they miss)")

    static let spec = Spec(
        "watch", summary: "Keep syncing until stopped, printing changes as they arrive",
        examples: ["ours watch --interval 5s", "ours watch --no-hints"], options: [interval, noHints])

    let interval: DurationText?
    let noHints: Bool

    init(interval: DurationText? = nil, noHints: Bool = false) {
        self.interval = interval
        self.noHints = noHints
    }

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(interval: values[interval], noHints: values[noHints])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let output: WatchOutput
        let watcher: Watcher
        do {
            let zone = try context.zone()
            try Self.requireShared(zone, device: context.device, action: "watch")
            let policy = WatchPolicy(interval: interval?.duration ?? .seconds(1), hints: !noHints)
            watcher = Watcher(household: zone, policy: policy)
            let progress = ProgressReport(context)
            watcher.onFirstPassProgress { step in progress.update(step) }
            output = WatchOutput(context: context, household: zone, policy: policy, progress: progress)
        } catch {
            return WatchOutput.report(error, context: context)
        }
        let signals = Locked(0)
        let trap = SignalTrap([SIGINT, SIGTERM]) { _ in
            let count = signals.withLock { count -> Int in
                count += 1
                return count
            }
            // The first signal lets the current pass finish; a second one leaves at once, which is
            // safe because every file is replaced atomically.
            if count == 1 { watcher.stop() } else { exit(Interruption.exitCode) }
        }
        defer { trap.cancel() }
        switch Self.runToEnd(watcher, output: output) {
        case .success(.stopped)?:
            output.stopped()
            return 0
        case .success(.ended)?:
            return OursError.Kind.notPermitted.exitCode
        case .failure(let error)?:
            return WatchOutput.report(error, context: context)
        case nil:
            return OursError.Kind.failed.exitCode
        }
    }

    /// Runs the watcher, printing its events, and waits for it to end; nil if it never said how.
    private static func runToEnd(_ watcher: Watcher, output: WatchOutput) -> Result<WatchEnd, OursError>? {
        let result = Locked<Result<WatchEnd, OursError>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            let printer = Task { for await event in watcher.events { output.show(event) } }
            let end: Result<WatchEnd, OursError>
            do throws(OursError) { end = .success(try await watcher.run()) } catch { end = .failure(error) }
            await printer.value
            result.withLock { $0 = end }
            finished.signal()
        }
        finished.wait()
        return result.current
    }

    /// Refuses private data, saying why (this device's membership ended, or it never had one).
    private static func requireShared(_ zone: Zone, device: Device, action: String) throws(OursError) {
        guard zone.isPrivate else { return }
        if let last = try device.memberships().filter({ $0.status != .active }).last {
            throw .notPermitted(
                LifecycleEvent(last.status).message(household: last.name) + " Nothing to \(action).",
                hint: "Join a household with `ours join CODE --folder PATH`, or create one.")
        }
        throw .notFound(
            "this device has no household to \(action)", hint: "Create one with `ours household create`, or join one.")
    }
}
