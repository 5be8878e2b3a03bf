import Dispatch
import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Commands {
    /// `ours watch [--interval 1s]`: keeps the household in sync until SIGINT or SIGTERM,
    /// printing each change as it arrives (with `--json`, one JSON object per line).
    ///
    /// A missing folder at start is not an error: the watcher says so once and waits for it,
    /// as it does when the folder goes away later (a watcher started at login may well run
    /// before the drive is mounted). Exit codes: 0 stopped by a signal, 1 another watcher holds
    /// this household, 3 this device was removed or the household dissolved.
    func watch(interval: DurationText?) throws(OursError) -> Int32 {
        let output: WatchOutput
        let watcher: Watcher
        do {
            let household = try context.household()
            try Commands.requireShared(household, device: device, action: "watch")
            let policy = WatchPolicy(interval: interval?.duration ?? .seconds(1))
            watcher = Watcher(household: household, policy: policy)
            output = WatchOutput(context: context, household: household, policy: policy)
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
            if count == 1 { watcher.stop() } else { exit(130) }
        }
        defer { trap.cancel() }

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
        switch result.current {
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

    /// Refuses private data, saying why (this device's membership ended, or it never had one).
    static func requireShared(_ household: Zone, device: Device, action: String) throws(OursError) {
        guard household.isPrivate else { return }
        if let last = try device.memberships().filter({ $0.status != .active }).last {
            throw .notPermitted(
                LifecycleEvent(last.status).message(household: last.name) + " Nothing to \(action).",
                hint: "Join a household with `ours join CODE --folder PATH`, or create one.")
        }
        throw .usage("this device has no household to \(action)", hint: "Create one with `ours household create`, or join one.")
    }
}

/// Turns signals into a call while a long command runs, through Dispatch rather than a C
/// handler, so the call may take locks and talk to tasks.
final class SignalTrap {
    private let numbers: [Int32]
    private var sources: [any DispatchSourceSignal] = []

    init(_ numbers: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.numbers = numbers
        for number in numbers {
            signal(number, SIG_IGN)  // else the default action ends the process before Dispatch sees it
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in numbers { signal(number, SIG_DFL) }
        sources = []
    }
}
